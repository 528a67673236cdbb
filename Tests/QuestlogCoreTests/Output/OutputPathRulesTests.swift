import Foundation
import Testing
import TestSupport
@testable import QuestlogCore

@Suite struct OutputPathRulesTests {
    @Test(arguments: [
        ("", "the path is empty"),
        ("/etc/passwd", "it is absolute"),
        ("a//b.html", "empty component"),
        ("a/", "empty component"),
        ("../escape.html", "'..' component"),
        ("a/../../b.html", "'..' component"),
        ("./a.html", "'.' component"),
        ("a\u{0}b.html", "control character"),
        ("a\nb.html", "control character"),
        ("a\\b.html", "backslash"),
        (String(repeating: "x", count: 256), "longer than 255 bytes"),
        (".git/config", "'.git'"),
        (".GIT/hooks/pre-commit", "'.git'"),
        (".questlog-manifest", "reserved for Questlog"),
        ("a/.questlog-tmp-1-2", "reserved for Questlog"),
    ])
    func rejectsUnsafePaths(path: String, reason: String) {
        let errors = OutputPathRules.problems(in: [.text(path)])
        #expect(errors.count == 1)
        #expect(errors.first?.kind == .invalidPath)
        #expect(errors.first?.message.contains(reason) == true, "\(errors)")
        #expect(errors.first?.path == path)
    }

    @Test func acceptsOrdinaryPaths() {
        let files: [OutputFile] = [
            .text("index.html"), .text("elden-ring/npcs/white-mask-varre.html"), .text(".nojekyll"),
            .text("assets/search/shard-0.js"), .text("exports/Élden Ring.csv"), .text("a.b/c..d.html"),
            .text(String(repeating: "x", count: 255)),
        ]
        #expect(OutputPathRules.problems(in: files).isEmpty)
    }

    @Test func quotesControlCharactersInMessages() {
        let errors = OutputPathRules.problems(in: [.text("a\nb")])
        #expect(errors.first?.message == "invalid output path 'a\\u{a}b': it contains a control character")
    }

    @Test func reportsDuplicatesOnce() {
        let errors = OutputPathRules.problems(in: [.text("a.html"), .text("b.html"), .text("a.html"), .text("a.html")])
        #expect(errors == [OutputError(.duplicatePath, "the output path 'a.html' is produced twice", path: "a.html")])
    }

