import Foundation
@testable import QuestlogCore
import Testing

/// Writes a site from a dictionary of paths and contents into a temporary folder.
struct TestSite {
    let root: String

    init(_ files: [String: String]) {
        root = NSTemporaryDirectory() + "questlog-site-" + UUID().uuidString
        for (path, contents) in files {
            let full = root + "/" + path
            try! FileManager.default.createDirectory(atPath: (full as NSString).deletingLastPathComponent,
                                                     withIntermediateDirectories: true)
            try! contents.write(toFile: full, atomically: false, encoding: .utf8)
        }
    }

    func resolve(jobs: Int = 2) -> (site: Site, diagnostics: DiagnosticList) {
        Resolver(jobs: jobs).resolve(SiteLoader(root: root, jobs: jobs).load())
    }

    func resolve(_ options: ResolveOptions) -> (site: Site, diagnostics: DiagnosticList) {
        Resolver(options: options).resolve(SiteLoader(root: root, jobs: options.jobs).load())
    }

    func remove() {
        try? FileManager.default.removeItem(atPath: root)
    }
}

extension TestSite {
    /// A copy of a fixture site folder, to build or break freely.
    init(copying folder: String) {
        root = NSTemporaryDirectory() + "questlog-site-" + UUID().uuidString
        try! FileManager.default.copyItem(atPath: folder, toPath: root)
    }

    /// Gives every file of the site the modification time `date`.
    func setModificationDates(to date: Date) throws {
        guard let walker = FileManager.default.enumerator(atPath: root) else { return }
        for case let path as String in walker {
            try FileManager.default.setAttributes([.modificationDate: date], ofItemAtPath: root + "/" + path)
        }
    }

    /// The repository's root, found from this file's path.
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().path

    /// Builds the site into `output` (default: a fresh folder inside the site).
    func build(output: String? = nil, jobs: Int = 2, strict: Bool = false, includeDrafts: Bool = false) -> BuildResult {
        SiteBuild(options: BuildOptions(site: root, output: output ?? root + "/Output", jobs: jobs, strict: strict,
                                        includeDrafts: includeDrafts)).run()
    }

    /// Builds the site into `output` (default: a fresh folder inside the site), reusing nothing
    /// with `clean`, expecting no error; the timings of its stage called `stage`, nil when it had none.
    func build(timing stage: String, output: String? = nil, clean: Bool = false) -> BuildTimings.Stage? {
        var options = BuildOptions(site: root, output: output ?? root + "/Output")
        options.clean = clean
        let timings = BuildTimings()
        #expect(!SiteBuild(options: options).run(timings: timings).diagnostics.hasErrors)
        return timings.stages.first { $0.name == stage }
    }

    /// Flips one bit in the middle of the file at `path`, as damage on disk would.
    static func damage(_ path: String) throws {
        var bytes = try #require(FileManager.default.contents(atPath: path).map { Array($0) })
        bytes[bytes.count / 2] ^= 1
        FileManager.default.createFile(atPath: path, contents: Data(bytes))
    }

    /// A page of the last build, as text ("" when it is missing).
    func page(_ path: String, output: String? = nil) -> String {
        (try? String(contentsOfFile: (output ?? root + "/Output") + "/" + path, encoding: .utf8)) ?? ""
    }

    /// Every file under `folder` (relative path → bytes), hidden files included.
    static func tree(_ folder: String) -> [String: [UInt8]] {
        var files: [String: [UInt8]] = [:]
        guard let walker = FileManager.default.enumerator(atPath: folder) else { return files }
        for case let path as String in walker {
            var isDirectory: ObjCBool = false
            _ = FileManager.default.fileExists(atPath: folder + "/" + path, isDirectory: &isDirectory)
            if !isDirectory.boolValue, let data = FileManager.default.contents(atPath: folder + "/" + path) {
                files[path] = [UInt8](data)
            }
        }
        return files
    }

    /// Records under `label` each way the files in `output` (its manifest aside) differ from
    /// `files`, as a clean build made them in memory; returns those files by path.
    @discardableResult
    static func expectOutput(_ output: String, equals files: [OutputFile], _ label: String) -> [String: [UInt8]] {
        var made = tree(output)
        made[OutputManifest.fileName] = nil
        let expected = Dictionary(uniqueKeysWithValues: files.map { ($0.path, $0.bytes) })
        #expect(made.keys.sorted() == expected.keys.sorted(), "\(label)")
        for (path, bytes) in expected where made[path] != bytes {
            Issue.record("\(label): \(path) differs from a clean build")
        }
        return expected
    }

    func write(_ path: String, _ contents: String) {
        let full = root + "/" + path
        try! FileManager.default.createDirectory(atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try! contents.write(toFile: full, atomically: false, encoding: .utf8)
    }
}
