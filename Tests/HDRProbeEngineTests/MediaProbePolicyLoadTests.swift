#if FFmpeg
import Foundation
import HDRProbe
import HDRProbeContainers
import HDRProbeEngine
import Testing

/// A `MediaProbe` reads its policy file once, not once per file: the probes after the first use
/// the policy as it was loaded, until the options change. Shown from outside: the file is removed
/// after the first probe, and the next probe still applies it (refusing Dolby Vision 8.1, which the
/// default policy accepts, docs/policy.md), while a probe with changed options reads it again and
/// finds it gone.
@Suite struct MediaProbePolicyLoadTests {
    @Test func thePolicyFileIsReadOncePerProbeValue() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("hdrprobe-policy-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let policy = folder.appendingPathComponent("refuse-81.yaml")
        try "dolbyVision:\n  refuse: [\"8.1\"]\n".write(to: policy, atomically: true, encoding: .utf8)
        let film = ProbePath("Corpus/dv_p81.mp4")

        var probe = MediaProbe(options: .init(policy: .file(policy.path)))
        let first = try probe.engineReport(for: InputFile(film))
        #expect(first.streams.first?.dolbyVision?.verdict.decision == .refuse, "the file's policy refuses 8.1")

        try FileManager.default.removeItem(at: policy)
        let second = try probe.engineReport(for: InputFile(film))
        #expect(second.streams.first?.dolbyVision?.verdict.decision == .refuse, "the loaded policy is kept")
        #expect(second.streams.first?.dolbyVision?.verdict == first.streams.first?.dolbyVision?.verdict)

        probe.options.frames = 8
        #expect(throws: HDRProbeError.self, "changed options load the policy again, and it is gone") {
            _ = try probe.engineReport(for: InputFile(film))
        }
        // The default policy, for contrast, accepts the same stream.
        let standard = try MediaProbe().engineReport(for: InputFile(film))
        #expect(standard.streams.first?.dolbyVision?.verdict.decision == .accept)
    }

    /// The loader keeps what it parsed by path and text: the same file gives the same document,
    /// an edited file its new content (docs/policy.md: `refuse` lists the profiles refused).
    @Test func anEditedPolicyFileIsParsedAgain() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("hdrprobe-policy-\(UUID().uuidString).yaml")
        defer { try? FileManager.default.removeItem(at: file) }
        try "dolbyVision:\n  refuse: [\"8.1\"]\n".write(to: file, atomically: true, encoding: .utf8)
        let first = try PolicyLoader.load(file.path)
        #expect(try PolicyLoader.load(file.path) == first)
        #expect(!first.dolbyVision.accepted.contains("8.1"))
        try "dolbyVision:\n  refuse: [\"5\"]\n".write(to: file, atomically: true, encoding: .utf8)
        let edited = try PolicyLoader.load(file.path)
        #expect(edited.dolbyVision.accepted.contains("8.1") && !edited.dolbyVision.accepted.contains("5"))
    }
}
#endif
