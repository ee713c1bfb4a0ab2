#if FFmpeg
import Foundation
import HDRProbeModel
import HDRProbeSignal
import HDRProbeSimulate
import HDRProbeReport
import HDRProbeCheck
import HDRProbeEngine
import Testing

/// Cover art is not video: `hdr10_hevc_cover.mp4` (a PNG attached picture, FFmpeg's `covr`) and
/// `hdr10_hevc_attach.mkv` (a JPEG attachment `cover.jpg`, mkvmerge `--attach-file`), both beside
/// the HDR10 HEVC video of `hdr10_hevc`. Corpus/generate.sh made them; ffprobe lists the picture as
/// a video stream with `disposition.attached_pic = 1`, MediaInfo as General "Cover: Yes" with one
/// Video track. Every consumer must see one video stream: the HEVC one.
@Suite("Attachments and cover art")
struct AttachmentStreamTests {
    static let engine = ProbeEngine()

    static func report(_ file: String) -> ProbeReport {
        engine.probe(path: TestPaths.corpus.appendingPathComponent(file).path)
    }

    @Test("the picture is an attachment with its codec, nothing else", arguments: [
        ("hdr10_hevc_cover.mp4", "png"), ("hdr10_hevc_attach.mkv", "mjpeg"),
    ])
    func attachmentStream(_ file: String, _ codec: String) throws {
        let r = Self.report(file)
        #expect(r.status == .ok)
        #expect(r.streams.map(\.kind) == [.video, .attachment])
        let a = r.streams[1]
        #expect(a.codec == codec)
        #expect(a.hdr == nil && a.hls == nil && a.dolbyVision == nil && a.color == nil && a.frameRate == nil)
        #expect(a.sampleEntry == nil)
        #expect(!r.findings.contains { $0.stream == 1 })
    }

    @Test("the scan summary, the hls fragment and the human summary count one HDR10 video stream", arguments: [
        "hdr10_hevc_cover.mp4", "hdr10_hevc_attach.mkv",
    ])
    func consumersSeeOneVideo(_ file: String) throws {
        let r = Self.report(file)
        let digest = ReportDigest(r)
        #expect(digest.videoStreams.map(\.index) == [0])
        var summary = ScanSummary()
        summary.add(digest, fromCache: false)
        #expect(summary.rangeTypes == ["HDR10": 1])
        let fragment = HLSFragmentPlanner.fragment(reports: [r])
        #expect(fragment.entries.count == 1)
        #expect(fragment.entries.first?.comments.first == "# \(r.path)")
        let human = HumanSummary.render(r)
        #expect(human.contains("#1 attachment \(r.streams[1].codec ?? "?")"))
    }
}
#endif
