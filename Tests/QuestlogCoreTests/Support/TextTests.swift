@testable import QuestlogCore
import Testing
import TestSupport

struct TextTests {
    @Test(arguments: [
        ("White Mask Varré", "white-mask-varre"),
        ("Bà Đường", "ba-duong"),
        ("Patches' Betrayal", "patches-betrayal"),
        ("  Leading -- and trailing!  ", "leading-and-trailing"),
        ("Straße Œuvre", "strasse-oeuvre"),
        ("龙王庙", "long-wang-miao"),
        ("राजकुमारी मीरा", "rajakumari-mira"),
        ("Caelid 2", "caelid-2"),
        ("!!!", ""),
    ])
    func slugs(_ input: String, _ expected: String) {
        #expect(Slug.make(input) == expected)
    }

    /// ASCII text is not folded: its slug is the one folding would give, every printable character
    /// and control character included.
    @Test func asciiSlugsAreThoseFoldingGives() {
        var random = SplitMix64(seed: 3)
        let characters = (0..<128).map { Character(Unicode.Scalar(UInt8($0))) }
        for _ in 0..<500 {
            let text = String((0..<Int(random.next() % 12)).map { _ in characters[Int(random.next() % 128)] })
            // A character beyond ASCII at the end takes the folding path; it adds nothing to the slug.
            #expect(Slug.make(text) == Slug.make(text + "\u{301}"), "\(text.debugDescription)")
        }
    }

    /// A text that is its own slug, as told from its bytes, is the slug the whole making gives, and
    /// every text told so is.
    @Test func textsThatAreTheirOwnSlugsAreToldFromTheirBytes() {
        var random = SplitMix64(seed: 31)
        let alphabet = Array("ab09z-A_' .é")
        var own = 0
        for _ in 0..<5_000 {
            let text = String((0..<Int(random.next() % 9)).map { _ in alphabet[Int(random.next() % UInt64(alphabet.count))] })
            let slow = Slug.asciiSlug(text) ?? ""
            #expect(Slug.isOwnSlug(text) == (!text.isEmpty && slow == text), "\(text.debugDescription)")
            #expect(Slug.make(text) == (slow.isEmpty ? Slug.make(text + "\u{301}") : slow), "\(text.debugDescription)")
            if Slug.isOwnSlug(text) { own += 1 }
        }
        #expect(own > 100)
        #expect(Slug.isOwnSlug("npc-0-1") && !Slug.isOwnSlug("-npc") && !Slug.isOwnSlug("npc-") && !Slug.isOwnSlug(""))
    }

    @Test func slugCheck() {
        #expect(Slug.isSlug("church-of-elleh"))
        #expect(!Slug.isSlug("Church-of-Elleh"))
        #expect(!Slug.isSlug("church--of"))
        #expect(!Slug.isSlug(""))
    }

    @Test func namesCompareWithoutCaseAccentsOrExtraSpaces() {
        #expect(NameKey.make("White Mask Varré") == NameKey.make("white  mask VARRE"))
        #expect(NameKey.make("Bà Đường") == NameKey.make("ba duong"))
        #expect(NameKey.make("Varré") != NameKey.make("Varra"))
    }

    @Test func editDistanceCountsTranspositionsAsOne() {
        #expect(Suggestion.editDistance(Array("rose-church"), Array("rose-chruch")) == 1)
        #expect(Suggestion.editDistance(Array("kitten"), Array("sitting")) == 3)
        #expect(Suggestion.editDistance(Array(""), Array("abc")) == 3)
    }

    @Test func suggestionsAreCloseEnoughOrNothing() {
        #expect(Suggestion.closest(to: "rose-chruch", in: ["rose-church", "church-of-elleh"]) == "rose-church")
        #expect(Suggestion.closest(to: "stirct", in: ["strict", "site"]) == "strict")
        #expect(Suggestion.closest(to: "completely-different", in: ["rose-church"]) == nil)
        // Ties go to the first in byte order, so output is stable.
        #expect(Suggestion.closest(to: "ab", in: ["ac", "aa"]) == "aa")
    }

    @Test(arguments: [
        ("elden-ring/npcs/varre.html", "elden-ring/locations/rose-church.html", "../locations/rose-church.html"),
        ("elden-ring/index.html", "elden-ring/npcs/varre.html", "npcs/varre.html"),
        ("elden-ring/npcs/varre.html", "elden-ring/npcs/kale.html", "kale.html"),
        ("elden-ring/npcs/varre.html", "other/quests/q.html", "../../other/quests/q.html"),
        ("index.html", "elden-ring/index.html", "elden-ring/index.html"),
        ("elden-ring/npcs/varre.html", "index.html", "../../index.html"),
        ("elden-ring/npcs/varre.html", "elden-ring/npcs-extra/x.html", "../npcs-extra/x.html"),
        ("elden-ring/npcs/varre.html", "elden-ring/npcs/varre-2.html", "varre-2.html"),
        ("elden/index.html", "elden-ring/index.html", "../elden-ring/index.html"),
        ("404.html", "exports/site.json", "exports/site.json"),
    ])
    func relativeLinks(_ source: String, _ target: String, _ expected: String) {
        #expect(RelativeURL.from(source, to: target) == expected)
    }

    @Test func jsonIsStableAndEscaped() {
        let value = JSONValue.object([("b", .int(1)), ("a", .array([.string("x\"\n\u{2028}"), .bool(true), .null, .double(1.5)]))])
        #expect(value.rendered(pretty: false) == #"{"b":1,"a":["x\"\n\u2028",true,null,1.5]}"#)
        #expect(value.rendered() == "{\n  \"b\": 1,\n  \"a\": [\n    \"x\\\"\\n\\u2028\",\n    true,\n    null,\n    1.5\n  ]\n}")
    }
}

struct NameKeyTests {
    @Test func latinAccentsFoldButOtherScriptsKeepTheirMarks() {
        #expect(NameKey.make("Đường") == "duong")
        #expect(NameKey.make("Ｖａｒｒé") == "varre")
        #expect(NameKey.make("राजकुमारी मीरा") == "राजकुमारी मीरा")
        #expect(NameKey.make("राजकुमारी") != NameKey.make("राजकमर"))
        #expect(NameKey.make("鈴木春人") == "鈴木春人")
        #expect(NameKey.make("がっこう") == "がっこう")
    }
}
