import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// How long each stage of a build took, how many items it handled and how many of those it could
/// reuse, with the process's peak memory when the stage ended (`questlog build --timings`).
public final class BuildTimings: @unchecked Sendable {
    public struct Stage: Sendable, Hashable {
        public var name: String
        public var seconds: Double
        /// Items the stage produced or handled (files read, entries, pages, files written).
        public var items: Int
        /// Of those, how many were reused rather than redone (files left untouched on disk).
        public var reused: Int
        /// The process's peak resident memory so far, in bytes.
        public var peakBytes: Int
        /// The processor time the whole process spent during the stage (user and system, every
        /// thread): twice `seconds` when the stage kept two cores busy.
        public var cpuSeconds: Double = 0
        /// The stage ran beside others, within the stage recorded after it (`measureBeside`): its
        /// time is part of that stage's, and its processor time is not its own alone.
        public var isBeside = false
    }

    /// The stage running now and how far it got, for a progress display to show.
    public struct Live: Sendable, Hashable {
        public var stage: String
        public var done: Int
        /// How many items the stage will handle, once it knows.
        public var total: Int?

        public init(stage: String, done: Int, total: Int?) {
            self.stage = stage
            self.done = done
            self.total = total
        }
    }

    private let lock = NSLock()
    private var recorded: [Stage] = []
    private var running: Live?

    public init() {}

    /// The stages in the order they ended.
    public var stages: [Stage] {
        lock.lock()
        defer { lock.unlock() }
        return recorded
    }

    /// The stage running now, nil between stages.
    public var live: Live? {
        lock.withLock { running }
    }

    /// Says how many items the running stage will handle.
    public func expect(_ total: Int) {
        lock.withLock { running?.total = total }
    }

    /// Counts `count` more items done in the running stage; safe from any thread.
    public func advance(_ count: Int = 1) {
        lock.withLock { running?.done += count }
    }

    /// Runs `body` as the stage `name`; `count` tells how many items its result holds and reuses.
    /// With `trimming`, the memory the stage freed is given back afterwards (`releaseFreedMemory`),
    /// which takes a moment in a big process: a stage of a few milliseconds goes without.
    public func measure<T>(_ name: String, trimming: Bool = true, _ body: () throws -> T,
                           count: (T) -> (items: Int, reused: Int)) rethrows -> T {
        lock.withLock { running = Live(stage: name, done: 0, total: nil) }
        defer { lock.withLock { running = nil } }
        let result = try timed(name, beside: false, body, count: count)
        if trimming { Self.releaseFreedMemory() }
        return result
    }

    /// Adds the stages `other` recorded after those recorded here.
    public func append(_ other: BuildTimings) {
        let stages = other.stages
        lock.withLock { recorded += stages }
    }

    /// Runs `body` as the stage `name` beside other stages, within a stage that `measure` times:
    /// it is recorded, but is not the running stage a progress display shows, and the total does not
    /// count it twice.
    public func measureBeside<T>(_ name: String, _ body: () throws -> T, count: (T) -> (items: Int, reused: Int)) rethrows -> T {
        try timed(name, beside: true, body, count: count)
    }

    private func timed<T>(_ name: String, beside: Bool, _ body: () throws -> T, count: (T) -> (items: Int, reused: Int)) rethrows -> T {
        let start = DispatchTime.now().uptimeNanoseconds
        let cpuStart = Self.processorSeconds()
        let result = try body()
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        let cpuSeconds = Self.processorSeconds() - cpuStart
        let (items, reused) = count(result)
        let stage = Stage(name: name, seconds: seconds, items: items, reused: reused, peakBytes: Self.peakResidentBytes(),
                          cpuSeconds: cpuSeconds, isBeside: beside)
        lock.withLock { recorded.append(stage) }
        return result
    }

