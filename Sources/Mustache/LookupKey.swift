/// One part of a dotted name with its hash, computed once when the template compiles.
struct LookupKey: Sendable {
    let name: String
    let hash: UInt32

    init(_ name: String) {
        self.name = name
        hash = Self.hash(name)
    }

    /// FNV-1a over the UTF-8 bytes: cheap, and good enough for field names, which are not
    /// chosen to collide.
    static func hash(_ name: String) -> UInt32 {
        // Over the bytes in place: a name is most often a small string, whose `utf8` view hands
        // its bytes out one at a time far more slowly.
        var name = name
        return name.withUTF8 { bytes in
            var hash: UInt32 = 2_166_136_261
            for byte in bytes {
                hash = (hash ^ UInt32(byte)) &* 16_777_619
            }
            return hash
        }
    }
}
