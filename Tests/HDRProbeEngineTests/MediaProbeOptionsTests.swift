#if FFmpeg
import HDRProbe
import HDRProbeReport
import HDRProbeContainers
@testable import HDRProbeEngine
import Testing

/// `MediaProbe.Options` (the library's options) stores its limits in the engine's `ProbeOptions`,
/// and the command line builds its options through it: the three cannot drift apart. Expected
/// values: the documented defaults of `hdrprobe probe --help` (32 frames, 30 s, policy default)
/// and of docs/report-contract.md's probe budget (8 MiB scanned per stream).
@Suite struct MediaProbeOptionsTests {
    @Test func defaultsAreTheEngines() throws {
        let engine = try MediaProbe.Options().engineOptions()
        #expect(engine == ProbeOptions())
        #expect(engine.frames == 32 && engine.timeout == 30 && engine.maxScanBytes == 8 << 20 && engine.policy == .default)
    }

    @Test func fieldsAreTheEngines() throws {
        let options = MediaProbe.Options(frames: nil, maxScanBytes: 1 << 20, timeLimit: 2.5, policy: .appleHLS)
        let engine = try options.engineOptions()
        let expected = ProbeOptions(frames: nil, maxScanBytes: 1 << 20, timeout: 2.5,
                                    policy: try PolicyLoader.load("apple-hls").dolbyVision)
        #expect(engine == expected)
    }

    @Test func commandLinePolicyNames() {
        #expect(MediaProbe.Policy(argument: "default") == .standard)
        #expect(MediaProbe.Policy(argument: "apple-hls") == .appleHLS)
        #expect(MediaProbe.Policy(argument: "policy.yaml") == .file("policy.yaml"))
    }

    @Test("the command line's probe options are the library's", arguments: [
        (["--frames", "all", "--timeout", "5"], MediaProbe.Options(frames: nil, timeLimit: 5)),
        (["--frames", "7", "--policy", "apple-hls"], MediaProbe.Options(frames: 7, policy: .appleHLS)),
        ([], MediaProbe.Options()),
    ])
    func commandLine(_ arguments: [String], _ expected: MediaProbe.Options) throws {
        let result = try CLI.run(["probe", "--jsonl"] + arguments + [TestPaths.corpus.appendingPathComponent("dv_p81.mp4").path])
        #expect(result.status == 0)
        let viaLibrary = try expected.engineOptions()
        let report = ProbeEngine(options: viaLibrary).probe(path: TestPaths.corpus.appendingPathComponent("dv_p81.mp4").path)
        let strip = { (s: String) in s.replacingOccurrences(of: #""analysisMs":[0-9.e+-]+"#, with: "", options: .regularExpression) }
        #expect(strip(result.lines.first ?? "") == strip(try ReportEncoder.jsonLine(report)))
    }
}
#endif
