import CImmortal

/// Makes the objects of values immortal, as the compiler makes the objects it lays out in a
/// binary: their counts are no longer raised and lowered, and they are never freed.
///
/// Both rendering threads read the same site: every entry's name, path and fields are copied into
/// many pages' data, and each copy raised and lowered the count of the string or array it holds:
/// an atomic write to memory the other thread may be writing to as well. On a 2-core machine a
/// count raised and lowered by both threads at once took 120–130 ns, by one thread alone 24 ns,
/// and 7–9 ns on an immortal object, whose count is only read: the threads then share its memory
/// without taking it from each other.
///
/// For a process that ends when its work does (`questlog build`): the objects are never freed,
/// which is what that process does with them anyway. Values keep their meaning: an immortal
/// object is never uniquely referenced, so a change to a value that holds one copies it first.
/// What this relies on (an object's counts in the word after its metadata, a string's, an array's
/// and a dictionary's storage as their values' bits) is checked once, on objects made for the
/// purpose (`isAvailable`); where it does not hold, and on platforms other than Linux on 64-bit
/// x86 and ARM, nothing is changed.
public enum Immortal {
    /// Whether the objects of values can be made immortal here: on Linux on 64-bit x86 and ARM,
    /// when objects, strings, arrays and dictionaries are laid out as this expects.
    public static let isAvailable: Bool = {
        #if os(Linux) && (arch(x86_64) || arch(arm64))
        layoutHolds()
        #else
        false
        #endif
    }()

    /// A class of no fields, for the check.
    private final class Probe {}

    /// Whether objects and the storage of strings, arrays and dictionaries are laid out as this
    /// expects: for each made here, one more reference raises its count word by one strong count,
    /// and giving it back lowers it again; and a probe made immortal keeps the immortal word
    /// through a reference taken and given back.
    private static func layoutHolds() -> Bool {
        let immortal = questlog_immortal_word()
        guard immortal != 0 else { return false }
        func countedOnce(_ address: UInt) -> Bool {
            guard address >> 60 == 0, let pointer = UnsafeMutableRawPointer(bitPattern: address) else { return false }
            let before = questlog_count_word(pointer)
            let object = Unmanaged<AnyObject>.fromOpaque(pointer)
            _ = object.retain()
            // The strong count's field starts at bit 33; the slow bit (63) is clear.
            let raised = questlog_count_word(pointer)
            object.release()
            return before >> 63 == 0 && raised == before + (1 << 33) && questlog_count_word(pointer) == before
        }
        let probe = Probe()
        let string = String(repeating: "immortal", count: 4)
        let array = Array(0..<4)
        let dictionary = Dictionary(uniqueKeysWithValues: [(1, 1)])
        let laidOut = withExtendedLifetime((probe, string, array, dictionary)) {
            countedOnce(UInt(bitPattern: Unmanaged.passUnretained(probe).toOpaque()))
                && countedOnce(unsafeBitCast(string, to: (UInt64, UInt).self).1)
                && countedOnce(unsafeBitCast(array, to: UInt.self))
                && countedOnce(unsafeBitCast(dictionary, to: UInt.self))
        }
        guard laidOut else { return false }
        let immortalProbe = Probe()
        let object = Unmanaged.passUnretained(immortalProbe)
        guard questlog_make_immortal(object.toOpaque()) == 1 else { return false }
        _ = object.retain()
        object.release()
        return questlog_count_word(object.toOpaque()) == immortal
    }

    /// Makes the object at `address` immortal: a native Swift object the caller holds a reference to.
    @inline(__always)
    public static func object(at address: UInt) {
        guard isAvailable, address != 0 else { return }
        _ = questlog_make_immortal(UnsafeMutableRawPointer(bitPattern: address))
    }

    /// Whether the object at `address` is immortal: one the compiler laid out, or one made so.
    public static func isImmortal(at address: UInt) -> Bool {
        guard isAvailable, address != 0, let pointer = UnsafeRawPointer(bitPattern: address) else { return false }
        return questlog_count_word(pointer) == questlog_immortal_word()
    }

    /// Whether the storage of `string` is immortal; false for a string held in the value itself.
    public static func isImmortal(_ string: String) -> Bool {
        let object = unsafeBitCast(string, to: (UInt64, UInt).self).1
        return object >> 60 == 0 && isImmortal(at: object)
    }

    public static func object(_ instance: AnyObject) {
        object(at: UInt(bitPattern: Unmanaged.passUnretained(instance).toOpaque()))
    }

    /// The storage of `string`, when it has one: a string of up to 15 bytes is held in the value
    /// itself, and a literal in the binary, neither of them counted.
    public static func string(_ string: String) {
        // A string is two words: its count and flags, then its object. The object word of a native
        // string (or of a string sharing another's storage) is the storage's address, its top four
        // bits clear; small strings and literals set the top bit.
        let object = unsafeBitCast(string, to: (UInt64, UInt).self).1
        guard object >> 60 == 0 else { return }
        Self.object(at: object)
    }

    public static func string(_ string: String?) {
        if let string { Self.string(string) }
    }

    /// The storage of an array (its elements not looked at): a native array is the address of its
    /// storage; the empty array's is static, immortal already.
    public static func array<Element>(_ array: [Element]) {
        object(at: unsafeBitCast(array, to: UInt.self))
    }

    /// The storage of a dictionary or set (its keys and values not looked at).
    public static func dictionary<Key, Value>(_ dictionary: [Key: Value]) {
        object(at: unsafeBitCast(dictionary, to: UInt.self))
    }

    public static func set<Element>(_ set: Set<Element>) {
        object(at: unsafeBitCast(set, to: UInt.self))
    }

    public static func strings(_ strings: [String]) {
        array(strings)
        for string in strings { Self.string(string) }
    }

    /// A table of strings: its storage, keys and values.
    public static func strings(_ table: [String: String]) {
        dictionary(table)
        for (key, value) in table {
            string(key)
            string(value)
        }
    }
}
