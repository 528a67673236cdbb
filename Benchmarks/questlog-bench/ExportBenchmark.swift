import Foundation
import QuestlogCore

/// `questlog-bench exports DIR [N]`: each export format of a site made N times in memory (default
/// 5) from one resolved site, on every core, and alone: prints each format's median wall time and
/// its processor time ÷ wall time, so what the exports stage of a build costs, and how well it uses
/// the cores, is seen without the search index beside it.
enum ExportBenchmark {
    static func run(site: String, runs: Int) throws {
        let jobs = ProcessInfo.processInfo.activeProcessorCount
        let build = SiteBuild(options: BuildOptions(site: site, output: site + "/Output", jobs: jobs))
        guard let resolved = build.renderServed().site else { throw BenchmarkFailure(message: "the site has errors") }
        for format in ExportFormat.allCases {
            var walls: [Double] = [], ratios: [Double] = []
            var bytes = 0
            for _ in 0..<max(1, runs) {
                let cpu = BuildTimings.processorSeconds()
                let start = DispatchTime.now().uptimeNanoseconds
                let files = try format.files(for: resolved, options: ExportOptions(jobs: jobs))
                let wall = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
                walls.append(wall)
                ratios.append((BuildTimings.processorSeconds() - cpu) / wall)
                bytes = files.reduce(0) { $0 + $1.byteCount }
            }
            func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
            print(String(format: "exports %@: median of %d: %.3f s, CPU ÷ wall %.2f, %.1f MB", format.rawValue, walls.count,
                         median(walls), median(ratios), Double(bytes) / 1e6))
        }
    }
}
