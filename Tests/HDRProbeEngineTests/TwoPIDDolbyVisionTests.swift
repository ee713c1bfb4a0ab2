#if FFmpeg
import Foundation
import HDRProbeSignal
import HDRProbeSimulate
import HDRProbeReport
import HDRProbeCheck
import HDRProbeEngine
import Testing

/// `Corpus/dv_p7_two_pid.m2ts` (Corpus/generate.sh + Corpus/ts_dv_descriptor.py): UHD Blu-ray style
/// profile 7, BL on PID 0x1011, EL + RPUs on PID 0x1015 whose descriptor names 0x1011 as its
/// dependency. ffprobe lists two HEVC video streams (the record on the second, bl_present_flag 0);
/// MediaInfo says "dvhe.07.01, EL+RPU, Blu-ray" for PID 0x1015. One presentation, one video.
@Suite("Dolby Vision on two PIDs")
struct TwoPIDDolbyVisionTests {
    static let report = ProbeEngine().probe(path: TestPaths.corpus.appendingPathComponent("dv_p7_two_pid.m2ts").path)

    @Test("the base layer carries the profile 7 presentation; the EL is marked, not classified")
    func presentation() throws {
        let r = Self.report
        #expect(r.streams.count == 2)
        let bl = r.streams[0], el = r.streams[1]
        #expect(bl.role == nil && bl.dolbyVision?.profile?.profile == 7 && bl.dolbyVision?.verdict.code == .dualLayer)
        #expect(bl.dolbyVision?.configuration?.blPresent == true && bl.dolbyVision?.configuration?.elPresent == true)
        #expect(bl.hdr?.videoRangeType == .doviWithEL)
        #expect(el.role == "dolbyVisionEnhancementLayer" && el.dependsOn == 0)
        #expect(el.hdr == nil && el.dolbyVision == nil && el.hls == nil)
        #expect(!r.findings.contains { $0.stream == 1 })
        #expect(!r.findings.contains { $0.code == .dvEnhancementLayerMismatch })
    }

    @Test("scan summary, check digest and the hls fragment see one video stream")
    func consumers() {
        let digest = ReportDigest(Self.report)
        #expect(digest.videoStreams.map(\.index) == [0])
        var summary = ScanSummary()
        summary.add(digest, fromCache: false)
        #expect(summary.rangeTypes == ["DOVIWithEL": 1])
        #expect(summary.dolbyVision == ["7 refuse (dv.dualLayer)": 1])
        let fragment = HLSFragmentPlanner.fragment(reports: [Self.report])
        #expect(fragment.entries.count == 1)
        #expect(fragment.entries.first?.comments.first == "# \(Self.report.path)")
        #expect(HumanSummary.render(Self.report).contains("Dolby Vision enhancement layer of #0"))
    }

    /// The recipe puts the EL on its own PID (0x1015, stream #1) and no NAL 63 in either stream
    /// (ffprobe's packet bytes of both PIDs: NAL types 32–35/39/62 and slices only): the human text
    /// names the EL stream and does not claim NAL 63 units.
    @Test("the human summary names the enhancement-layer stream, not NAL 63 units")
    func humanSummaryNamesTheELStream() {
        let text = HumanSummary.render(Self.report)
        #expect(text.contains("EL         on its own stream #1 (a separate PID"))
        #expect(!text.contains("type 63"))
        // A single-track dual-layer stream (NAL 63 in the samples) still says so.
        let muxed = ProbeEngine().probe(path: TestPaths.corpus.appendingPathComponent("dv_p7_muxed_el.mkv").path)
        #expect(HumanSummary.render(muxed).contains("enhancement-layer NAL units (type 63) present"))
    }
}
#endif
