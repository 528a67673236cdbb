import Foundation

/// `questlog-bench <benchmark>`: each benchmark is a subcommand.
let benchmarks: [(name: String, summary: String, run: () throws -> Void)] = [
    ("mustache", "render a 10 KB layout with a 50-row loop 10,000 times", MustacheBenchmark.run),
    ("search", "search index size, first-query bytes and Chromium latency at 1k, 10k and 50k entries", SearchBenchmark.run),
    ("build", "check, build and rebuild a generated site of 1k and 10k entries on disk", BuildBenchmark.run),
]

let usage = """
    usage: questlog-bench <benchmark>

    Build in release mode for meaningful figures: swift run -c release questlog-bench <benchmark>

    benchmarks:
      corpus N DIR [HUGO_DIR]  write a generated one-game site of N entries (and the same as a Hugo site)
      big-note MB DIR          write a site whose one big note is about MB megabytes
      big-data N DIR           write a site whose N entries are all in one data file
      serve-rebuild DIR [N]    time N saves of one entry as serve makes them (notes, a value, the name)
      exports DIR [N]          time each export format of a site N times, alone on every core
    \(benchmarks.map { "  \($0.name + String(repeating: " ", count: max(1, 12 - $0.name.count)))\($0.summary)" }.joined(separator: "\n"))
    """

let arguments = Array(CommandLine.arguments.dropFirst())
if arguments.first == "corpus" {
    // `questlog-bench corpus N QUESTLOG_DIR [HUGO_DIR]`: the generated site of `Benchmarks/run.sh`.
    guard arguments.count >= 3, let entries = Int(arguments[1]), entries > 0 else {
        FileHandle.standardError.write(Data("usage: questlog-bench corpus ENTRIES QUESTLOG_DIR [HUGO_DIR]\n".utf8))
        exit(64)
    }
    do {
        try SiteCorpus.write(entries: entries, questlog: arguments[2], hugo: arguments.count > 3 ? arguments[3] : nil)
    } catch {
        FileHandle.standardError.write(Data("questlog-bench: \(error)\n".utf8))
        exit(1)
    }
} else if arguments.count == 3, ["big-note", "big-data"].contains(arguments[0]), let size = Int(arguments[1]), size > 0 {
    // The sites of `Benchmarks/memory.sh`.
    do {
        if arguments[0] == "big-note" {
            try BigInputs.writeNote(megabytes: size, to: arguments[2])
        } else {
            try BigInputs.writeData(entries: size, to: arguments[2])
        }
    } catch {
        FileHandle.standardError.write(Data("questlog-bench: \(error)\n".utf8))
        exit(1)
    }
} else if (2...3).contains(arguments.count), arguments[0] == "serve-rebuild", arguments.count == 2 || Int(arguments[2]) != nil {
    do {
        try ServeRebuildBenchmark.run(site: arguments[1], edits: arguments.count == 3 ? Int(arguments[2])! : 21)
    } catch {
        FileHandle.standardError.write(Data("questlog-bench: \(error)\n".utf8))
        exit(1)
    }
} else if (2...3).contains(arguments.count), arguments[0] == "exports", arguments.count == 2 || Int(arguments[2]) != nil {
    do {
        try ExportBenchmark.run(site: arguments[1], runs: arguments.count == 3 ? Int(arguments[2])! : 5)
    } catch {
        FileHandle.standardError.write(Data("questlog-bench: \(error)\n".utf8))
        exit(1)
    }
} else if arguments.count == 1, let benchmark = benchmarks.first(where: { $0.name == arguments[0] }) {
    do {
        try benchmark.run()
    } catch {
        FileHandle.standardError.write(Data("questlog-bench: \(error)\n".utf8))
        exit(1)
    }
} else if arguments == ["--help"] || arguments == ["-h"] {
    print(usage)
} else {
    FileHandle.standardError.write(Data((usage + "\n").utf8))
    exit(64)
}
