#if FFmpeg
import Foundation
import HDRProbeModel
import HDRProbeEngine
import Testing

/// CMAF / fMP4 pieces and a Dolby Vision record without RPUs (issue 14 §6). Expected values from how
/// the files were made: Corpus/hls/make.sh cuts `hdr10_hevc/` (init.mp4 + seg0.m4s) with ffmpeg 5.1's
/// HLS muxer from the x265 `--fps 25` stream (VUI timing 25/1; the init has no samples, ffprobe 5.1
/// reports avg_frame_rate 0/0 for it), Shaka Packager cuts `enc_dv_p81_cbcs/`; generate.sh makes
/// `dv_p81_norpu.mp4` from dv_p81.mkv with every NAL 62 removed and the dvvC kept (ffprobe: dv_profile 8,
/// no RPU side data).
@Suite struct CMAFPiecesTests {
    static let engine = ProbeEngine()
    static func probe(_ relative: String) -> ProbeReport {
        engine.probe(path: TestPaths.corpus.appendingPathComponent(relative).path)
    }

    @Test func bareInitSegmentTakesItsRateFromTheVUI() throws {
        let r = Self.probe("hls/hdr10_hevc/init.mp4")
        let v = try #require(r.streams.first { $0.kind == .video })
        #expect(v.frameRate?.rational?.rational == "25/1" && v.frameRate?.source == "bitstream")
        #expect(v.hls?.frameRate?.string == "25.000")
        #expect(!r.findings.contains { $0.code.rawValue.hasPrefix("hls.frameRate") })
    }

    @Test("a media segment alone is not a truncated file", arguments: ["hls/hdr10_hevc/seg0.m4s", "hls/enc_dv_p81_cbcs/seg1.m4s"])
    func mediaSegmentWithoutInit(_ file: String) {
        let r = Self.probe(file)
        #expect(r.status == .error)
        #expect(r.error?.code == .mediaSegmentWithoutInit)
        #expect(r.error?.message.contains("init segment") == true)
    }

    @Test func initPlusSegmentStillProbes() throws {
        let dir = TestPaths.corpus.appendingPathComponent("hls/hdr10_hevc")
        let bytes = try Array(Data(contentsOf: dir.appendingPathComponent("init.mp4")) + Data(contentsOf: dir.appendingPathComponent("seg0.m4s")))
        let r = Self.engine.probe(name: "joined.mp4", bytes: bytes)
        #expect(r.status == .ok)
        #expect(r.streams.first?.hdr?.masteringDisplay?.maxLuminance == 1000)
    }

    @Test func recordWithoutRPUsIsNotSignalled() throws {
        let r = Self.probe("dv_p81_norpu.mp4")
        let v = try #require(r.streams.first)
        #expect(v.dolbyVision?.configuration?.profile == 8 && v.dolbyVision?.rpu.present == false)
        #expect(v.hls?.supplementalCodecs == nil)
        #expect(!(v.hls?.streamInf.contains("SUPPLEMENTAL-CODECS") ?? true))
        #expect(v.hls?.plan?.dolbyVisionRecord?.action == .strip)
        // The same stream with its RPUs keeps both (README example for dv_p81.mp4).
        let withRPUs = try #require(Self.probe("dv_p81.mp4").streams.first)
        #expect(withRPUs.hls?.supplementalCodecs == "dvh1.08.01/db1p" && withRPUs.hls?.plan?.dolbyVisionRecord?.action == .keep)
    }
}

/// Shaka Packager's clear CMAF pieces of dv_p81.mp4 (`Corpus/generate.sh`; goldens
/// `Corpus/expected/cmaf_dv_p81_*.json` from the recipe, ffprobe 5.1 and the box tree). Beyond the
/// golden keys: an init segment alone claims nothing its samples would tell.
@Suite struct ShakaCMAFPiecesTests {
    @Test func initSegmentClaimsNothingAboutItsSamples() throws {
        let r = CMAFPiecesTests.probe("cmaf_dv_p81_init.mp4")
        let v = try #require(r.streams.first)
        #expect(v.dolbyVision?.rpu.framesScanned == 0)
        // x265 put the mastering display / light level SEI in the first access unit (in the media
        // segment), not in the entry: unknown here, so not "missing".
        #expect(!r.findings.contains { $0.code.rawValue.hasPrefix("hdr10.missing") || $0.code == .dvConfigurationWithoutRpu })
        // Joined with its media segment, the SEI and the RPUs are read.
        let init_ = try Data(contentsOf: TestPaths.corpus.appendingPathComponent("cmaf_dv_p81_init.mp4"))
        let seg = try Data(contentsOf: TestPaths.corpus.appendingPathComponent("cmaf_dv_p81_seg1.m4s"))
        let joined = CMAFPiecesTests.engine.probe(name: "joined.mp4", bytes: Array(init_ + seg))
        let j = try #require(joined.streams.first)
        #expect(j.hdr?.masteringDisplay?.maxLuminance == 1000 && j.hdr?.contentLightLevel?.maxCLL == 1000)
        #expect(j.dolbyVision?.rpu.framesWithRpu == 8 && j.dolbyVision?.rpu.profile == 8)
    }
}
#endif
