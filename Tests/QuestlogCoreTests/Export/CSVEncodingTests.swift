@testable import QuestlogCore
import Testing

struct CSVEncodingTests {
    static let formulaRule: [(String, String)] = [
        ("=1+1", "'=1+1"),
        ("=HYPERLINK(\"http://x\")", "'=HYPERLINK(\"http://x\")"),
        ("+3 Talisman", "'+3 Talisman"),
        ("-5 apples", "'-5 apples"),
        ("@SUM(A1)", "'@SUM(A1)"),
        ("\tTab", "'\tTab"),
        ("\rReturn", "'\rReturn"),
        ("-", "'-"),
        ("--5", "'--5"),
        ("-5.", "'-5."),
        ("-1e", "'-1e"),
        ("-５", "'-５"),
        ("+1+1", "'+1+1"),
        ("-5", "-5"),
        ("+5", "+5"),
        ("-1.25", "-1.25"),
        ("-2e3", "-2e3"),
        ("+6.02E+23", "+6.02E+23"),
        ("5-3", "5-3"),
        ("a=b", "a=b"),
        (" =1+1", " =1+1"),
        ("Varré", "Varré"),
        ("", ""),
    ]

    @Test(arguments: formulaRule)
    func neutralisesFormulaPayloadsButNotNumbers(_ input: String, _ expected: String) {
        #expect(CSVEncoding.neutralised(input) == expected)
    }

    @Test(arguments: [
        ("plain", "plain"),
        ("", ""),
        ("a,b", "\"a,b\""),
        ("say \"hi\"", "\"say \"\"hi\"\"\""),
        ("line\nbreak", "\"line\nbreak\""),
        ("carriage\rreturn", "\"carriage\rreturn\""),
        ("龙王庙 🐉", "龙王庙 🐉"),
        (" spaced ", " spaced "),
    ])
    func quotesOnlyWhenNeeded(_ input: String, _ expected: String) {
        #expect(CSVEncoding.field(input) == expected)
    }

    @Test func recordsEndWithCRLF() {
        #expect(CSVEncoding.record(["a", "b,c", "=1"], neutraliseFormulas: true) == "a,\"b,c\",'=1\r\n")
        #expect(CSVEncoding.record(["a", "b,c", "=1"], neutraliseFormulas: false) == "a,\"b,c\",=1\r\n")
        #expect(CSVEncoding.record([""], neutraliseFormulas: true) == "\r\n")
    }

    @Test func neutralisedCellsAreQuotedWhenNeeded() {
        #expect(CSVEncoding.record(["=A1,B1"], neutraliseFormulas: true) == "\"'=A1,B1\"\r\n")
    }

    @Test func theTestReaderIsStrict() {
        #expect(CSVReader.read("a,b\r\n") == [["a", "b"]])
        #expect(CSVReader.read("\"a\"\"b\",\"c\nd\"\r\n") == [["a\"b", "c\nd"]])
        #expect(CSVReader.read("a,b\n") == nil)
        #expect(CSVReader.read("a,b") == nil)
        #expect(CSVReader.read("a\"b\r\n") == nil)
        #expect(CSVReader.read("\"a\"b\r\n") == nil)
        #expect(CSVReader.read("\"open\r\n") == nil)
    }
}
