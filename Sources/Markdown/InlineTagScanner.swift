/// Finds Obsidian `#tags` in the literal of a text node.
///
/// A tag is `#` followed by letters of any script, digits, `_`, `-` and `/`; it starts the text
/// or follows whitespace or `(`, holds at least one character that is not a digit (`#1` is no
/// tag), and trailing `-` and `/` are not part of it. A `#` the source escaped (`\#`) or wrote
/// as an entity opens no tag.
enum InlineTagScanner {
    /// One tag found in a literal.
    struct Match: Equatable {
        /// The bytes of `#tag` in the literal.
        var range: Range<Int>
        /// The tag without `#`.
        var name: String
    }

    /// `startsText` tells whether the literal's first byte starts a text (nothing runs into it).
    static func scan(_ literal: [UInt8], startsText: Bool, isEscaped: (Int) -> Bool = { _ in false }) -> [Match] {
        guard literal.contains(UInt8(ascii: "#")) else { return [] }
        var characters: [(character: Character, offset: Int)] = []
        var offset = 0
        for character in String(decoding: literal, as: UTF8.self) {
            characters.append((character, offset))
            offset += character.utf8.count
        }
        var matches: [Match] = []
        var index = 0
        while index < characters.count {
            let (character, start) = characters[index]
            let opens = index == 0 ? startsText : Self.mayPrecede(characters[index - 1].character)
            guard character == "#", opens, !isEscaped(start) else {
                index += 1
                continue
            }
            var end = index + 1
            while end < characters.count, Self.isTagCharacter(characters[end].character) {
                end += 1
            }
            var last = end
            while last > index + 1, characters[last - 1].character == "-" || characters[last - 1].character == "/" {
                last -= 1
            }
            let name = String(characters[(index + 1)..<last].map(\.character))
            if name.contains(where: { !$0.isNumber }) {
                let byteEnd = last < characters.count ? characters[last].offset : literal.count
                matches.append(Match(range: start..<byteEnd, name: name))
            }
            index = max(end, index + 1)
        }
        return matches
    }

    private static func mayPrecede(_ character: Character) -> Bool {
        character.isWhitespace || character == "("
    }

    private static func isTagCharacter(_ character: Character) -> Bool {
        character.isLetter || character.isNumber || character == "_" || character == "-" || character == "/"
    }
}
