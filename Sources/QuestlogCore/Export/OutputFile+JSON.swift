extension OutputFile {
    /// A pretty-printed JSON document, ending with a newline. Its prerendered parts are pieces of
    /// the file, shared with every other document that holds them.
    init(path: String, json: JSONValue) {
        self.init(path: path, chunks: json.chunks(trailer: [0x0A]))
    }
}
