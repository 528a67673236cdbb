extension OutputFile {
    /// A pretty-printed JSON document, ending with a newline.
    init(path: String, json: JSONValue) {
        var bytes = json.bytes(pretty: true)
        bytes.append(0x0A)
        self.init(path: path, bytes: bytes)
    }
}
