#if FFmpeg
import Foundation

/// Paths the tests use, found from this file's location (not the working directory).
enum TestPaths {
    /// The package root: Tests/HDRProbeEngineTests/Support/TestPaths.swift → four levels up.
    static let packageRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
    static let corpus = packageRoot.appendingPathComponent("Corpus")
    static let expected = corpus.appendingPathComponent("expected")
    static let schema = packageRoot.appendingPathComponent("docs/report.schema.json")
    /// `../shared/external` beside the repository; absent on a fresh clone.
    static let external = packageRoot.deletingLastPathComponent().appendingPathComponent("shared/external")
    static var hasExternal: Bool { FileManager.default.fileExists(atPath: external.appendingPathComponent("ground-truth.json").path) }

    /// The built `hdrprobe` executable, next to the test bundle in the build folder.
    static var executable: URL {
        let dir = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        let candidates = [dir, dir.deletingLastPathComponent(), dir.deletingLastPathComponent().deletingLastPathComponent()]
        for d in candidates {
            let url = d.appendingPathComponent("hdrprobe")
            var isDir: ObjCBool = false
            if FileManager.default.fileExists(atPath: url.path, isDirectory: &isDir), !isDir.boolValue { return url }
        }
        return packageRoot.appendingPathComponent(".build/debug/hdrprobe")
    }

    /// Golden files: one per corpus media file.
    static func goldenFiles() -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: expected.path)) ?? []
        return names.filter { $0.hasSuffix(".json") }.sorted()
    }
}
#endif
