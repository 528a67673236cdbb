import Testing
@testable import QuestlogCore
import TestSupport

/// What a plan works out from the files and the folder. It tells the files the last build did
/// not list and the listed files no longer made from the two sorted lists walked side by side, as
/// sets of paths would tell them.
@Suite struct OutputPlanTests {
    /// The folders of a list of paths are every folder of every path, however the list is ordered.
    @Test func foldersAreEveryFolderOfEveryPath() {
        var random = SplitMix64(seed: 0xF01D)
        let names = ["a", "b", "a/b", "a/b/c", "é", "é/b", "x/y", "a/c"]
        for _ in 0..<50 {
            let paths = (0..<Int(random.next() % 30)).map { _ in names[Int(random.next() % UInt64(names.count))] + "/f\(random.next() % 4).html" }
            var expected: Set<String> = []
            for path in paths { path.forEachPathFolder { expected.insert($0).inserted || true } }
            #expect(OutputPlan.folders(of: paths) == expected.sorted { $0.utf8Precedes($1) })
            #expect(OutputPlan.folders(of: paths.sortedByUTF8()) == expected.sorted { $0.utf8Precedes($1) })
        }
        #expect(OutputPlan.folders(of: ["a.html", "b.html"]).isEmpty)
    }

    static func plan(files: [String], listed: [String]?) -> OutputPlan {
        let manifest = listed.map { OutputManifest(paths: $0) }
        return OutputPlan(destination: OutputDestination(exists: true, rootNames: [], manifest: manifest, manifestBytes: manifest?.bytes),
                          files: files.map { OutputPlan.Item(path: $0, content: .unchanged) })
    }

    @Test func unlistedAndStalePathsAreAsSetsTellThem() {
        var random = SplitMix64(seed: 42)
        let names = ["a.html", "a/b.html", "a-b.html", "B.html", "b/c.html", "é.html", "e\u{301}.html", "z/z/z.html", "index.html", "x.css"]
        for round in 0..<500 {
            // Any subsets, the files in any order and one of them given twice at times.
            let listed = names.filter { _ in random.next() % 2 == 0 }
            var files = names.filter { _ in random.next() % 3 != 0 }
            if let first = files.first, round % 4 == 0 { files.append(first) }
            files.shuffle(using: &random)
            let plan = Self.plan(files: files, listed: round % 10 == 9 ? nil : listed)
            let known = round % 10 == 9 ? [] : listed
            // Told by their bytes: a set of strings takes the two spellings of é for one.
            let producedBytes = Set(files.map { Array($0.utf8) }), listedBytes = Set(known.map { Array($0.utf8) })
            let unlisted = Set(files.map { Array($0.utf8) }.filter { !listedBytes.contains($0) }).map { String(decoding: $0, as: UTF8.self) }
            #expect(plan.unlisted.map { Array($0.utf8) } == unlisted.sortedByUTF8().map { Array($0.utf8) }, "\(files) \(known)")
            #expect(plan.stale.map { Array($0.utf8) } == known.filter { !producedBytes.contains(Array($0.utf8)) }.sortedByUTF8().map { Array($0.utf8) },
                    "\(files) \(known)")
            for name in names {
                #expect(plan.isListed(name) == listedBytes.contains(Array(name.utf8)), "\(name) in \(known)")
            }
        }
    }

    @Test func pathsAreComparedByTheirBytes() {
        // Two spellings of one name (composed and decomposed) are two paths.
        let plan = Self.plan(files: ["é.html"], listed: ["e\u{301}.html"])
        #expect(plan.unlisted == ["é.html"])
        #expect(plan.stale == ["e\u{301}.html"])
        #expect(!plan.isListed("é.html"))
    }
}
