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
        var hash: UInt32 = 2_166_136_261
        for byte in name.utf8 {
            hash = (hash ^ UInt32(byte)) &* 16_777_619
        }
        return hash
    }
}
