// swift-tools-version:6.0
import PackageDescription

// Data flows one way: bytes → demux → parse → classify → signal → simulate → report.
// - CFFmpeg: the system libraries (pkg-config libavformat libavcodec libavutil).
// - HDRProbeCore: pure Swift, no FFmpeg, no file I/O: bit reader, parsers, models, classification, report.
// - HDRProbeEngine: the only target that imports CFFmpeg; reads files and feeds the core.
// - HDRProbe: the embeddable library product (`import HDRProbe`): a small async API over the engine.
// - HDRProbeScan: scanning whole media libraries (walk, worker pool, incremental cache (GRDB), scan/check/merge/matrix
//   runs over scan output). Named for what it does: "HDRProbeLibrary" read as a SwiftPM library.
// - CProcessControl: prctl(PR_SET_PDEATHSIG) for the worker processes, statfs for the walk (Linux; no-ops elsewhere).
// - hdrprobe: the command line, one file per subcommand, no logic.
let package = Package(
    name: "hdrprobe",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "hdrprobe", targets: ["hdrprobe"]),
        // The embeddable library: `import HDRProbe` (docs: Sources/HDRProbe/HDRProbe.docc).
        .library(name: "HDRProbe", targets: ["HDRProbe"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/jpsim/Yams", from: "5.0.0"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
    ],
    targets: [
        .systemLibrary(
            name: "CFFmpeg",
            pkgConfig: "libavformat libavcodec libavutil",
            providers: [.apt(["libavformat-dev", "libavcodec-dev", "libavutil-dev"]), .brew(["ffmpeg"])]
        ),
        .target(
            name: "HDRProbeCore",
            dependencies: [.product(name: "Yams", package: "Yams")],
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
        .target(
            name: "HDRProbeEngine",
            dependencies: ["CFFmpeg", "HDRProbeCore"],
            resources: [.copy("Resources/devices.yaml")],
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
        // The embeddable library's public API: probe, simulate, plan signalling (async, documented).
        .target(
            name: "HDRProbe",
            dependencies: ["HDRProbeEngine", "HDRProbeCore"],
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
        // C functions Swift cannot call directly: prctl (variadic) for a worker's parent-death
        // signal, statfs (not in the Glibc module) for the walk's pseudo-file-system check.
        .target(name: "CProcessControl"),
        .target(
            name: "HDRProbeScan",
            dependencies: ["HDRProbeEngine", "HDRProbeCore", "CProcessControl", .product(name: "GRDB", package: "GRDB.swift")],
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
        .executableTarget(
            name: "hdrprobe",
            dependencies: [
                "HDRProbeEngine", "HDRProbeCore", "HDRProbeScan",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
        .testTarget(
            name: "HDRProbeCoreTests",
            dependencies: ["HDRProbeCore"],
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
        .testTarget(
            name: "HDRProbeEngineTests",
            dependencies: ["HDRProbeEngine", "HDRProbeCore", "HDRProbeScan", "HDRProbe", "hdrprobe",
                           .product(name: "GRDB", package: "GRDB.swift")],
            exclude: ["Fixtures"],
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
    ]
)
