// swift-tools-version:6.1
import PackageDescription
import Foundation

// Data flows one way: bytes → containers → parse → classify → signal → simulate → report → check.
// Each stage is a target that depends only on the stages before it, so SwiftPM refuses an edge
// against the flow (the graph and what each stage hands on: docs/ARCHITECTURE.md).
// - HDRProbeBytes: bit and byte readers, four-character codes, number formatting.
// - HDRProbeParse: one file per spec structure (boxes, EBML, TS, NAL units, SEI, OBUs, RPUs, HDR10+).
// - HDRProbeModel: the report's value types and the typed facts behind every finding.
// - HDRProbeConfig: YAML documents (policies, device catalogues) as typed nodes with line numbers.
// - HDRProbeManifests: the HLS playlist and DASH MPD parsers.
// - HDRProbeClassify: the frame scan's evidence, Dolby Vision profile and policy, range type.
// - HDRProbeSignal: codec strings, HLS and DASH signalling, planned from a report.
// - HDRProbeSimulate: devices, players, displays and the playback rules.
// - HDRProbeFix: the planned rewrite of an ISO BMFF file's boxes.
// - HDRProbeReport: JSON, text, HTML pages and pictures, the capability matrix.
// - HDRProbeCheck: check policies and the CI formats (JUnit, SARIF, GitHub).
// - CFFmpeg: FFmpeg's headers (found with pkg-config) and a loader that opens the libraries when a file needs
//   them (dlopen/dlsym): the executable does not link FFmpeg (docs/ffmpeg-versions.md, "Loading").
// - HDRProbeEngine: the only target that imports CFFmpeg; reads files and feeds the stages.
// - HDRProbe: the embeddable library product (`import HDRProbe`): a small async API over the engine.
// - HDRProbeScan: scanning whole media libraries (walk, worker pool, incremental cache (GRDB), scan/check/merge/matrix
//   runs over scan output).
// - CSVGRaster: an SVG picture to PNG through librsvg and cairo, opened with dlopen when a PNG is asked for.
// - CProcessControl: prctl(PR_SET_PDEATHSIG) for the worker processes, statfs for the walk (Linux; no-ops elsewhere).
// - hdrprobe: the command line, one file per subcommand.
/// The include folders of FFmpeg's headers, `pkg-config --cflags-only-I libavformat libavcodec libavutil`
/// (honouring PKG_CONFIG_PATH, as `.ci/ffmpeg71.sh` sets it): only the headers, never the link flags
/// (FFmpeg is loaded at first use, `Sources/CFFmpeg/ffmpeg_loader.c`). Empty where the headers are in
/// the compiler's default search path (Debian's libavformat-dev): then no flag is added at all.
let ffmpegIncludeFlags: [String] = {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["pkg-config", "--cflags-only-I", "libavformat", "libavcodec", "libavutil"]
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    guard (try? process.run()) != nil else { return [] }
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else { return [] }
    return String(decoding: data, as: UTF8.self).split(whereSeparator: { $0 == " " || $0 == "\n" }).map(String.init)
        .filter { $0.hasPrefix("-I") && !["-I/usr/include", "-I/usr/local/include"].contains($0) }
}()
/// Every target that imports CFFmpeg, directly or through HDRProbeEngine, needs the header folders.
let ffmpegCSettings: [CSetting] = ffmpegIncludeFlags.isEmpty ? [] : [.unsafeFlags(ffmpegIncludeFlags)]
let ffmpegSwiftSettings: [SwiftSetting] = ffmpegIncludeFlags.isEmpty ? [] : [.unsafeFlags(ffmpegIncludeFlags.flatMap { ["-Xcc", $0] })]
let engineSwiftSettings: [SwiftSetting] = [.swiftLanguageMode(.v6)] + ffmpegSwiftSettings

/// The pure stages (no FFmpeg, no file I/O), in flow order.
let stageTargets = ["HDRProbeBytes", "HDRProbeParse", "HDRProbeModel", "HDRProbeConfig", "HDRProbeManifests", "HDRProbeClassify", "HDRProbeSignal", "HDRProbeSimulate", "HDRProbeFix", "HDRProbeReport", "HDRProbeCheck"]
func stage(_ name: String, _ dependencies: [Target.Dependency] = []) -> Target {
    .target(name: name, dependencies: dependencies, swiftSettings: [.swiftLanguageMode(.v6)])
}
let stageDependencies: [Target.Dependency] = stageTargets.map { .target(name: $0) }
/// `dependencies` followed by every stage (a function keeps the manifest quick to type-check).
func withStages(_ dependencies: [Target.Dependency]) -> [Target.Dependency] { dependencies + stageDependencies }

/// The engine: the own readers always; FFmpeg only with the FFmpeg trait.
let engineDependencies: [Target.Dependency] = withStages([
    "HDRProbeContainers", "CSVGRaster",
    .target(name: "HDRProbeFFmpeg", condition: .when(traits: ["FFmpeg"])),
    .target(name: "CFFmpeg", condition: .when(traits: ["FFmpeg"])),
])

let packageTraits: Set<Trait> = [
    .trait(name: "FFmpeg", description: "Read the containers hdrprobe's own readers do not cover through FFmpeg's libavformat."),
    .default(enabledTraits: ["FFmpeg"]),
]

/// A test target per pure stage (`HDRProbeParseTests` …): each test file lives with the latest
/// stage it imports, and the stages' tests share `HDRProbeTestSupport`.
func stageTestTargets() -> [Target] {
    ["Parse", "Model", "Manifests", "Classify", "Signal", "Simulate", "Fix", "Report", "Check"].map { stage in
        .testTarget(name: "HDRProbe\(stage)Tests", dependencies: withStages(["HDRProbeTestSupport"]),
                    swiftSettings: engineSwiftSettings)
    }
}

