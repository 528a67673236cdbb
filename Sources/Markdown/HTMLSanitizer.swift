/// Rewrites raw HTML from a note so that it can run no script: what it keeps, it writes itself.
///
/// The HTML is read by `HTMLTagScanner` the way a browser reads it. Text is kept with `<` and
/// `>` escaped. A tag is kept only when `HTMLAllowlist` allows its element, and then written
/// anew with only its allowed attributes, every value quoted and escaped; a URL attribute is
/// kept only when `LinkURLPolicy` permits its value as decoded (for `srcset`, every URL in
/// it). Comments, doctypes, processing instructions, other tags and the contents of `<script>`,
/// `<style>` and the other raw-text elements are dropped. Since nothing is copied through
/// unparsed, the browser reads the output exactly as it was checked.
enum HTMLSanitizer {
    /// `html` made safe; see the type's description.
    static func sanitize(_ html: String) -> String {
        var out = ""
        for token in HTMLTagScanner.tokens(of: html) {
            switch token {
            case let .text(text):
                for character in text {
                    switch character {
                    case "<": out += "&lt;"
                    case ">": out += "&gt;"
                    default: out.append(character)
                    }
                }
            case let .startTag(name, attributes) where HTMLAllowlist.elements.contains(name):
                out += "<" + name
                for attribute in attributes where keeps(attribute, on: name) {
                    out += " " + attribute.name + "=\"" + escaped(attribute.value) + "\""
                }
                out += ">"
            case let .endTag(name) where HTMLAllowlist.elements.contains(name) && !HTMLAllowlist.voidElements.contains(name):
                out += "</" + name + ">"
            case .startTag, .endTag, .ignored:
                break
            }
        }
        return out
    }

    private static func keeps(_ attribute: HTMLAttribute, on element: String) -> Bool {
        guard HTMLAllowlist.allows(attribute.name, on: element) else { return false }
        guard HTMLAllowlist.urlAttributes.contains(attribute.name) else { return true }
        // Pictures may be `data:` images, as in Markdown; a video or a link may not.
        let isPicture = element == "img" || attribute.name == "srcset" || attribute.name == "poster"
        guard attribute.name == "srcset" else { return LinkURLPolicy.permits(attribute.value, isImage: isPicture) }
        // Candidates are URLs followed by descriptors, split by commas; a `data:` URL holds a
        // comma itself, so every piece between whitespace and commas is checked.
        let pieces = attribute.value.split { $0 == "," || $0.isWhitespace }
        return pieces.allSatisfy { LinkURLPolicy.permits(String($0), isImage: true) }
    }

    private static func escaped(_ value: String) -> String {
        var out = ""
        for character in value {
            switch character {
            case "&": out += "&amp;"
            case "\"": out += "&quot;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            default: out.append(character)
            }
        }
        return out
    }
}
