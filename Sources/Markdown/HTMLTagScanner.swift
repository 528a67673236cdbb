/// Splits raw HTML into text, tags and ignored markup the way a browser's tokenizer does (the
/// HTML standard's data, tag, attribute, comment and bogus-comment states), so that hostile
/// input is read as the browser would read it: quoted and unquoted values, `/` between
/// attributes, `=` and quotes in odd places, `<!-->` and `--!>`, `</` and `<!` and `<?`
/// constructs.
///
/// The contents of elements whose text browsers never parse as markup (`<script>`, `<style>`,
/// `<textarea>`, `<noscript>` and the like) are ignored up to their end tag, and everything
/// after `<plaintext>`. A tag or comment left open at the end is ignored with everything after
/// it, as a browser would swallow it.
struct HTMLTagScanner {
    /// Elements whose content is text up to their end tag.
    static let rawTextElements: Set<String> = [
        "script", "style", "textarea", "title", "xmp", "iframe", "noembed", "noframes", "noscript",
    ]

    private let scalars: [Unicode.Scalar]
    private var index = 0

    init(_ html: String) {
        scalars = Array(html.unicodeScalars)
    }

    /// Every token of the input, in order.
    static func tokens(of html: String) -> [HTMLToken] {
        var scanner = HTMLTagScanner(html)
        var tokens: [HTMLToken] = []
        while let token = scanner.next() {
            tokens.append(token)
        }
        return tokens
    }

    /// The next token; nil at the end.
    mutating func next() -> HTMLToken? {
        guard index < scalars.count else { return nil }
        guard scalars[index] == "<" else { return .text(text()) }
        let opening = index
        index += 1
        guard index < scalars.count else { return .text("<") }
        let scalar = scalars[index]
        if Self.isASCIILetter(scalar) {
            guard let (name, attributes) = tag() else { return ignoreRest() }
            if name == "plaintext" {
                index = scalars.count
            } else if Self.rawTextElements.contains(name) {
                skipRawText(of: name)
            }
            return .startTag(name: name, attributes: attributes)
        }
        switch scalar {
        case "/":
            index += 1
            guard index < scalars.count else { return ignoreRest() }
            if scalars[index] == ">" {
                index += 1
                return .ignored
            }
            guard Self.isASCIILetter(scalars[index]) else { return bogusComment() }
            guard let (name, _) = tag() else { return ignoreRest() }
            return .endTag(name: name)
        case "!":
            index += 1
            if starts(with: "--") {
                index += 2
                return comment()
            }
            return bogusComment()
        case "?":
            return bogusComment()
        default:
            index = opening + 1
            return .text("<")
        }
    }

    // MARK: States

    /// Text up to the next `<`.
    private mutating func text() -> String {
        var out = String.UnicodeScalarView()
        while index < scalars.count, scalars[index] != "<" {
            out.append(scalars[index])
            index += 1
        }
        return String(out)
    }

    /// A tag's name and attributes, from its name's first letter to the `>` that closes it
    /// (consumed); nil when the input ends first.
    private mutating func tag() -> (String, [HTMLAttribute])? {
        var name = String.UnicodeScalarView()
        while index < scalars.count, !Self.isWhitespace(scalars[index]), scalars[index] != "/", scalars[index] != ">" {
            name.append(Self.lowercased(scalars[index]))
            index += 1
        }
        var attributes: [HTMLAttribute] = []
        var seen: Set<String> = []
        while true {
            // Before an attribute's name: whitespace and `/` are skipped (a `/` not followed by `>`
            // is dropped, as a browser drops it).
            while index < scalars.count, Self.isWhitespace(scalars[index]) || scalars[index] == "/" {
                index += 1
            }
            guard index < scalars.count else { return nil }
            if scalars[index] == ">" {
                index += 1
                return (String(name), attributes)
            }
            guard let attribute = attribute() else { return nil }
            if seen.insert(attribute.name).inserted {
                attributes.append(attribute)
            }
        }
    }

