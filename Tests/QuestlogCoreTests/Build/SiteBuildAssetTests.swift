import Foundation
@testable import QuestlogCore
import Testing

struct SiteBuildAssetTests {
    static let files: [String: String] = [
        "Content/g/game.md": "---\ntitle: A Game\n---\n",
        "Content/g/npcs/varre.md": "---\nname: Varré\n---\n",
    ]

    static func options(_ site: TestSite, includeDrafts: Bool = false) -> BuildOptions {
        BuildOptions(site: site.root, output: site.root + "/Output", jobs: 2, includeDrafts: includeDrafts)
    }

    static func stamp(_ path: String) throws -> [Int] {
        var info = stat()
        try #require(lstat(path, &info) == 0)
        #if canImport(Darwin)
        return [Int(info.st_ino), Int(info.st_mtimespec.tv_sec), Int(info.st_mtimespec.tv_nsec)]
        #else
        return [Int(info.st_ino), Int(info.st_mtim.tv_sec), Int(info.st_mtim.tv_nsec)]
        #endif
    }

    @Test func assetsAreCopiedNextToThePagesAndListedInTheManifest() throws {
        let site = TestSite(Self.files)
        defer { site.remove() }
        let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x00, 0xFF]
        site.write("Content/g/maps/old/limgrave.png", bytes: png)
        site.write("Content/g/npcs/varre.jpg", bytes: [0xFF, 0xD8, 0x00])
        site.write("Content/g/handbook.pdf", bytes: Array("%PDF-1.4".utf8))
        site.write("Content/g/empty.txt", bytes: [])
        let result = SiteBuild(options: Self.options(site)).run()
        #expect(!result.diagnostics.hasErrors, "\(result.diagnostics.formattedText())")
        let output = TestSite.tree(site.root + "/Output")
        #expect(output["g/maps/old/limgrave.png"] == png)
        #expect(output["g/npcs/varre.jpg"] == [0xFF, 0xD8, 0x00])
        #expect(output["g/handbook.pdf"] == Array("%PDF-1.4".utf8))
        #expect(output["g/empty.txt"] == [])
        #expect(output["g/npcs/varre.html"] != nil)
        let manifest = String(decoding: output[".questlog-manifest"] ?? [], as: UTF8.self)
        for path in ["g/empty.txt", "g/handbook.pdf", "g/maps/old/limgrave.png", "g/npcs/varre.jpg"] {
            #expect(manifest.contains("\n\(path)\n"), "\(path)")
        }
        let rendered = SiteBuild(options: Self.options(site)).render()
        #expect(rendered.files.first { $0.path == "g/maps/old/limgrave.png" }?.bytes == png)
    }

    @Test func aRebuildKeepsUnchangedAssetsAndRemovesDeletedOnes() throws {
        let site = TestSite(Self.files)
        defer { site.remove() }
        site.write("Content/g/maps/a.png", bytes: [1, 2, 3])
        site.write("Content/g/maps/b.png", bytes: [4, 5, 6])
        let build = SiteBuild(options: Self.options(site))
        #expect(!build.run().diagnostics.hasErrors)
        let kept = site.root + "/Output/g/maps/a.png"
        let before = try Self.stamp(kept)
        try FileManager.default.removeItem(atPath: site.root + "/Content/g/maps/b.png")
        let report = try #require(build.run().report)
        #expect(report.removed == ["g/maps/b.png"])
        #expect(!report.written.contains("g/maps/a.png"))
        #expect(try Self.stamp(kept) == before)
        #expect(!FileManager.default.fileExists(atPath: site.root + "/Output/g/maps/b.png"))
    }

    @Test func anAssetInThePlaceOfAGeneratedFileIsAnErrorBeforeAnythingIsWritten() throws {
        let site = TestSite(Self.files)
        defer { site.remove() }
        site.write("Content/g/npcs/index.html", bytes: Array("<p>mine</p>".utf8))
        site.write("Content/g/npcs/Varre.html", bytes: [])
        site.write("Content/g/index.html/x.png", bytes: [])
        site.write("Content/g/npcs/fine.html", bytes: [])
        let result = SiteBuild(options: Self.options(site)).run()
        #expect(result.diagnostics.codes == [
            "Content/g/index.html/x.png [asset-collision]",
            "Content/g/npcs/Varre.html [asset-collision]",
            "Content/g/npcs/index.html [asset-collision]",
        ])
        #expect(result.diagnostics.formattedText().contains(
            "Content/g/npcs/index.html:1:1: error: this file would take the place of 'g/npcs/index.html', which Questlog generates; rename or move it [asset-collision]"))
        #expect(result.report == nil)
        #expect(!FileManager.default.fileExists(atPath: site.root + "/Output"))
    }

    @Test func aFileWhereAGeneratedFolderGoesIsACollision() {
        let diagnostics = SiteBuild.collisions(
            of: [ContentAsset(path: "Content/g/npcs", outputPath: "g/npcs", byteCount: 0)],
            with: ["g/npcs/index.html"])
        #expect(diagnostics.map(\.message) == ["this file would stand where Questlog needs a folder, for 'g/npcs/index.html'; rename or move it"])
    }

    @Test func draftAssetsArePublishedOnlyWithDrafts() throws {
        let site = TestSite(Self.files)
        defer { site.remove() }
        site.write("Content/g/maps/_spoiler.png", bytes: [1])
        site.write("Content/g/_private/plan.pdf", bytes: [2])
        site.write("Content/g/maps/open.png", bytes: [3])
        let without = SiteBuild(options: Self.options(site)).render().files.map(\.path).filter { !$0.hasSuffix(".html") }
        #expect(without.contains("g/maps/open.png"))
        #expect(!without.contains("g/maps/_spoiler.png") && !without.contains("g/_private/plan.pdf"))
        let with = SiteBuild(options: Self.options(site, includeDrafts: true)).render().files.map(\.path)
        #expect(with.contains("g/maps/_spoiler.png") && with.contains("g/_private/plan.pdf"))
    }

    @Test func nothingBehindALinkOutOfTheSiteIsPublished() throws {
        let outside = TestSite(["secret.png": "png", "game/game.md": "# Other\n"])
        defer { outside.remove() }
        let site = TestSite(Self.files)
        defer { site.remove() }
        site.link("Content/g/maps", to: outside.root)
        site.link("Content/other", to: outside.root + "/game")
        let result = SiteBuild(options: Self.options(site)).run()
        #expect(result.diagnostics.codes == ["Content/g/maps [symlink-outside]", "Content/other [symlink-outside]"])
        #expect(result.report == nil)
        #expect(SiteBuild(options: Self.options(site)).render().files.isEmpty)
    }
}
