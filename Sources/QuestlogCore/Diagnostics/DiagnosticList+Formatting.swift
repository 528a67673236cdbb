extension DiagnosticList {
    /// One line per diagnostic in compiler style, sorted.
    public func formattedText() -> String {
        sorted.map { "\($0)\n" }.joined()
    }

    /// A JSON array of `{path, line, column, severity, code, message}` objects, sorted.
    public func formattedJSON() -> String {
        let items: [JSONValue] = sorted.map { diagnostic in
            var members: [(String, JSONValue)] = []
            if let location = diagnostic.location {
                members.append(("path", .string(location.path)))
                members.append(("line", .int(location.line)))
                members.append(("column", .int(location.column)))
            } else {
                members.append(("path", .null))
                members.append(("line", .null))
                members.append(("column", .null))
            }
            members.append(("severity", .string(diagnostic.severity.rawValue)))
            members.append(("code", .string(diagnostic.code)))
            members.append(("message", .string(diagnostic.message)))
            return .object(members)
        }
        return JSONValue.array(items).rendered() + "\n"
    }
}
