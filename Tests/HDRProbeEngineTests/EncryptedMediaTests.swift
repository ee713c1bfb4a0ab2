#if FFmpeg
import Foundation
import HDRProbeModel
import HDRProbeEngine
import Testing

/// Encrypted corpus files (Corpus/generate.sh "encrypted"): Shaka Packager v3.8 wrote them from clear
/// corpus files with a raw key, FFmpeg 5.1's cenc-aes-ctr writer the `enc_ffcenc_*` ones. Expected
/// values: how they were made — the original format the packager kept in `frma` (the clear source's
/// entry), the clear source's sample-entry plan (no entry change), and FFmpeg's fragmented CENC output
/// having no `senc` in its fragments (ffprobe 5.1 reads no packet from it).
@Suite struct EncryptedMediaTests {
    static let engine = ProbeEngine()

    static func video(_ file: String) throws -> (ProbeReport, StreamReport) {
        let report = engine.probe(path: TestPaths.corpus.appendingPathComponent(file).path)
        return (report, try #require(report.streams.first { $0.kind == .video }))
    }

    @Test("the plan keeps the original format and never rewrites encv",
          arguments: ["enc_cbcs_dv_p81.mp4", "enc_cenc_hdr10_hevc.mp4", "enc_cbcs_dv_p5_dvh1.mp4"])
    func planUsesTheOriginalFormat(_ file: String) throws {
        let (_, v) = try Self.video(file)
        let plan = try #require(v.hls?.plan)
        let original = try #require(v.encryption?.originalFormat)
        #expect(plan.stored == original)
        #expect(!plan.steps.contains { $0.code == .promoteEntry })
        #expect(!(v.hls?.streamInf.contains("encv") ?? true))
    }

    @Test func frmaDvh1IsHEVCNotDVCamcorderVideo() throws {
        // ffprobe 5.1: codec_name=dvvideo, codec_tag_string=dvh1 for this file.
        let (_, v) = try Self.video("enc_cbcs_dv_p5_dvh1.mp4")
        #expect(v.codec == "hevc" && v.sampleEntry == "dvh1")
        #expect(v.hls?.codecs == "dvh1.05.01")
        #expect(v.dolbyVision?.rpu.framesWithRpu == 8)
    }

    @Test func fragmentedCENCWithoutMapIsNeverASilentEmptyScan() throws {
        // On every FFmpeg: 7.0+ would refuse the header for its empty `saiz` box, which hdrprobe shows
        // libavformat as a `free` box (docs/ffmpeg-versions.md).
        let (report, v) = try Self.video("enc_ffcenc_hdr10_frag.mp4")
        #expect(v.encryption?.sampleData == .notRead)
        #expect(report.findings.contains { $0.code == .encryptionSampleDataNotRead && $0.stream == v.index })
    }

    @Test func wholeSampleEncryptionRaisesNoFalseFindings() throws {
        // FFmpeg encrypts whole HEVC samples: the RPUs exist (dv_p81 has 8) but cannot be read, so no
        // dv.configurationWithoutRpu and no dv.rpuInvalid from ciphertext.
        let (report, v) = try Self.video("enc_ffcenc_dv_p81.mp4")
        let codes = Set(report.findings.map(\.code))
        #expect(!codes.contains(.dvConfigurationWithoutRpu))
        #expect(!codes.contains(.dvRpuInvalid))
        #expect(v.dolbyVision?.configuration?.profile == 8)
        #expect(v.hdr?.masteringDisplay?.maxLuminance == 1000)
    }
}
#endif
