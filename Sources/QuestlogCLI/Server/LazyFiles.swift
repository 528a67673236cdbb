import Foundation
import QuestlogCore

/// Files of one build made the first time a request asks for one of them, and kept until the next
/// build: the exports (most saves are never followed by a download, and the exports of a big site
/// take longer than its pages) and the search index (asked for once a reader searches).
final class LazyFiles: @unchecked Sendable {
    /// The files by path under the output root, or the problems that stopped them.
    struct Made: Sendable {
        var files: [String: [UInt8]]
        var problems: String?
    }

    private let lock = NSLock()
    private let make: @Sendable () -> (files: [OutputFile], diagnostics: DiagnosticList)
    private var made: Made?

    init(make: @escaping @Sendable () -> (files: [OutputFile], diagnostics: DiagnosticList)) {
        self.make = make
    }

    /// The files, made now when no request asked for them yet; requests meanwhile wait for them.
    func files(strict: Bool) -> Made {
        lock.withLock {
            if let made { return made }
            let (files, diagnostics) = make()
            let result: Made
            if diagnostics.failed(strict: strict) {
                let list = strict ? diagnostics.promotingWarnings() : diagnostics
                result = Made(files: [:], problems: list.formattedText() + list.summary)
            } else {
                result = Made(files: Dictionary(files.map { ($0.path, $0.bytes) }, uniquingKeysWith: { first, _ in first }), problems: nil)
            }
            made = result
            return result
        }
    }
}
