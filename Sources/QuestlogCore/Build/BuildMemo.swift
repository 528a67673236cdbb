/// What a build keeps for the next one to reuse, each part checked before it is trusted: the
/// rendered notes (`NoteMemo`) and the graph layouts (`LayoutMemo`). `serve` keeps one in memory;
/// `build` reads it from the site's `.questlog/` folder and writes back what changed.
public final class BuildMemo: Sendable {
    public let notes: NoteMemo
    public let layouts: LayoutMemo

    public init(notes: NoteMemo = NoteMemo(), layouts: LayoutMemo = LayoutMemo()) {
        self.notes = notes
        self.layouts = layouts
    }

    static func notesPath(site: String) -> String {
        site + "/" + BuildCache.folder + "/notes"
    }

    static func layoutsPath(site: String) -> String {
        site + "/" + BuildCache.folder + "/layouts"
    }

    /// The memo the last builds of `site` left; empty parts where a file is missing, damaged or
    /// written by another Questlog binary.
    static func read(site: String, identity: String = BuildCache.binaryIdentity) -> BuildMemo {
        BuildMemo(notes: FileContents.read(notesPath(site: site)).flatMap { NoteMemo(parsing: $0, identity: identity) } ?? NoteMemo(),
                  layouts: FileContents.read(layoutsPath(site: site)).flatMap { LayoutMemo(parsing: $0, identity: identity) } ?? LayoutMemo())
    }

    /// Writes the notes when the last resolve changed them, with `write(bytes, path)`, and lets
    /// them go: the rest of a build never reads them.
    func storeNotes(site: String, identity: String = BuildCache.binaryIdentity, write: ([UInt8], String) -> Void) {
        if notes.changed { write(notes.bytes(identity: identity), Self.notesPath(site: site)) }
        notes.release()
    }

    /// Writes the layouts when the last render changed them, with `write(bytes, path)`.
    func storeLayouts(site: String, identity: String = BuildCache.binaryIdentity, write: ([UInt8], String) -> Void) {
        if layouts.changed { write(layouts.bytes(identity: identity), Self.layoutsPath(site: site)) }
    }

    /// How many records the memo holds.
    var count: Int {
        notes.count + layouts.count
    }
}
