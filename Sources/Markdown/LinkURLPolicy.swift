/// Decides which link and image URLs may reach the HTML.
///
/// `javascript:`, `vbscript:`, `file:` and `data:` URLs are refused, except `data:` images in
/// PNG, GIF, JPEG or WebP on images. The scheme is read the way a browser reads it: tabs and
/// line breaks anywhere are ignored, as are control characters and spaces around the URL, and
/// case does not matter. cmark-gfm has already decoded entities and backslash escapes.
enum LinkURLPolicy {
    private static let refusedSchemes: Set<String> = ["javascript", "vbscript", "file", "data"]
    private static let imageDataTypes = ["image/png", "image/gif", "image/jpeg", "image/webp"]

    static func permits(_ url: String, isImage: Bool) -> Bool {
        // Most URLs are ASCII without tabs or line breaks, and start with a printable character:
        // then the scheme is the bytes before the first colon, and only one as long as a refused
        // scheme can be one.
        if let first = url.utf8.first, first > 0x20, first < 0x80,
           !url.utf8.contains(where: { $0 >= 0x80 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }) {
            guard let colon = url.utf8.firstIndex(of: UInt8(ascii: ":")) else { return true }
            let length = url.utf8.distance(from: url.utf8.startIndex, to: colon)
            if length != 4 && length != 8 && length != 10 { return true }
        }
        return permitsScheme(url, isImage: isImage)
    }

    private static func permitsScheme(_ url: String, isImage: Bool) -> Bool {
        var normalized = String.UnicodeScalarView()
        for scalar in url.unicodeScalars where scalar != "\t" && scalar != "\n" && scalar != "\r" {
            normalized.append(scalar)
        }
        let scalars = normalized.drop(while: { $0.value <= 0x20 })
        guard let colon = scalars.firstIndex(of: ":") else { return true }
        let scheme = String(scalars[scalars.startIndex..<colon]).lowercased()
        guard refusedSchemes.contains(scheme) else { return true }
        guard isImage, scheme == "data" else { return false }
        let rest = String(scalars[scalars.index(after: colon)...]).lowercased()
        return imageDataTypes.contains { type in
            rest.hasPrefix(type + ";") || rest.hasPrefix(type + ",")
        }
    }
}
