/// One file of the exports, ready to be written by the Output stage.
public struct ExportFile: Sendable, Hashable {
    /// The path relative to the exports folder: `elden-ring/npcs.csv`, `elden-ring.json`, `site.json`.
    public var path: String
    public var bytes: [UInt8]

    public init(path: String, bytes: [UInt8]) {
        self.path = path
        self.bytes = bytes
    }

    /// A pretty-printed JSON document, ending with a newline.
    init(path: String, json: JSONValue) {
        self.init(path: path, bytes: Array((json.rendered(pretty: true) + "\n").utf8))
    }
}
