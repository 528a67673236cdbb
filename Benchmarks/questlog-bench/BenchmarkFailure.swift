/// A benchmark that could not run as designed.
struct BenchmarkFailure: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
}
