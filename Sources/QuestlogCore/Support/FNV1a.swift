/// The 64-bit FNV-1a hash: fast, stable across runs and platforms (unlike `Hasher`), for stamps and
/// names that must mean the same thing next time.
enum FNV1a {
    static func hash(_ bytes: some Sequence<UInt8>) -> UInt64 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in bytes {
            hash = (hash ^ UInt64(byte)) &* 0x100_0000_01B3
        }
        return hash
    }
}
