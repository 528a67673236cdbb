import Foundation
import Testing
@testable import QuestlogCore

@Suite struct OutputManifestTests {
    @Test func listsPathsSortedByBytesAfterAHeader() {
        let manifest = OutputManifest(paths: ["b/c.html", "a.html", "B.html", "a-b.html", "a/b.html", "a.html"])
        #expect(String(decoding: manifest.bytes, as: UTF8.self)
            == "questlog-manifest 1\nB.html\na-b.html\na.html\na/b.html\nb/c.html\n")
    }

    @Test func readsWhatItWrites() throws {
        let manifest = OutputManifest(paths: ["index.html", "elden-ring/npcs/varre.html", "exports/Élden.csv"])
        #expect(try OutputManifest(parsing: manifest.bytes) == manifest)
        #expect(try OutputManifest(parsing: OutputManifest(paths: []).bytes).paths.isEmpty)
    }

    @Test(arguments: [
        ("", "line break"),
        ("questlog-manifest 2\na.html\n", "first line"),
        ("index.html\n", "first line"),
        ("questlog-manifest 1\na.html", "line break"),
        ("questlog-manifest 1\n../outside.txt\n", "line 2: it has a '..' component"),
        ("questlog-manifest 1\na.html\n/etc/passwd\n", "line 3: it is absolute"),
        ("questlog-manifest 1\n.git/config\n", "line 2: '.git'"),
        ("questlog-manifest 1\n\n", "line 2: the path is empty"),
        ("questlog-manifest 1\r\na.html\r\n", "first line"),
    ])
    func refusesDamagedOrUnsafeManifests(text: String, reason: String) {
        let problem = #expect(throws: OutputManifest.Problem.self) {
            try OutputManifest(parsing: Array(text.utf8))
        }
        #expect(problem?.reason.contains(reason) == true, "\(String(describing: problem))")
    }

    @Test func refusesBytesThatAreNotUTF8() {
        let bytes = Array("questlog-manifest 1\n".utf8) + [0xFF, 0x0A]
        #expect(throws: OutputManifest.Problem(reason: "it is not UTF-8 text")) {
            try OutputManifest(parsing: bytes)
        }
    }
}
