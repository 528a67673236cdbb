import Foundation
import Mustache

/// The specification's JSON test files, which ship beside the repository.
enum SpecSuite {
    /// `../shared/conformance/mustache-spec` from the package root.
    static let directory: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // MustacheTests
        .deletingLastPathComponent()  // Tests
        .deletingLastPathComponent()  // package root
        .deletingLastPathComponent()
        .appendingPathComponent("shared/conformance/mustache-spec")

    static let files = [
        "comments", "delimiters", "interpolation", "inverted", "partials", "sections",
        "inheritance", "dynamic-names",
    ]

    static var isPresent: Bool {
        FileManager.default.fileExists(atPath: directory.path)
    }

    static let skipMessage = "Skipping Mustache spec conformance: \(directory.standardizedFileURL.path) not found "
        + "(the spec files ship beside the repository in ../shared/conformance)"

    /// Every case of every file, or none when the folder is absent or unreadable.
    static let cases: [SpecCase] = (try? load()) ?? []

    static func load() throws -> [SpecCase] {
        try files.flatMap { file in
            let url = directory.appendingPathComponent("\(file).json")
            let json = try JSONSerialization.jsonObject(with: Data(contentsOf: url), options: [.fragmentsAllowed])
            guard let root = json as? [String: Any], let tests = root["tests"] as? [[String: Any]] else {
                throw SpecFormatError(file: file)
            }
            return try tests.map { test in
                guard let name = test["name"] as? String, let template = test["template"] as? String,
                      let expected = test["expected"] as? String
                else { throw SpecFormatError(file: file) }
                return SpecCase(
                    file: file, name: name, description: test["desc"] as? String ?? "",
                    data: MustacheValue(json: test["data"] ?? NSNull()), template: template,
                    partials: test["partials"] as? [String: String] ?? [:], expected: expected
                )
            }
        }
    }
}
