/// The `[!type]` that opens an Obsidian callout, read from the start of a block quote's first line.
///
/// The type is letters, digits and `-`, in any case; `-` right after `]` makes the callout
/// foldable and collapsed, `+` foldable and open. The rest of the line, after spaces, is the title.
struct CalloutMarker: Equatable {
    enum Fold: Equatable {
        case collapsed
        case open
    }

    /// The type, lowercased.
    var type: String
    var fold: Fold?
    /// How many bytes of the line the marker and the spaces after it take.
    var length: Int

    init?(_ line: [UInt8]) {
        guard line.starts(with: Array("[!".utf8)), let close = line.firstIndex(of: UInt8(ascii: "]")), close > 2 else {
            return nil
        }
        let name = String(decoding: line[2..<close], as: UTF8.self)
        guard name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" }) else { return nil }
        type = name.lowercased()
        var end = close + 1
        switch end < line.count ? line[end] : nil {
        case UInt8(ascii: "-"):
            fold = .collapsed
            end += 1
        case UInt8(ascii: "+"):
            fold = .open
            end += 1
        default:
            fold = nil
        }
        while end < line.count, line[end] == UInt8(ascii: " ") || line[end] == UInt8(ascii: "\t") {
            end += 1
        }
        length = end
    }

    /// The title of a callout of this type written without one.
    func defaultTitle(from titles: [String: String]) -> String {
        titles[type] ?? type.prefix(1).uppercased() + type.dropFirst()
    }
}

