import Mustache

/// Renders a realistic 10 KB page layout, with a 50-row table drawn by a partial, many times.
enum MustacheBenchmark {
    static let renders = 10_000
    static let rows = 50

    static func run() throws {
        let library = MustacheLibrary(templates: templates, strict: true)
        let errors = library.validate(["layout"])
        guard errors.isEmpty, let layout = try library.template(named: "layout") else {
            throw BenchmarkFailure(message: "the benchmark's templates do not compile: \(errors)")
        }
        let data = pageData()
        let sample = try library.render(layout, with: data)
        guard sample.utf8.count > 10_000, sample.ranges(of: "<tr class=\"npc").count == rows else {
            throw BenchmarkFailure(message: "the rendered page is not the expected page")
        }

        // Pages are rendered into one reused buffer, as a site generator writes them to files.
        var buffer: [UInt8] = []
        var outputBytes = 0
        let clock = ContinuousClock()
        let elapsed = try clock.measure {
            for _ in 0..<renders {
                buffer.removeAll(keepingCapacity: true)
                try library.render(layout, with: data, appendingTo: &buffer)
                outputBytes &+= buffer.count
            }
        }
        // The same renders returning a String each, which adds UTF-8 validation of the output.
        let elapsedAsStrings = try clock.measure {
            for _ in 0..<renders {
                outputBytes &+= try library.render(layout, with: data).utf8.count
            }
        }
        let seconds = Self.seconds(elapsed)
        let secondsAsStrings = Self.seconds(elapsedAsStrings)
        print("mustache: \(renders) renders of a \(layoutSourceBytes) byte layout with a \(rows)-row loop")
        print("  total      \(format(seconds, decimals: 3)) s (\(format(secondsAsStrings, decimals: 3)) s returning Strings)")
        print("  per render \(format(seconds / Double(renders) * 1e6, decimals: 1)) µs")
        print("  output     \(sample.utf8.count) bytes per render")
    }

    private static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }

    /// The layout's own source size, not counting its partials.
    static var layoutSourceBytes: Int {
        templates["layout", default: ""].utf8.count
    }

    private static func format(_ value: Double, decimals: Int) -> String {
        var scale = 1.0
        for _ in 0..<decimals { scale *= 10 }
        let scaled = Int((value * scale).rounded())
        let whole = scaled / Int(scale)
        let fraction = String(scaled % Int(scale))
        return "\(whole).\(String(repeating: "0", count: decimals - fraction.count))\(fraction)"
    }
}
