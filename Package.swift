// swift-tools-version:6.0
import PackageDescription
import Foundation

// Data flows one way: bytes → demux → parse → classify → signal → simulate → report.
// - CFFmpeg: FFmpeg's headers (found with pkg-config) and a loader that opens the libraries when a file needs
//   them (dlopen/dlsym): the executable does not link FFmpeg (docs/ffmpeg-versions.md, "Loading").
// - HDRProbeCore: pure Swift, no FFmpeg, no file I/O: bit reader, parsers, models, classification, report.
// - HDRProbeEngine: the only target that imports CFFmpeg; reads files and feeds the core.
// - HDRProbe: the embeddable library product (`import HDRProbe`): a small async API over the engine.
// - HDRProbeScan: scanning whole media libraries (walk, worker pool, incremental cache (GRDB), scan/check/merge/matrix
//   runs over scan output). Named for what it does: "HDRProbeLibrary" read as a SwiftPM library.
// - CSVGRaster: an SVG picture to PNG through librsvg and cairo, opened with dlopen when a PNG is asked for.
// - CProcessControl: prctl(PR_SET_PDEATHSIG) for the worker processes, statfs for the walk (Linux; no-ops elsewhere).
// - hdrprobe: the command line, one file per subcommand, no logic.
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
        // FFmpeg's headers (libavformat-dev, libavcodec-dev, libavutil-dev; Homebrew ffmpeg) and the loader.
        .target(
            name: "CFFmpeg",
            cSettings: ffmpegCSettings,
            linkerSettings: [.linkedLibrary("dl", .when(platforms: [.linux]))]
        ),
        .target(
            name: "HDRProbeCore",
            dependencies: [.product(name: "Yams", package: "Yams")],
            swiftSettings: [.swiftLanguageMode(.v6)] + ffmpegSwiftSettings
        ),
        .target(
            name: "HDRProbeEngine",
            dependencies: ["CFFmpeg", "HDRProbeCore", "CSVGRaster"],
            resources: [.copy("Resources/devices.yaml")],
            swiftSettings: [.swiftLanguageMode(.v6)] + ffmpegSwiftSettings
        ),
        // The embeddable library's public API: probe, simulate, plan signalling (async, documented).
        .target(
            name: "HDRProbe",
            dependencies: ["HDRProbeEngine", "HDRProbeCore"],
            swiftSettings: [.swiftLanguageMode(.v6)] + ffmpegSwiftSettings
        ),
        // C functions Swift cannot call directly: prctl (variadic) for a worker's parent-death
        // signal, statfs (not in the Glibc module) for the walk's pseudo-file-system check.
        .target(name: "CProcessControl"),
        // librsvg + cairo, loaded at first use, for `hdrprobe plot --output FILE.png` only.
        .target(name: "CSVGRaster", linkerSettings: [.linkedLibrary("dl", .when(platforms: [.linux]))]),
        .target(
            name: "HDRProbeScan",
            dependencies: ["HDRProbeEngine", "HDRProbeCore", "CProcessControl", .product(name: "GRDB", package: "GRDB.swift"),
                           // SQLite's C interface for the cache lookup (ScanCache.Reader.find).
                           .product(name: "GRDBSQLite", package: "GRDB.swift")],
            swiftSettings: [.swiftLanguageMode(.v6)] + ffmpegSwiftSettings
        ),
        .executableTarget(
            name: "hdrprobe",
            dependencies: [
                "HDRProbe", "HDRProbeEngine", "HDRProbeCore", "HDRProbeScan",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: [.swiftLanguageMode(.v6)] + ffmpegSwiftSettings
        ),
        .testTarget(
            name: "HDRProbeCoreTests",
            dependencies: ["HDRProbeCore"],
            swiftSettings: [.swiftLanguageMode(.v6)] + ffmpegSwiftSettings
        ),
        .testTarget(
            name: "HDRProbeEngineTests",
            dependencies: ["HDRProbeEngine", "HDRProbeCore", "HDRProbeScan", "HDRProbe", "hdrprobe",
                           .product(name: "GRDB", package: "GRDB.swift")],
            exclude: ["Fixtures"],
            swiftSettings: [.swiftLanguageMode(.v6)] + ffmpegSwiftSettings
        ),
    ]
)
