import Foundation

// Writes a Swift file holding every file of a folder (the theme), base64-encoded so that any bytes
// embed safely and the generated source compiles fast. Usage: questlog-embed <folder> <output.swift>

let arguments = CommandLine.arguments
guard arguments.count == 3 else {
    FileHandle.standardError.write(Data("usage: questlog-embed <folder> <output.swift>\n".utf8))
    exit(64)
}
let folder = URL(fileURLWithPath: arguments[1])
let output = URL(fileURLWithPath: arguments[2])

var files: [(path: String, data: Data)] = []
if let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isRegularFileKey]) {
    for case let url as URL in walker {
        guard (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true else { continue }
        let relative = String(url.standardizedFileURL.path.dropFirst(folder.standardizedFileURL.path.count + 1))
        let name = url.lastPathComponent
        if name.hasPrefix(".") || name.hasSuffix("~") || name.hasSuffix(".swp") { continue }
        files.append((relative, try Data(contentsOf: url)))
    }
}
files.sort { $0.path.utf8.lexicographicallyPrecedes($1.path.utf8) }

var source = """
// Generated from Templates/ by questlog-embed at build time. Do not edit.

enum EmbeddedTheme {
    /// Theme files by path relative to `Templates/`, base64-encoded.
    static let files: [(path: String, base64: String)] = [

"""
for file in files {
    let path = file.path.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
    source += "        (\"\(path)\", \"\(file.data.base64EncodedString())\"),\n"
}
source += "    ]\n}\n"

let data = Data(source.utf8)
// Leave the file alone when nothing changed, so the module is not recompiled.
if (try? Data(contentsOf: output)) != data {
    try data.write(to: output)
}
