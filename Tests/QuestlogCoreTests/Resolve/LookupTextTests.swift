import Foundation
@testable import QuestlogCore
import Testing

/// The byte-level shortcuts of the reference lookup answer exactly as the Unicode-aware operations
/// they stand for.
struct LookupTextTests {
    static let texts = [
        "", " ", "npc-212-3", "Varre", "White Mask Varre", "white mask varre", "white  mask", " lead", "trail ",
        "tab\there", "line\nbreak", "Phạm Nam Ngô", "城春中虎", "Straße", "Ærthe", "a\u{301}", "ÉCOLE", "naïve",
        "\u{00A0}nbsp", "nbsp\u{00A0}", "ideo\u{3000}", "\u{3000}ideo", "zero\u{200B}", "Mixed Case id", "x",
    ]

    @Test func nameKeysAreThoseOfNameKey() {
        for text in Self.texts {
            #expect(GameIndex.nameKey(text) == NameKey.make(text), "\(text.debugDescription)")
            if GameIndex.isOwnKey(text) { #expect(NameKey.make(text) == text, "\(text.debugDescription)") }
        }
        #expect(GameIndex.isOwnKey("npc-212-3") && GameIndex.isOwnKey("white mask varre"))
        #expect(!GameIndex.isOwnKey("Varre") && !GameIndex.isOwnKey("a  b") && !GameIndex.isOwnKey("Phạm"))
    }

    @Test func trimmingForLookupIsTrimmingWhitespace() {
        for text in Self.texts + ["  Phạm Nam Ngô  ", "\t城春\t", "ô ", " ô"] {
            #expect(text.trimmedForLookup == text.trimmingWhitespace, "\(text.debugDescription)")
        }
    }

    @Test func characterSearchOnBytesFindsWhatCharacterSearchFinds() {
        let texts = ["npc:varre", "a#b#c", "Phạm#Nam", "é:x", "/\u{301}x/y", "#\u{301}#", "city/🏰/gate", ":", "no marks",
                     "\u{0600}#x", "x#\u{200D}y#z", "\r\n#"]
        for text in texts {
            for byte in [UInt8(ascii: "#"), UInt8(ascii: ":"), UInt8(ascii: "/")] {
                let expected = text.firstIndex(of: Character(Unicode.Scalar(byte)))
                let found = ReferenceLookup.firstIndex(of: byte, in: text)
                #expect(found.map { text.utf8.distance(from: text.utf8.startIndex, to: $0) }
                        == expected.map { text.utf8.distance(from: text.utf8.startIndex, to: $0) },
                        "\(text.debugDescription) \(byte)")
            }
        }
    }

    @Test func aMemoFileKeepsNameKeys() throws {
        let memo = NoteMemo()
        memo.replaceNameKeys(with: ["Phạm Nam Ngô": NameKey.make("Phạm Nam Ngô"), "Varre": "varre"])
        #expect(memo.changed)
        memo.replace(with: [:], reusedKeys: [], notes: 0)
        #expect(memo.changed, "new names are worth writing")
        let bytes = memo.bytes(identity: "questlog 1 test")
        let read = try #require(NoteMemo(parsing: bytes, identity: "questlog 1 test"))
        #expect(read.nameKeys == memo.nameKeys)
        read.replaceNameKeys(with: memo.nameKeys)
        read.replace(with: [:], reusedKeys: [], notes: 0)
        #expect(!read.changed, "the same names and no records")
        read.replaceNameKeys(with: ["Varre": "varre"])
        #expect(read.changed, "a name let go")
    }
}
