import Foundation
import Testing

/// The target graph as the compiler cannot keep it alone: SwiftPM lets a file import any module
/// built before its target, declared or not, so an import of a transitive dependency (the CLI
/// importing the engine) would compile. This test holds every source file's imports of the
/// package's own targets to its target's declared dependencies, read from
/// `swift package dump-package` — Package.swift is the one statement of the graph.
@Suite struct TargetImportTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Target name → its declared dependencies (targets and products by name).
    static func declaredDependencies() throws -> [String: Set<String>] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        // A scratch path of its own: the build folder is locked while `swift test` runs.
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("hdrprobe-dump-\(getpid())")
        process.arguments = ["swift", "package", "--package-path", root.path, "--scratch-path", scratch.path, "dump-package"]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        try? FileManager.default.removeItem(at: scratch)
        let json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        var graph: [String: Set<String>] = [:]
        for target in try #require(json["targets"] as? [[String: Any]]) {
            let name = try #require(target["name"] as? String)
            let dependencies = (target["dependencies"] as? [[String: Any]] ?? []).compactMap { dependency in
                dependency.values.compactMap { ($0 as? [Any])?.first as? String }.first
            }
            graph[name] = Set(dependencies)
        }
        return graph
    }

    /// The modules `source` imports (`import X`, `@testable import X`, `package import X`, inside `#if` too).
    static func imports(_ source: String) -> Set<String> {
        var modules: Set<String> = []
        for line in source.split(separator: "\n") {
            let words = line.split(separator: " ").map(String.init)
            guard let i = words.firstIndex(of: "import"), i + 1 < words.count,
                  words[..<i].allSatisfy({ $0.hasPrefix("@") || ["package", "public", "internal"].contains($0) }) else { continue }
            modules.insert(String(words[i + 1].split(separator: ".").first ?? ""))
        }
        return modules
    }

    @Test("the import reader finds every form of import and nothing else")
    func importReader() {
        let source = "import Foundation\n@testable import HDRProbeModel\npackage import HDRProbeParse\n#if FFmpeg\nimport CFFmpeg\n#endif\n// import HDRProbeEngine\nlet x = \"import Y\"\n"
        #expect(Self.imports(source) == ["Foundation", "HDRProbeModel", "HDRProbeParse", "CFFmpeg"])
    }

    @Test("every import of a package target is a declared dependency of the importing target")
    func importsAreDeclared() throws {
        let graph = try Self.declaredDependencies()
        let ownTargets = Set(graph.keys)
        #expect(graph.count > 10, "dump-package gave \(graph.count) targets")
        var undeclared: [String] = []
        for (target, dependencies) in graph {
            let folder = ["Sources", "Tests"].map { Self.root.appendingPathComponent($0).appendingPathComponent(target) }
                .first { FileManager.default.fileExists(atPath: $0.path) }
            guard let folder, let files = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil) else { continue }
            for case let file as URL in files where file.pathExtension == "swift" {
                let source = try String(contentsOf: file, encoding: .utf8)
                for module in Self.imports(source) where ownTargets.contains(module) && module != target && !dependencies.contains(module) {
                    undeclared.append("\(target): \(file.lastPathComponent) imports \(module)")
                }
            }
        }
        #expect(undeclared.isEmpty, "\(undeclared.sorted().joined(separator: "\n"))")
    }

    @Test("the command line depends on the library product and the scan module only")
    func commandLineIsAClient() throws {
        let graph = try Self.declaredDependencies()
        #expect(graph["hdrprobe"] == ["HDRProbe", "HDRProbeScan", "ArgumentParser"])
    }
}
