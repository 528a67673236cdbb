// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "Questlog",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "questlog", targets: ["questlog"]),
        .library(name: "QuestlogCore", targets: ["QuestlogCore"]),
        .library(name: "Mustache", targets: ["Mustache"]),
    ],
    targets: [
        .systemLibrary(
            name: "CCmarkGFM",
            pkgConfig: "libcmark-gfm",
            providers: [.apt(["libcmark-gfm-dev", "libcmark-gfm-extensions-dev"]), .brew(["cmark-gfm"])]
        ),
        .systemLibrary(
            name: "CYAML",
            pkgConfig: "yaml-0.1",
            providers: [.apt(["libyaml-dev"]), .brew(["libyaml"])]
        ),
        .systemLibrary(
            name: "CZlib",
            pkgConfig: "zlib",
            providers: [.apt(["zlib1g-dev"]), .brew(["zlib"])]
        ),
        .target(name: "CImmortal"),
        .target(name: "CFileExchange"),
        .target(name: "Immortal", dependencies: ["CImmortal"]),
        .target(name: "YAML", dependencies: ["CYAML"]),
        .target(name: "Markdown", dependencies: ["CCmarkGFM"]),
        .target(name: "Mustache", dependencies: ["Immortal"]),
        .target(
            name: "QuestlogCore",
            dependencies: ["YAML", "Markdown", "Mustache", "CZlib", "CFileExchange", "Immortal"],
            plugins: [.plugin(name: "EmbedTheme")]
        ),
        .target(name: "QuestlogCLI", dependencies: ["QuestlogCore"]),
        .executableTarget(name: "questlog", dependencies: ["QuestlogCLI"]),
        .executableTarget(name: "questlog-embed", path: "Sources/questlog-embed"),
        .plugin(name: "EmbedTheme", capability: .buildTool(), dependencies: ["questlog-embed"]),
        .executableTarget(
            name: "questlog-bench",
            dependencies: ["Mustache", "QuestlogCore"],
            path: "Benchmarks/questlog-bench"
        ),
        .target(name: "FuzzSupport", path: "Fuzz/FuzzSupport"),
        .executableTarget(name: "FuzzFrontMatter", dependencies: ["FuzzSupport", "QuestlogCore", "YAML"], path: "Fuzz/FuzzFrontMatter"),
        .executableTarget(name: "FuzzMarkdown", dependencies: ["FuzzSupport", "Markdown"], path: "Fuzz/FuzzMarkdown"),
        .executableTarget(name: "FuzzMustache", dependencies: ["FuzzSupport", "Mustache"], path: "Fuzz/FuzzMustache"),
        .executableTarget(name: "FuzzSearchTokenizer", dependencies: ["FuzzSupport", "QuestlogCore"], path: "Fuzz/FuzzSearchTokenizer"),
        .executableTarget(name: "FuzzSite", dependencies: ["FuzzSupport", "QuestlogCore"], path: "Fuzz/FuzzSite"),
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        .testTarget(name: "ImmortalTests", dependencies: ["Immortal"]),
        .testTarget(name: "YAMLTests", dependencies: ["YAML", "TestSupport"]),
        .testTarget(name: "MarkdownTests", dependencies: ["Markdown", "TestSupport"]),
        .testTarget(name: "MustacheTests", dependencies: ["Mustache", "Immortal", "TestSupport"]),
        .testTarget(name: "QuestlogCoreTests", dependencies: ["QuestlogCore", "Immortal", "TestSupport", "CZlib"]),
        .testTarget(name: "QuestlogCLITests", dependencies: ["QuestlogCLI", "QuestlogCore", "TestSupport"]),
    ]
)
