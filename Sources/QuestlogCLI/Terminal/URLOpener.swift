import Foundation

/// Opens an address in the user's browser: `xdg-open` on Linux, `open` on macOS. Tests pass one
/// that records the address instead.
public struct URLOpener: Sendable {
    /// Opens the address; `failed` hears why, possibly later and on another thread.
    public var open: @Sendable (_ url: String, _ failed: @escaping @Sendable (String) -> Void) -> Void

    public init(open: @escaping @Sendable (_ url: String, _ failed: @escaping @Sendable (String) -> Void) -> Void) {
        self.open = open
    }

    /// The platform's opener, run through `env` so it is looked up on the `PATH`.
    public static var system: URLOpener {
        #if os(macOS)
        let program = "open"
        #else
        let program = "xdg-open"
        #endif
        return URLOpener { url, failed in
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = [program, url]
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            process.terminationHandler = { finished in
                if finished.terminationStatus != 0 {
                    failed("\(program) exited with status \(finished.terminationStatus)")
                }
            }
            do {
                try process.run()
            } catch {
                failed("cannot run \(program): \(error.localizedDescription)")
            }
        }
    }
}
