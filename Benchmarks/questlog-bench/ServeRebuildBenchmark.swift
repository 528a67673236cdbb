import Foundation
import QuestlogCore

/// `questlog-bench serve-rebuild SITE [EDITS]`: what `serve` does on a save, without the server:
/// the site is rendered once with a memo kept, then one entry's file is saved EDITS times (default
/// 21), in turn with a line added to its notes, with its `merchant:` value flipped and with its
/// name changed (all of which `serve` patches when nothing else goes by the names), each save handed to
/// `renderServed` with the path saved, and the entry's page made. Prints the median time of each
/// kind of save. The site's first NPC file
/// is edited in place and put back at the end.
enum ServeRebuildBenchmark {
    static func run(site: String, edits: Int) throws {
        let folder = site + "/Content/world/npcs"
        guard let name = try FileManager.default.contentsOfDirectory(atPath: folder).filter({ $0.hasSuffix(".md") }).sorted().first else {
            throw BenchmarkFailure(message: "no NPC file under \(folder)")
        }
        let relative = "Content/world/npcs/" + name
        let path = site + "/" + relative
        let original = try Data(contentsOf: URL(fileURLWithPath: path))
        defer { try? original.write(to: URL(fileURLWithPath: path)) }
        let build = SiteBuild(options: BuildOptions(site: site, output: site + "/Output", jobs: ProcessInfo.processInfo.activeProcessorCount))
        let memo = BuildMemo(loads: LoadMemo(), served: ServedMemo())
        let first = build.renderServed(memo: memo)
        guard first.pages != nil else { throw BenchmarkFailure(message: "the site has errors:\n\(first.diagnostics.formattedText())") }
        let page = "world/npcs/" + name.dropLast(3) + ".html"
        var notes: [Double] = [], values: [Double] = [], names: [Double] = []
        for edit in 0..<edits {
            var text = try String(contentsOfFile: path, encoding: .utf8)
            switch edit % 3 {
            case 0: text += "\nEdited \(edit).\n"
            case 1:
                text = text.contains("merchant: false") ? text.replacingOccurrences(of: "merchant: false", with: "merchant: true")
                    : text.replacingOccurrences(of: "merchant: true", with: "merchant: false")
            default:
                text = text.replacingOccurrences(of: #"(?m)^name: .*$"#, with: "name: \"Renamed \(edit)\"", options: .regularExpression)
            }
            try text.write(toFile: path, atomically: true, encoding: .utf8)
            let start = DispatchTime.now().uptimeNanoseconds
            let served = build.renderServed(memo: memo, changed: [relative])
            guard let pages = served.pages, case .success = pages.page(at: page) else {
                throw BenchmarkFailure(message: "the save gave no page \(page):\n\(served.diagnostics.formattedText())")
            }
            let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
            switch edit % 3 {
            case 0: notes.append(seconds)
            case 1: values.append(seconds)
            default: names.append(seconds)
            }
        }
        func median(_ values: [Double]) -> Double { values.isEmpty ? 0 : values.sorted()[values.count / 2] }
        print(String(format: "serve-rebuild: median of %d saves each: notes %.1f ms, a value %.1f ms, name %.1f ms",
                     names.count, median(notes) * 1000, median(values) * 1000, median(names) * 1000))
    }
}