let package = Package(
    name: "hdrprobe",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "hdrprobe", targets: ["hdrprobe"]),
        // The embeddable library: `import HDRProbe` (docs: Sources/HDRProbe/HDRProbe.docc).
        .library(name: "HDRProbe", targets: ["HDRProbe"]),
    ],
    // FFmpeg (on by default): libavformat reads what the own readers do not cover. Off
    // (`swift build --disable-default-traits`), the library and the CLI build without FFmpeg and its
    // headers; files no own reader covers get probe.ffmpegUnavailable (docs/building.md).
    traits: packageTraits,
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/jpsim/Yams", from: "5.0.0"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
    ],
    targets: [
        // FFmpeg's headers (libavformat-dev, libavcodec-dev, libavutil-dev; Homebrew ffmpeg) and the loader.
        .target(
            name: "CFFmpeg",
            cSettings: ffmpegCSettings,
            linkerSettings: [.linkedLibrary("dl", .when(platforms: [.linux]))]
        ),
        // The stages, in flow order; each depends only on the ones before it (docs/ARCHITECTURE.md).
        stage("HDRProbeBytes"),
        stage("HDRProbeParse", ["HDRProbeBytes"]),
        stage("HDRProbeModel", ["HDRProbeBytes", "HDRProbeParse"]),
        stage("HDRProbeConfig", [.product(name: "Yams", package: "Yams")]),
        stage("HDRProbeManifests", ["HDRProbeBytes", "HDRProbeParse", "HDRProbeModel"]),
        stage("HDRProbeClassify", ["HDRProbeParse", "HDRProbeModel"]),
        stage("HDRProbeSignal", ["HDRProbeBytes", "HDRProbeParse", "HDRProbeModel", "HDRProbeManifests", "HDRProbeClassify"]),
        stage("HDRProbeSimulate", ["HDRProbeParse", "HDRProbeModel", "HDRProbeConfig", "HDRProbeClassify"]),
        stage("HDRProbeFix", ["HDRProbeBytes", "HDRProbeParse", "HDRProbeModel"]),
        stage("HDRProbeReport", ["HDRProbeParse", "HDRProbeModel", "HDRProbeManifests", "HDRProbeClassify", "HDRProbeSimulate"]),
        stage("HDRProbeCheck", ["HDRProbeModel", "HDRProbeConfig", "HDRProbeClassify", "HDRProbeSimulate", "HDRProbeReport"]),
        // hdrprobe's own container readers (ISO BMFF, Matroska/WebM, MPEG-TS, IVF, Annex B): no FFmpeg.
        .target(
            name: "HDRProbeContainers",
            dependencies: stageDependencies,
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
        // The one layer that calls libavformat (loaded with dlopen at first use).
        .target(
            name: "HDRProbeFFmpeg",
            dependencies: withStages(["CFFmpeg", "HDRProbeContainers"]),
            swiftSettings: engineSwiftSettings
        ),
        .target(
            name: "HDRProbeEngine",
            dependencies: engineDependencies,
            resources: [.copy("Resources/devices.yaml")],
            swiftSettings: engineSwiftSettings
        ),
        // The embeddable library's public API: probe, simulate, plan signalling (async, documented).
        .target(
            name: "HDRProbe",
            dependencies: withStages(["HDRProbeEngine", "HDRProbeContainers"]),
            swiftSettings: engineSwiftSettings
        ),
        // C functions Swift cannot call directly: prctl (variadic) for a worker's parent-death
        // signal, statfs (not in the Glibc module) for the walk's pseudo-file-system check.
        .target(name: "CProcessControl"),
        // librsvg + cairo, loaded at first use, for `hdrprobe plot --output FILE.png` only.
        .target(name: "CSVGRaster", linkerSettings: [.linkedLibrary("dl", .when(platforms: [.linux]))]),
        .target(
            name: "HDRProbeScan",
            dependencies: withStages(["HDRProbeEngine", "HDRProbeContainers", "HDRProbe", "CProcessControl",
                .product(name: "GRDB", package: "GRDB.swift"),
                // SQLite's C interface for the cache lookup (ScanCache.Reader.find).
                .product(name: "GRDBSQLite", package: "GRDB.swift"),
            ]),
            swiftSettings: engineSwiftSettings
        ),
        // The command line: a client of the library product and the scan module, nothing else
        // (the compiler refuses an import of a stage or of the engine here).
        .executableTarget(
            name: "hdrprobe",
            dependencies: [
                "HDRProbe", "HDRProbeScan",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: engineSwiftSettings
        ),
        // What the stages' tests share: byte and NAL-unit builders, SHA-256, RPU vectors, ffprobe's
        // frame positions, the third-party assets in ../shared/external.
        .target(
            name: "HDRProbeTestSupport",
            dependencies: ["HDRProbeBytes", "HDRProbeParse"],
            path: "Tests/HDRProbeTestSupport",
            swiftSettings: engineSwiftSettings
        ),
        // The package's own structure: every import a declared dependency.
        .testTarget(
            name: "ArchitectureTests",
            swiftSettings: engineSwiftSettings
        ),
        .testTarget(
            name: "HDRProbeEngineTests",
            dependencies: withStages(["HDRProbeEngine", "HDRProbeScan", "HDRProbe", "hdrprobe", "HDRProbeContainers",
                                      .target(name: "HDRProbeFFmpeg", condition: .when(traits: ["FFmpeg"])),
                                      .target(name: "CFFmpeg", condition: .when(traits: ["FFmpeg"])),
                                      .product(name: "GRDB", package: "GRDB.swift")]),
            exclude: ["Fixtures"],
            swiftSettings: engineSwiftSettings
        ),
    ] + stageTestTargets()
)
