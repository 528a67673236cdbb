import Mustache
import Testing

@Suite("Mustache specification conformance")
struct SpecConformanceTests {
    @Test(.enabled(if: SpecSuite.isPresent, Comment(rawValue: SpecSuite.skipMessage)))
    func theSuiteHasAllCases() throws {
        let cases = try SpecSuite.load()
        #expect(cases.count == 184)
        #expect(Set(cases.map(\.file)) == Set(SpecSuite.files))
    }

    @Test(.enabled(if: SpecSuite.isPresent, Comment(rawValue: SpecSuite.skipMessage)), arguments: SpecSuite.cases)
    func specCase(_ spec: SpecCase) throws {
        let library = MustacheLibrary(templates: spec.partials)
        let template = try Template(name: "\(spec.file)/\(spec.name)", source: spec.template)
        let rendered = try library.render(template, with: spec.data)
        #expect(rendered == spec.expected, "\(spec.file).json, \"\(spec.name)\": \(spec.description)")
    }

}
