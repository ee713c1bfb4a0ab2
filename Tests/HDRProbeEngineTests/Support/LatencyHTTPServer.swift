import Foundation
import HDRProbeContainers
@testable import HDRProbeEngine

/// `Fixtures/latency_server.py` on an ephemeral loopback port: serves `root` over HTTP/1.1 with
/// ranges and kept-alive connections, waits `delay` milliseconds before each answer, counts the
/// requests, connections and bytes it served (``stats()``), and has misbehaving endpoints
/// (`/__stall`, `/__endless`, `/__oversized`, `/__loop/a`, `/__hops/N`, `/__to-file`, `/__redirect/PATH`).
final class LatencyHTTPServer: @unchecked Sendable {
    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/latency_server.py")

    /// python3 runs here (the tests that need the server skip otherwise).
    static let available: Bool = {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = ["python3", "-c", "import http.server"]
        p.standardOutput = FileHandle.nullDevice
        p.standardError = FileHandle.nullDevice
        guard (try? p.run()) != nil else { return false }
        p.waitUntilExit()
        return p.terminationStatus == 0
    }()

    /// What the server counted since it started or since ``reset()``.
    struct Stats: Decodable {
        var requests: Int
        var connections: Int
        var bytes: Int
        var paths: [String: Int]
    }

    let process = Process()
    let port: Int

    init(root: URL, delayMilliseconds: Int = 0) throws {
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", Self.script.path, root.path, String(delayMilliseconds)]
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        var line = Data()
        while !line.contains(10) {
            let chunk = out.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            line += chunk
        }
        guard let port = String(data: line, encoding: .utf8).flatMap({ Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) }) else {
            process.terminate()
            throw CocoaError(.fileReadUnknown)
        }
        self.port = port
    }

    func url(_ path: String) -> String { "http://127.0.0.1:\(port)/\(path)" }

    /// The counts, read with a client of its own (the stats requests are not counted).
    func stats() throws -> Stats {
        let deadline = HDRProbeContainers.Clock.nowNanoseconds() + 10_000_000_000
        let bytes = try HTTPResourceClient().fetch(url("__stats"), maxBytes: 1 << 20, deadline: deadline).get().bytes
        return try JSONDecoder().decode(Stats.self, from: Data(bytes))
    }

    func reset() throws {
        _ = try HTTPResourceClient().fetch(url("__reset"), maxBytes: 64, deadline: HDRProbeContainers.Clock.nowNanoseconds() + 10_000_000_000).get()
    }

    func stop() {
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
    }
}