    /// One attribute, from the first character of its name; nil when the input ends first.
    private mutating func attribute() -> HTMLAttribute? {
        var name = String.UnicodeScalarView()
        // A leading `=` belongs to the name.
        name.append(Self.lowercased(scalars[index]))
        index += 1
        while index < scalars.count, !Self.isWhitespace(scalars[index]), scalars[index] != "/", scalars[index] != ">",
              scalars[index] != "=" {
            name.append(Self.lowercased(scalars[index]))
            index += 1
        }
        skipWhitespace()
        guard index < scalars.count else { return nil }
        guard scalars[index] == "=" else { return HTMLAttribute(name: String(name), value: "") }
        index += 1
        skipWhitespace()
        guard index < scalars.count else { return nil }
        var value = String.UnicodeScalarView()
        let quote = scalars[index]
        if quote == "\"" || quote == "'" {
            index += 1
            while index < scalars.count, scalars[index] != quote {
                value.append(scalars[index])
                index += 1
            }
            guard index < scalars.count else { return nil }
            index += 1
        } else {
            while index < scalars.count, !Self.isWhitespace(scalars[index]), scalars[index] != ">" {
                value.append(scalars[index])
                index += 1
            }
        }
        return HTMLAttribute(name: String(name), value: HTMLCharacterReference.decode(String(value)))
    }

    /// After `<!--`: up to `-->` or `--!>`, or at once for `<!-->` and `<!--->`.
    private mutating func comment() -> HTMLToken {
        if starts(with: ">") {
            index += 1
            return .ignored
        }
        if starts(with: "->") {
            index += 2
            return .ignored
        }
        while index < scalars.count {
            if starts(with: "-->") {
                index += 3
                return .ignored
            }
            if starts(with: "--!>") {
                index += 4
                return .ignored
            }
            index += 1
        }
        return .ignored
    }

    /// `<!…>`, `<?…>` and `</…>` that are not tags: up to the first `>`.
    private mutating func bogusComment() -> HTMLToken {
        while index < scalars.count, scalars[index] != ">" {
            index += 1
        }
        if index < scalars.count {
            index += 1
        }
        return .ignored
    }

    /// Skips a raw-text element's content, up to (not including) `</name` followed by
    /// whitespace, `/` or `>`; or to the end.
    private mutating func skipRawText(of name: String) {
        let closing = Array("</".unicodeScalars) + Array(name.unicodeScalars)
        while index < scalars.count {
            if scalars[index] == "<", index + closing.count < scalars.count,
               zip(scalars[index..<index + closing.count], closing).allSatisfy({ Self.lowercased($0) == $1 }) {
                let after = scalars[index + closing.count]
                if Self.isWhitespace(after) || after == "/" || after == ">" { return }
            }
            index += 1
        }
    }

    private mutating func ignoreRest() -> HTMLToken {
        index = scalars.count
        return .ignored
    }

    private mutating func skipWhitespace() {
        while index < scalars.count, Self.isWhitespace(scalars[index]) {
            index += 1
        }
    }

    private func starts(with text: String) -> Bool {
        var position = index
        for scalar in text.unicodeScalars {
            guard position < scalars.count, scalars[position] == scalar else { return false }
            position += 1
        }
        return true
    }

    // MARK: Characters

    /// Tab, line feed, form feed, carriage return (a browser reads it as a line feed) and space.
    private static func isWhitespace(_ scalar: Unicode.Scalar) -> Bool {
        scalar == " " || scalar == "\t" || scalar == "\n" || scalar == "\u{0C}" || scalar == "\r"
    }

    private static func isASCIILetter(_ scalar: Unicode.Scalar) -> Bool {
        (scalar >= "a" && scalar <= "z") || (scalar >= "A" && scalar <= "Z")
    }

    /// ASCII letters lowercased, as browsers lowercase tag and attribute names; nothing else.
    private static func lowercased(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
        scalar >= "A" && scalar <= "Z" ? Unicode.Scalar(scalar.value + 32)! : scalar
    }
}
