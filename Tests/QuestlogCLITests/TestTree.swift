import Foundation

/// Every file of a folder tree, hidden ones included, by relative path.
enum TestTree {
    static func files(_ root: String) -> [String: [UInt8]] {
        var files: [String: [UInt8]] = [:]
        for sub in (try? FileManager.default.subpathsOfDirectory(atPath: root)) ?? [] {
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: root + "/" + sub, isDirectory: &isFolder), !isFolder.boolValue {
                files[sub] = FileManager.default.contents(atPath: root + "/" + sub).map { [UInt8]($0) } ?? []
            }
        }
        return files
    }
}