    @Test func reportsAPathUsedAsFileAndFolder() {
        let errors = OutputPathRules.problems(in: [.text("npcs"), .text("npcs/varre.html"), .text("npcs/boc.html")])
        #expect(errors == [OutputError(.fileFolderConflict,
                                       "the output path 'npcs' is both a file and a folder (of 'npcs/boc.html')",
                                       path: "npcs")])
    }

    @Test func reportsFilesDifferingOnlyInCase() {
        let errors = OutputPathRules.problems(in: [.text("Index.html"), .text("index.html")])
        #expect(errors.map(\.kind) == [.caseCollision])
        #expect(errors.first?.message.contains("'Index.html' and 'index.html' differ only in case") == true)
    }

    @Test func reportsFoldersDifferingOnlyInCase() {
        let errors = OutputPathRules.problems(in: [.text("Assets/site.css"), .text("assets/site.js")])
        #expect(errors.map(\.kind) == [.caseCollision])
        #expect(errors.first?.path == "assets")
    }

    @Test func reportsNamesDifferingOnlyInUnicodeNormalization() {
        let composed = "caf\u{E9}.html", decomposed = "cafe\u{301}.html"
        let errors = OutputPathRules.problems(in: [.text(composed), .text(decomposed)])
        #expect(errors.map(\.kind) == [.caseCollision])
        let folderErrors = OutputPathRules.problems(in: [.text("caf\u{E9}/a.html"), .text("cafe\u{301}/b.html")])
        #expect(folderErrors.map(\.kind) == [.caseCollision])
    }

    @Test func reportsEveryProblemOfAList() {
        let errors = OutputPathRules.problems(in: [.text("/abs"), .text("x.html"), .text("X.html"), .text("x.html")])
        #expect(errors.map(\.kind) == [.invalidPath, .duplicatePath, .caseCollision])
    }

    /// The rules as first written, on the UTF-8 view: what the checks in place must say of any path.
    static func reference(_ path: String) -> String? {
        let bytes = path.utf8
        let slash = UInt8(ascii: "/"), dot = UInt8(ascii: ".")
        if bytes.isEmpty { return "the path is empty" }
        if bytes.first == slash { return "it is absolute; output paths are relative to the output folder" }
        if bytes.contains(where: { $0 < 0x20 || $0 == 0x7F }) { return "it contains a control character" }
        if bytes.contains(UInt8(ascii: "\\")) { return "it contains a backslash; separate folders with '/'" }
        for (index, name) in bytes.split(separator: slash, omittingEmptySubsequences: false).enumerated() {
            if name.isEmpty { return "it has an empty component ('//' or a '/' at an end)" }
            if name.count > OutputPathRules.maximumNameLength { return "a name in it is longer than \(OutputPathRules.maximumNameLength) bytes" }
            guard name.first == dot else { continue }
            if name.count <= 2 && name.allSatisfy({ $0 == dot }) { return "it has a '\(String(Substring(name)))' component" }
            let lowercased = String(Substring(name)).lowercased()
            if lowercased.hasPrefix(".questlog-") { return "names starting with '.questlog-' are reserved for Questlog" }
            if index == 0 && lowercased == ".git" { return "'.git' belongs to version control and is never written" }
        }
        return nil
    }

    @Test func everyPathIsJudgedAsTheRulesSay() {
        var paths = ["", "/", "a", "a/", "/a", "a//b", ".", "..", "a/./b", "a/../b", "...", ".git", "a/.git", ".GIT", ".Questlog-x", "a/.questlog-tmp",
                     "a\\b", "a\u{7F}b", "a\nb", "\u{1}/\\", "\\/\u{1}", "é/.Ǵit", "龍/x.html", String(repeating: "n", count: 255),
                     String(repeating: "n", count: 256), "a/" + String(repeating: "é", count: 128), ".well-known/x", "bigstring/that/is/long.html"]
        var random = SplitMix64(seed: 0x9A7)
        let pieces = ["a", "/", ".", "..", "\\", "\u{1}", "\u{7F}", "é", ".git", ".questlog-", "Q", "龍", "x.html", "/"]
        for _ in 0..<5_000 {
            paths.append((0..<Int(random.next() % 6)).map { _ in pieces[Int(random.next() % UInt64(pieces.count))] }.joined())
        }
        for path in paths {
            #expect(OutputPathRules.problem(with: path) == Self.reference(path), "\(path.debugDescription)")
        }
    }

    /// `problems(inPaths:)` as first written, every folder of every path looked at (cut at '/'
    /// bytes): what the list check, which skips the folders of a path in the last one's folder,
    /// must find of any list.
    static func referenceProblems(_ all: [String]) -> [OutputError] {
        var errors: [OutputError] = []
        var paths: [String] = []
        for path in all {
            if let problem = OutputPathRules.problem(with: path) {
                errors.append(OutputError(.invalidPath, "invalid output path \(OutputPathRules.quoted(path)): \(problem)", path: path))
            } else {
                paths.append(path)
            }
        }
        paths.sort { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        var unique: [String] = []
        for path in paths {
            if let last = unique.last, last.utf8.elementsEqual(path.utf8) {
                if errors.last?.kind != .duplicatePath || errors.last?.path != path {
                    errors.append(OutputError(.duplicatePath, "the output path \(OutputPathRules.quoted(path)) is produced twice", path: path))
                }
            } else {
                unique.append(path)
            }
        }
        let files = Set(unique)
        var folders: [String: String] = [:]
        var spellings: [String: String] = [:]
        var collided: Set<String> = []
        func note(_ path: String) {
            let key = path.lowercased()
            guard let first = spellings[key] else { spellings[key] = path; return }
            guard !first.utf8.elementsEqual(path.utf8), collided.insert(key).inserted else { return }
            errors.append(OutputError(.caseCollision,
                                      "the output paths \(OutputPathRules.quoted(first)) and \(OutputPathRules.quoted(path)) differ only in case or Unicode normalization; they would be one file on macOS and Windows",
                                      path: path))
        }
        for path in unique {
            let bytes = Array(path.utf8)
            for (at, byte) in bytes.enumerated() where byte == UInt8(ascii: "/") {
                let folder = String(decoding: bytes[..<at], as: UTF8.self)
                if let seen = folders[folder], seen.utf8.elementsEqual(folder.utf8) { continue }
                folders[folder] = folder
                if files.contains(folder) {
                    errors.append(OutputError(.fileFolderConflict,
                                              "the output path \(OutputPathRules.quoted(folder)) is both a file and a folder (of \(OutputPathRules.quoted(path)))",
                                              path: folder))
                }
                note(folder)
            }
            note(path)
        }
        return errors
    }

    @Test func everyListIsJudgedAsEveryFolderLookedAtSays() {
        var random = SplitMix64(seed: 0x51F)
        let pieces = ["a", "A", "b", "/", "é", "e\u{301}", "x.html", "X.html", "\u{301}", "日", "/"]
        for _ in 0..<400 {
            let list = (0..<Int(random.next() % 12)).map { _ in
                (0..<(1 + Int(random.next() % 6))).map { _ in pieces[Int(random.next() % UInt64(pieces.count))] }.joined()
            }
            #expect(OutputPathRules.problems(inPaths: list) == Self.referenceProblems(list), "\(list.debugDescription)")
        }
    }
}

