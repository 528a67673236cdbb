import Dispatch

/// Lets go of a large value on a thread of its own, so that freeing it (a whole site's entries and
/// pages) costs the caller nothing: `serve` drops its last build this way while the new one is
/// shown. The value must hold the last references to what is to be freed; freeing order and time
/// change nothing a caller can see.
public enum BackgroundRelease {
    private static let queue = DispatchQueue(label: "questlog.release", qos: .utility)

    public static func release<Value: Sendable>(_ value: consuming Value?) {
        guard let value = value.take() else { return }
        queue.async { withExtendedLifetime(value) {} }
    }
}