    /// The table `--timings` prints: one row per stage, then the total. Stages that ran beside
    /// others are indented above the stage that holds them.
    public func table() -> String {
        let stages = self.stages
        var lines = ["stage            time      cpu      items     reused   peak memory"]
        for stage in stages {
            lines.append(((stage.isBeside ? "  " : "") + stage.name).padding(toLength: 14, withPad: " ", startingAt: 0)
                + String(format: " %7.3f s %6.2f× %9d %10d   %6.1f MB", stage.seconds, stage.seconds > 0 ? stage.cpuSeconds / stage.seconds : 0,
                         stage.items, stage.reused, Double(stage.peakBytes) / 1_048_576))
        }
        let total = stages.reduce(0) { $0 + ($1.isBeside ? 0 : $1.seconds) }
        let cpu = stages.reduce(0) { $0 + ($1.isBeside ? 0 : $1.cpuSeconds) }
        lines.append("total".padding(toLength: 14, withPad: " ", startingAt: 0)
            + String(format: " %7.3f s %6.2f×", total, total > 0 ? cpu / total : 0))
        return lines.joined(separator: "\n")
    }

    /// One line per stage for `--verbose`: `render pages: 10,007 items in 0.308 s (2 reused)`.
    public func summary() -> String {
        stages.map { stage in
            let reused = stage.reused > 0 ? " (\(Self.grouped(stage.reused)) reused)" : ""
            return "\(stage.name): \(Self.grouped(stage.items)) \(stage.items == 1 ? "item" : "items") in "
                + String(format: "%.3f s", stage.seconds) + reused
        }.joined(separator: "\n")
    }

    /// `10007` as `10,007`, the same in every locale.
    public static func grouped(_ number: Int) -> String {
        let digits = String(number.magnitude)
        var out = ""
        for (index, digit) in digits.enumerated() {
            if index > 0 && (digits.count - index) % 3 == 0 { out.append(",") }
            out.append(digit)
        }
        return (number < 0 ? "-" : "") + out
    }

    /// The peak resident set size of this process, in bytes.
    /// Gives the memory freed by the stage that just ended back to the system, so that the next
    /// stage's peak does not sit on top of the last one's garbage: glibc keeps freed blocks in its
    /// arenas (one per thread) and returns them only when asked.
    ///
    /// A trim walks every arena's free blocks (a millisecond or more once the heap holds a site):
    /// one asked for within `trimInterval` of the last is skipped, as little has been freed since.
    static func releaseFreedMemory() {
        #if canImport(Glibc)
        // `malloc_trim` is glibc's own (in <malloc.h>, which the Glibc module leaves out); found at
        // run time, so another C library simply skips this.
        guard let trim = mallocTrim else { return }
        let now = DispatchTime.now().uptimeNanoseconds
        let due = trimLock.withLock { () -> Bool in
            guard lastTrim == 0 || now &- lastTrim >= trimInterval else { return false }
            lastTrim = now
            return true
        }
        if due { _ = trim(0) }
        #endif
    }

    /// The shortest time between two trims, in nanoseconds.
    static let trimInterval: UInt64 = 10_000_000
    /// When the last trim was made; read and written with `trimLock` held.
    private static let trimLock = NSLock()
    nonisolated(unsafe) private static var lastTrim: UInt64 = 0

    #if canImport(Glibc)
    private static let mallocTrim: (@convention(c) (Int) -> Int32)? = {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc_trim") else { return nil }
        return unsafeBitCast(symbol, to: (@convention(c) (Int) -> Int32).self)
    }()
    #endif

    /// The processor time this process has used so far, user and system, every thread, in seconds.
    public static func processorSeconds() -> Double {
        var usage = rusage()
        #if canImport(Darwin)
        guard getrusage(RUSAGE_SELF, &usage) == 0 else { return 0 }
        #else
        guard getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage) == 0 else { return 0 }
        #endif
        func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
        return seconds(usage.ru_utime) + seconds(usage.ru_stime)
    }

    static func peakResidentBytes() -> Int {
        var usage = rusage()
        #if canImport(Darwin)
        guard getrusage(RUSAGE_SELF, &usage) == 0 else { return 0 }
        return Int(usage.ru_maxrss)
        #else
        guard getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage) == 0 else { return 0 }
        return Int(usage.ru_maxrss) * 1024
        #endif
    }
}