/// The paths of a build checked by those the last build did not have (`OutputPathRules.allClear`):
/// never clear where a whole check finds a problem, and clear for the few new paths of an edit.
@Suite struct OutputPathVettingTests {
    static let vetted = ["404.html", "assets/search/terms-1.ab.js", "assets/search/terms-2.cd.js", "g/index.html",
                         "g/npcs/Kale.html", "g/npcs/e\u{301}cho.html", "g/npcs/varre.html", "g/quests/a.html"]

    @Test func theNewPathsOfAnEditAreClear() {
        #expect(OutputPathRules.problems(inPaths: Self.vetted).isEmpty)
        #expect(OutputPathRules.allClear(Self.vetted, vetted: Self.vetted))
        var edited = Self.vetted.filter { $0 != "assets/search/terms-1.ab.js" } + ["assets/search/terms-1.zz.js", "g/npcs/new/deep.html"]
        edited = edited.sortedByUTF8()
        #expect(OutputPathRules.allClear(edited, vetted: Self.vetted))
        #expect(OutputPathRules.allClear(Array(Self.vetted.dropLast()), vetted: Self.vetted), "fewer paths")
        #expect(!OutputPathRules.allClear(Self.vetted, vetted: []), "nothing vetted")
    }

    @Test(arguments: [
        ("another spelling of a file", "g/npcs/kale.html"),
        ("another spelling of a folder", "G/other.html"),
        ("capitals of a folder", "g/NPCs/x.html"),
        ("another normalization", "g/npcs/\u{E9}cho.html"),
        ("a file where a folder is", "g/npcs"),
        ("a folder where a file is", "g/index.html/x.html"),
        ("an invalid path", "g/../x.html"),
        ("a reserved name", ".questlog-x"),
    ])
    func aNewPathThatMeetsAnotherIsNotClear(what: String, path: String) {
        let paths = (Self.vetted + [path]).sortedByUTF8()
        #expect(!OutputPathRules.problems(inPaths: paths).isEmpty, "\(what): a problem")
        #expect(!OutputPathRules.allClear(paths, vetted: Self.vetted), "\(what)")
    }

    @Test func unsortedOrRepeatedPathsAreNotClear() {
        #expect(!OutputPathRules.allClear(Self.vetted.reversed(), vetted: Self.vetted))
        #expect(!OutputPathRules.allClear((Self.vetted + ["g/index.html"]).sortedByUTF8(), vetted: Self.vetted))
        let many = (Self.vetted + (0..<300).map { "n/\($0).html" }).sortedByUTF8()
        #expect(!OutputPathRules.allClear(many, vetted: Self.vetted), "more new paths than it looks at")
        #expect(OutputPathRules.allClear(many, vetted: Self.vetted, freshLimit: 300))
    }

    /// Over random lists: clear only where the whole check finds nothing.
    @Test func clearOnlyWhereTheWholeCheckFindsNothing() {
        var random = SplitMix64(seed: 0xC1EA)
        let names = ["a", "A", "b", "a/b", "a/B", "é", "e\u{301}", "ß", "ss", "k", "\u{212A}", "x/y", "x", "a/b/c", "q.html", "Q.html"]
        func path() -> String {
            let name = names[Int(random.next() % UInt64(names.count))]
            return random.next() % 3 == 0 ? name : name + "/" + names[Int(random.next() % UInt64(names.count))]
        }
        var clear = 0, checked = 0
        while checked < 400 {
            let vetted = Array(Set((0..<Int(random.next() % 8)).map { _ in path() })).sortedByUTF8()
            guard !vetted.isEmpty, OutputPathRules.problems(inPaths: vetted).isEmpty else { continue }
            checked += 1
            var paths = vetted.filter { _ in random.next() % 4 != 0 }
            for _ in 0..<Int(random.next() % 3) { paths.append(path()) }
            paths = paths.sortedByUTF8()
            if OutputPathRules.allClear(paths, vetted: vetted) {
                clear += 1
                #expect(OutputPathRules.problems(inPaths: paths).isEmpty, "\(paths) against \(vetted)")
            }
        }
        #expect(clear > 50, "clear often enough to be of use: \(clear)")
    }
}
