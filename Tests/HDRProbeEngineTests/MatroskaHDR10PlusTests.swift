#if FFmpeg
import Foundation
import HDRProbeModel
import HDRProbeContainers
import HDRProbeEngine
import Testing

/// VP9 HDR10+ in WebM BlockAdditions. `Corpus/vp9_hdr10plus.webm` is `vp9_hdr10.webm` with each of
/// its 8 frames given a BlockAdditional (BlockAddID 4) holding the HDR10+ T.35 message of
/// `hdr10plus_hevc` (Corpus/webm_hdr10plus.py); FFmpeg 8.1's ffprobe shows HDR10+ side data on all
/// 8 frames. hdrprobe reads the BlockAdditions with its own walk of the Clusters, so this holds on
/// every FFmpeg (libavformat 5.1 hands them over raw, 6.1+ parsed; docs/ffmpeg-versions.md).
@Suite("Matroska BlockAdditions HDR10+")
struct MatroskaHDR10PlusTests {
    static func stream(_ file: String) throws -> StreamReport {
        let report = ProbeEngine().probe(path: TestPaths.corpus.appendingPathComponent(file).path)
        return try #require(report.streams.first)
    }

    @Test func vp9WebMBlockAdditionsAreHDR10Plus() throws {
        let hdr = try #require(try Self.stream("vp9_hdr10plus.webm").hdr)
        #expect(hdr.videoRangeType == .hdr10Plus)
        #expect(hdr.hdr10Plus.present && hdr.hdr10Plus.framesWithMetadata == 8 && hdr.hdr10Plus.profile == "B")
        // The same T.35 bytes as the HEVC stream's SEI: the same HDR10+ facts.
        let hevc = try #require(try Self.stream("hdr10plus_hevc.mkv").hdr)
        #expect(hdr.hdr10Plus == hevc.hdr10Plus)
        // The frames without their BlockAdditions stay HDR10.
        #expect(try Self.stream("vp9_hdr10.webm").hdr?.videoRangeType == .hdr10)
    }

    @Test func clusterWalkFollowsTheFrameBudget() throws {
        // hdrprobe's own Cluster walk is bounded like the packet scan: with a budget of 3 frames, 3
        // frames are scanned and each of them has its HDR10+ addition (all 8 blocks carry one).
        let engine = ProbeEngine(options: ProbeOptions(frames: 3))
        let report = engine.probe(path: TestPaths.corpus.appendingPathComponent("vp9_hdr10plus.webm").path)
        let hdr = try #require(report.streams.first?.hdr)
        #expect(hdr.hdr10Plus.framesWithMetadata == 3 && hdr.videoRangeType == .hdr10Plus)
    }

    @Test func vp9WebMSignalsCdm4() throws {
        let hls = try #require(try Self.stream("vp9_hdr10plus.webm").hls)
        #expect(hls.supplementalCodecs == hls.codecs + "/cdm4" && hls.videoRange == .pq)
    }

    /// AV1 in WebM carries HDR10+ in the bitstream (AOM HDR10+ AV1 spec: one T.35 metadata OBU per
    /// temporal unit), not in BlockAdditions: `Corpus/av1_hdr10plus.webm` is av1_hdr10.ivf with the
    /// same HDR10+ T.35 message added as a metadata OBU to each of its 8 temporal units
    /// (Corpus/av1_t35_hdr10plus.py), muxed by mkvmerge. FFmpeg 8.1's libdav1d (PyAV 18.1) gives all
    /// 8 frames HDR10+ side data; mkvinfo shows no BlockAdditions.
    @Test func av1WebMMetadataOBUsAreHDR10Plus() throws {
        let s = try Self.stream("av1_hdr10plus.webm")
        let hdr = try #require(s.hdr)
        #expect(hdr.videoRangeType == .hdr10Plus && hdr.formats == ["HDR10+", "HDR10"])
        let hevc = try #require(try Self.stream("hdr10plus_hevc.mkv").hdr)
        #expect(hdr.hdr10Plus == hevc.hdr10Plus)
        #expect(s.hls?.supplementalCodecs == (s.hls?.codecs ?? "") + "/cdm4" && s.hls?.videoRange == .pq)
        // Without the OBUs (the same encode) it is plain HDR10.
        #expect(try Self.stream("av1_hdr10.mkv").hdr?.videoRangeType == .hdr10)
    }
}
#endif
