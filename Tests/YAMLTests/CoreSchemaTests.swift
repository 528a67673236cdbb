import Testing
@testable import YAML
import TestSupport

@Suite("Core schema typing")
struct CoreSchemaTests {
    @Test("null forms", arguments: ["~", "null", "Null", "NULL", "key:"])
    func nulls(text: String) throws {
        let node = try #require(try YAMLParser.parse(text))
        let value = node.mapping?.first?.value ?? node
        #expect(value.coreScalar == .null)
        #expect(value.isNull)
    }

    @Test("bool forms", arguments: [
        ("true", true), ("True", true), ("TRUE", true),
        ("false", false), ("False", false), ("FALSE", false),
    ])
    func bools(text: String, value: Bool) throws {
        #expect(try YAMLTesting.scalar(text) == .bool(value))
    }

    @Test("YAML 1.1 words and near misses stay strings", arguments: [
        "yes", "no", "Yes", "NO", "on", "off", "On", "OFF", "y", "n", "Y", "N",
        "tRUE", "nULL", "none", "nil", "1_000", "0b101", "0X1F", "0o", "0x", "0o8", "0xG",
        "-0x10", "+0o7", "1:30", "1.2.3", "1e", "e5", ".", "--", "+", ".e5", "1.5x",
        ".Nan", "inf", "-inf", "nan", "+.nan", "12 monkeys", "3rd",
    ])
    func strings(text: String) throws {
        #expect(try YAMLTesting.scalar(text) == .string(text))
    }

    @Test("int forms", arguments: [
        ("0", 0), ("42", 42), ("-17", -17), ("+5", 5), ("007", 7), ("-0", 0),
        ("0o17", 15), ("0o0", 0), ("0x1F", 31), ("0xff", 255), ("0xDeadBeef", 0xDEAD_BEEF),
        ("9223372036854775807", Int.max), ("-9223372036854775808", Int.min),
    ])
    func ints(text: String, value: Int) throws {
        #expect(try YAMLTesting.scalar(text) == .int(value))
    }

    @Test("ints too large for Int become floats", arguments: [
        ("9223372036854775808", 9_223_372_036_854_775_808.0),
        ("-99999999999999999999", -99_999_999_999_999_999_999.0),
        ("0xFFFFFFFFFFFFFFFFFF", 4_722_366_482_869_645_213_695.0),
        ("0o7777777777777777777777", 9_223_372_036_854_775_807.0 * 8 + 7),
    ])
    func largeInts(text: String, value: Double) throws {
        #expect(try YAMLTesting.scalar(text) == .float(value))
    }

    @Test("float forms", arguments: [
        ("1.5", 1.5), ("-2.25", -2.25), ("+0.5", 0.5), (".5", 0.5), ("-.5", -0.5), ("1.", 1.0),
        ("1e3", 1000.0), ("1E3", 1000.0), ("2.5e-2", 0.025), ("-1.5E+2", -150.0), ("6.02e23", 6.02e23),
        (".inf", .infinity), (".Inf", .infinity), (".INF", .infinity), ("+.inf", .infinity),
        ("-.inf", -.infinity), ("-.Inf", -.infinity), ("-.INF", -.infinity),
    ])
    func floats(text: String, value: Double) throws {
        #expect(try YAMLTesting.scalar(text) == .float(value))
    }

    @Test("nan forms", arguments: [".nan", ".NaN", ".NAN"])
    func nans(text: String) throws {
        guard case .float(let value)? = try YAMLTesting.scalar(text) else {
            Issue.record("\(text) is not a float")
            return
        }
        #expect(value.isNaN)
    }

    @Test("quoted and block scalars are always strings", arguments: [
        ("\"true\"", "true"), ("'42'", "42"), ("\"null\"", "null"), ("''", ""), ("\"~\"", "~"),
        ("'1.5'", "1.5"), ("|\n  true\n", "true\n"), (">-\n  42\n", "42"),
    ])
    func nonPlainStrings(source: String, text: String) throws {
        #expect(try YAMLTesting.scalar(source) == .string(text))
    }

    @Test("explicit tags decide the type", arguments: [
        ("!!str true", CoreScalar.string("true")),
        ("!!str 42", .string("42")),
        ("!!str", .string("")),
        ("! 42", .string("42")),
        ("!!int \"42\"", .int(42)),
        ("!!int 0x10", .int(16)),
        ("!!int abc", .string("abc")),
        ("!!int 1.5", .string("1.5")),
        ("!!bool 'true'", .bool(true)),
        ("!!bool yes", .string("yes")),
        ("!!float 1", .float(1)),
        ("!!float '2.5'", .float(2.5)),
        ("!!float 0x10", .float(16)),
        ("!!float -.inf", .float(-.infinity)),
        ("!!float abc", .string("abc")),
        ("!!null ''", .null),
        ("!!null ~", .null),
        ("!!null nothing", .string("nothing")),
        ("!custom 42", .string("42")),
        ("!<tag:example.com,2024:level> 42", .string("42")),
    ])
    func tagged(source: String, value: CoreScalar) throws {
        #expect(try YAMLTesting.scalar(source) == value)
    }

    @Test("collections have no core scalar")
    func collections() throws {
        let root = try #require(try YAMLParser.parse("list: [1]\nmap: {a: 1}\n"))
        #expect(root.coreScalar == nil)
        #expect(root["list"]?.coreScalar == nil)
        #expect(root["map"]?.coreScalar == nil)
        #expect(root["list"]?.isNull == false)
    }

    /// A text whose first byte cannot start a null, a boolean or a number is a string at once; the
    /// answer is always the one trying every kind of scalar gives.
    @Test("typing told from the first byte")
    func typingToldFromTheFirstByte() {
        func same(_ a: CoreScalar, _ b: CoreScalar) -> Bool {
            if case let .float(x) = a, case let .float(y) = b { return x.bitPattern == y.bitPattern }
            return a == b
        }
        var random = SplitMix64(seed: 43)
        let starts = (0x20...0x7E).map { String(UnicodeScalar(UInt8($0))) } + ["é", "日", "\t", ""]
        let rest = Array("0123456789.eE+-xoabfinulrsAFINTU ~_")
        var seenOther = 0
        for _ in 0..<20_000 {
            let text = starts[Int(random.next() % UInt64(starts.count))]
                + String((0..<Int(random.next() % 6)).map { _ in rest[Int(random.next() % UInt64(rest.count))] })
            let told = CoreSchema.resolve(text), tried = CoreSchema.resolveEveryWay(text)
            #expect(same(told, tried), "\(text.debugDescription)")
            if case .string = tried {} else { seenOther += 1 }
        }
        #expect(seenOther > 300)
        for text in ["~", "null", "true", "False", "0x1F", "0o17", "-3", "+.inf", ".nan", ".5", "1e3", "Alba", "nothing", "tree"] {
            #expect(same(CoreSchema.resolve(text), CoreSchema.resolveEveryWay(text)), "\(text)")
        }
    }
}
