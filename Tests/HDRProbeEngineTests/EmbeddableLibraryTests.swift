#if FFmpeg
#if canImport(Glibc)
import Glibc
#endif
import Foundation
import HDRProbe
import HDRProbeEngine
import Testing
import HDRProbeFFmpeg

/// The embeddable library (`import HDRProbe`) as an app sees it: only its public API. Expected
/// values come from the corpus goldens (`Corpus/expected`, written by `derive.py` from how each
/// file was made and confirmed with ffprobe and MediaInfo) and from the `hdrprobe` command's own
/// output for the same file (the library must report what the command reports).
@Suite("Embeddable library (HDRProbe)")
struct EmbeddableLibraryTests {
    static func corpus(_ name: String) -> String { TestPaths.corpus.appendingPathComponent(name).path }

    static func golden(_ name: String) throws -> [String: Any] {
        let data = try Data(contentsOf: TestPaths.expected.appendingPathComponent(name + ".json"))
        let json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        return try #require(json["facts"] as? [String: Any])
    }

    static func fact(_ facts: [String: Any], _ key: String) -> Any? {
        (facts[key] as? [String: Any])?["value"].flatMap { $0 is NSNull ? nil : $0 }
    }

    @Test("range type, Dolby Vision and HLS attributes match the goldens", arguments: CorpusGoldenTests.checkable)
    func matchesGolden(_ golden: String) async throws {
        let file = String(golden.dropLast(".json".count))
        let facts = try Self.golden(file)
        // 137 files probed at once beside the rest of the suite on 2 cores: the facts, not the
        // 30-second default time limit, are under test (one probe once ran past it in a full run).
        let report = try await MediaProbe(options: .init(timeLimit: 600)).probe(path: Self.corpus(file))
        #expect((report.failure == nil) == (Self.fact(facts, "status") as? String == "ok"),
                "\(file): \(report.failure.map { "\($0.code): \($0.message)" } ?? "no failure")")
        if let code = Self.fact(facts, "error.code") as? String { #expect(report.failure?.code.rawValue == code, "\(file)") }
        if let rangeType = Self.fact(facts, "hdr.videoRangeType") as? String { #expect(report.videoRangeType?.rawValue == rangeType, "\(file)") }
        if let profile = Self.fact(facts, "dolbyVision.profile") as? String { #expect(report.dolbyVision?.profile == profile, "\(file)") }
        if let code = Self.fact(facts, "dolbyVision.verdict.code") as? String { #expect(report.dolbyVision?.verdict.code.rawValue == code, "\(file)") }
        if let codecs = Self.fact(facts, "hls.codecs") as? String { #expect(report.videoStreams.first?.hls?.codecs == codecs, "\(file)") }
        if let range = Self.fact(facts, "hls.videoRange") as? String { #expect(report.videoStreams.first?.hls?.videoRange.rawValue == range, "\(file)") }
    }

    @Test("the JSON line is what 'hdrprobe probe --jsonl' prints, but for the timing")
    func jsonLineMatchesCommand() async throws {
        let path = Self.corpus("dv_p81.mp4")
        let line = try await MediaProbe().probe(path: path).jsonLine()
        let command = try CLI.run(["probe", "--jsonl", path])
        #expect(command.status == 0)
        // analysisMs is the only field that differs between two runs.
        let strip = { (s: String) in s.replacingOccurrences(of: #""analysisMs":[0-9.e+-]+"#, with: "", options: .regularExpression) }
        #expect(strip(line) == strip(command.lines.first ?? ""))
    }

    @Test("a file that cannot be analysed is a report with a failure, not a throw")
    func failureIsAReport() async throws {
        let report = try await MediaProbe().probe(path: Self.corpus("bad_png_renamed.mp4"))
        #expect(report.failure?.code == .unrecognized && report.failure?.code.rawValue == "container.unrecognized")
        let missing = try await MediaProbe().probe(url: URL(fileURLWithPath: "/nonexistent/hdrprobe/x.mkv"))
        #expect(missing.failure?.code == .notFound && missing.failure?.code.rawValue == "io.notFound")
    }

    @Test("bad options and URL schemes throw HDRProbeError")
    func badOptions() async throws {
        await #expect(throws: HDRProbeError.self) {
            try await MediaProbe(options: .init(timeLimit: 0)).probe(path: Self.corpus("dv_p81.mp4"))
        }
        await #expect(throws: HDRProbeError.unsupportedURL("ftp://example.invalid/a.mp4")) {
            try await MediaProbe().probe(url: URL(string: "ftp://example.invalid/a.mp4")!)
        }
        await #expect(throws: HDRProbeError.self) {
            try await MediaProbe(options: .init(policy: .file("/nonexistent/policy.yaml"))).probe(path: Self.corpus("dv_p81.mp4"))
        }
    }

    @Test("a task cancelled before the probe throws CancellationError")
    func cancelledBefore() async throws {
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await MediaProbe().probe(path: Self.corpus("dv_p81.mp4"))
        }
        await #expect(throws: CancellationError.self) { try await task.value }
    }

    /// A server that accepts the connection and never answers: only cancellation can end the
    /// probe before its 30 s time limit. The server's own thread notes when the client closes
    /// the connection, so the measurement does not depend on how busy the task pool is.
    @Test("cancelling a probe waiting on a silent server closes its connection at once")
    func cancelledDuring() async throws {
        let server = try SilentServer()
        defer { server.close() }
        let url = try #require(URL(string: "http://127.0.0.1:\(server.port)/film.mp4"))
        let task = Task { try await MediaProbe(options: .init(timeLimit: 30)).probe(url: url) }
        for _ in 0..<600 where server.acceptedAt == nil { try await Task.sleep(nanoseconds: 50_000_000) }
        try #require(server.acceptedAt != nil, "the probe never connected")
        let cancelledAt = Date()
        task.cancel()
        await #expect(throws: CancellationError.self) { try await task.value }
        for _ in 0..<200 where server.closedAt == nil { try await Task.sleep(nanoseconds: 50_000_000) }
        let closedAt = try #require(server.closedAt, "the probe never closed its connection")
        // About 0.1 s on an idle machine; the cancel goes through URLSession's own queue, which a
        // full parallel test run on two cores was seen to delay by 11 s. Well under the 30 s time
        // limit, so it was the cancellation that closed the connection.
        #expect(closedAt.timeIntervalSince(cancelledAt) < 20)
    }

    @Test("simulation is the command's 'simulate --json' playback entry")
    func simulate() async throws {
        let path = Self.corpus("dv_p81.mp4")
        let targets = try PlaybackTargets.builtIn()
        let target = try #require(targets.ids.first)
        let report = try await MediaProbe().probe(path: path)
        let prediction = try report.simulate(on: target, in: targets)
        let command = try CLI.run(["simulate", path, "--target", target, "--json"])
        let json = try #require(try JSONSerialization.jsonObject(with: Data(command.stdout.utf8)) as? [String: Any])
        let entry = try #require((json["playback"] as? [[String: Any]])?.first)
        #expect(prediction.target == target)
        #expect(prediction.summary == entry["outcome"] as? String)
        #expect(prediction.status.rawValue == entry["status"] as? String)
        #expect(prediction.decode == entry["decode"] as? String)
        #expect(prediction.reasons == entry["reasons"] as? [String])
        #expect(prediction.player == entry["player"] as? String && prediction.conversion == nil)
        #expect(throws: HDRProbeError.unknownTarget("no-such-target")) {
            try report.simulate(on: "no-such-target", in: targets)
        }
        // TARGET@PLAYER: a profile 7 file converts on AetherEngine (docs/rules/players.md §2.1).
        let p7 = try await MediaProbe().probe(path: Self.corpus("dv_p7_fel_rpu_no_el.mkv"))
        let converted = try p7.simulate(on: "atv4k-2022+lg-oled@aetherengine", in: targets)
        #expect(converted.player == "aetherengine" && converted.conversion == "P7 → P8.1 (FEL refinement dropped)")
    }

    /// dv_p81.mp4 (Dolby Vision 8.1, made with dovi_tool's RPU; golden hls.supplementalCodecs
    /// `dvh1.08.01/db1p`) gets a primary variant with SUPPLEMENTAL-CODECS and a fallback without.
    @Test("HLS plan: Dolby Vision 8.1 gets a primary and a fallback variant")
    func hlsPlan() async throws {
        let facts = try Self.golden("dv_p81.mp4")
        let report = try await MediaProbe().probe(path: Self.corpus("dv_p81.mp4"))
        let plan = StreamingSignalling.hls(for: [report])
        #expect(plan.variants.map(\.isFallback) == [false, true])
        let supplemental = try #require(Self.fact(facts, "hls.supplementalCodecs") as? String)
        #expect(plan.variants[0].streamInf.contains("SUPPLEMENTAL-CODECS=\"\(supplemental)\""))
        #expect(!plan.variants[1].streamInf.contains("SUPPLEMENTAL-CODECS"))
        #expect(plan.playlist().hasPrefix("#EXTM3U\n"))
        #expect(plan.playlist(header: false).hasPrefix("# hdrprobe "))
    }

    /// The same file as a DASH Representation (golden hls.supplementalCodecs `dvh1.08.01/db1p` split into the SCTE 214
    /// pair, docs/rules/dash-signalling.md §3.1), planned from the report of a plain probe after it: the probe's
    /// JSON line is the same before and after, and free of `dash`.
    @Test("DASH plan: Dolby Vision 8.1 as base @codecs plus the SCTE 214 pair")
    func dashPlan() async throws {
        let facts = try Self.golden("dv_p81.mp4")
        let report = try await MediaProbe().probe(path: Self.corpus("dv_p81.mp4"))
        let before = try report.jsonLine()
        let plan = StreamingSignalling.dash(for: [report])
        let rep = try #require(plan.representations.first)
        #expect(plan.representations.count == 1 && plan.skipped.isEmpty)
        #expect(rep.codecs == Self.fact(facts, "hls.codecs") as? String)
        #expect(rep.supplementalCodecs == "dvh1.08.01" && rep.supplementalProfiles == "db1p" && rep.frameRate == "25")
        #expect(plan.mpd().hasPrefix("<?xml"))
        let after = try report.jsonLine()
        #expect(before == after && !after.contains("\"dash\""))
    }
}

/// A TCP listener on 127.0.0.1 that accepts one connection on a thread of its own, reads the
/// request, never answers, and notes when the client closes the connection.
final class SilentServer: @unchecked Sendable {
    let fd: Int32
    let port: UInt16
    private let lock = NSLock()
    private var accepted: Date?
    private var closed: Date?

    var acceptedAt: Date? { lock.withLock { accepted } }
    var closedAt: Date? { lock.withLock { closed } }

    init() throws {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) == 0 && getsockname(fd, $0, &length) == 0 }
        }
        guard fd >= 0, bound, listen(fd, 8) == 0 else { throw POSIXError(.EADDRNOTAVAIL) }
        self.fd = fd
        port = UInt16(bigEndian: address.sin_port)
        Thread.detachNewThread { [self] in serve() }
    }

    private func serve() {
        let client = accept(fd, nil, nil)
        guard client >= 0 else { return }
        lock.withLock { accepted = Date() }
        var buffer = [UInt8](repeating: 0, count: 4096)
        while recv(client, &buffer, buffer.count, 0) > 0 {}
        lock.withLock { closed = Date() }
        _ = Glibc.close(client)
    }

    func close() { _ = shutdown(fd, Int32(SHUT_RDWR)); _ = Glibc.close(fd) }
}
#endif
