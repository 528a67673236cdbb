extension OutputFile {
    /// A pretty-printed JSON document, ending with a newline.
    init(path: String, json: JSONValue) {
        self.init(path: path, text: json.rendered(pretty: true) + "\n")
    }
}
