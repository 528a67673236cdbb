import Foundation
import QuestlogCore

/// Times whole builds of a generated site written to disk: `check` (load and resolve), a build into
/// an empty folder, and a rebuild with nothing changed, at 1,000 and 10,000 entries.
enum BuildBenchmark {
    static func run() throws {
        print("build: generated sites on disk, best of 3 runs, \(ProcessInfo.processInfo.activeProcessorCount) threads")
        print("entries  files   check     build (empty Output)   rebuild (no change)")
        for entries in [1_000, 10_000] {
            let root = NSTemporaryDirectory() + "questlog-build-bench-\(entries)"
            try? FileManager.default.removeItem(atPath: root)
            try BuildCorpus.write(entries: entries, to: root)
            defer { try? FileManager.default.removeItem(atPath: root) }
            let jobs = ProcessInfo.processInfo.activeProcessorCount
            var check = Double.infinity, cold = Double.infinity, warm = Double.infinity
            var files = 0
            for _ in 0..<3 {
                check = min(check, try time {
                    let (_, diagnostics) = Resolver(jobs: jobs).resolve(SiteLoader(root: root, jobs: jobs).load())
                    if diagnostics.hasErrors { throw BenchmarkFailure(message: "the generated site has errors:\n\(diagnostics.formattedText())") }
                })
                try? FileManager.default.removeItem(atPath: root + "/Output")
                cold = min(cold, try time {
                    let result = SiteBuild(options: BuildOptions(site: root, output: root + "/Output", jobs: jobs)).run()
                    guard let report = result.report else { throw BenchmarkFailure(message: "the build failed:\n\(result.diagnostics.formattedText())") }
                    files = report.written.count
                })
                warm = min(warm, try time {
                    let result = SiteBuild(options: BuildOptions(site: root, output: root + "/Output", jobs: jobs)).run()
                    guard let report = result.report, report.written.isEmpty else { throw BenchmarkFailure(message: "the rebuild rewrote files") }
                })
            }
            print(String(format: "%7d  %6d  %6.3f s  %6.3f s                %6.3f s", entries, files, check, cold, warm))
        }
    }

    private static func time(_ body: () throws -> Void) throws -> Double {
        let start = DispatchTime.now().uptimeNanoseconds
        try body()
        return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    }
}
