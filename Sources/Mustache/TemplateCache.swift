import Foundation

/// The templates a library has compiled, by name, shared by every thread that renders.
final class TemplateCache: @unchecked Sendable {
    // Guards `entries`; the only mutable state, so the unchecked conformance is sound.
    private let lock = NSLock()
    /// A missing template is cached as `nil`, a template that failed to compile as its error.
    private var entries: [String: Result<Template?, MustacheError>] = [:]
    /// Indented copies of compiled templates, by name and indentation.
    private var indentedCopies: [String: [[UInt8]: Template]] = [:]

    /// The cached outcome for `name`, compiling `source()` on first use.
    func template(named name: String, source: () -> String?) -> Result<Template?, MustacheError> {
        if let cached = cached(name) {
            return cached
        }
        // Compile outside the lock so that threads loading different templates do not wait on
        // each other; if two threads race on one name, the first result stored wins.
        let result: Result<Template?, MustacheError>
        if let text = source() {
            do {
                result = .success(try Template(name: name, source: text))
            } catch {
                result = .failure(error)
            }
        } else {
            result = .success(nil)
        }
        lock.lock()
        defer { lock.unlock() }
        if let stored = entries[name] {
            return stored
        }
        entries[name] = result
        return result
    }

    /// The copy of `template`, cached under `name`, indented by `indentation`.
    func template(_ template: Template, named name: String, indentedBy indentation: [UInt8]) -> Template {
        lock.lock()
        defer { lock.unlock() }
        if let copy = indentedCopies[name]?[indentation] {
            return copy
        }
        let copy = Template(indenting: template, by: indentation)
        indentedCopies[name, default: [:]][indentation] = copy
        return copy
    }

    /// The templates compiled so far, indented copies included.
    var compiled: [Template] {
        lock.lock()
        defer { lock.unlock() }
        var templates: [Template] = []
        for case let .success(template?) in entries.values { templates.append(template) }
        for copies in indentedCopies.values { templates.append(contentsOf: copies.values) }
        return templates
    }

    private func cached(_ name: String) -> Result<Template?, MustacheError>? {
        lock.lock()
        defer { lock.unlock() }
        return entries[name]
    }
}
