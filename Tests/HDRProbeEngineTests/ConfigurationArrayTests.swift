#if FFmpeg
import Foundation
import HDRProbeModel
import HDRProbeEngine
import Testing

/// An hvcC with a non-parameter-set array that is not SEI (issue 14 §7): `Corpus/dv_p81_hvcc_rpu.mp4` is
/// dv_p81.mp4 whose hvcC got one more array, NAL type 62 holding the first sample's RPU
/// (Corpus/hvcc_add_array.py on an intermediate copy, then ffmpeg 5.1 stream copy, which writes a
/// given hvcC verbatim). ffprobe's extradata shows the arrays 32, 33, 34, 39 (x265's SEI, kept by
/// mkvmerge) and 62; MediaInfo still reads dvhe.08.01 BL+RPU. Apple keeps only VPS/SPS/PPS arrays, so
/// the plan drops both the SEI array and the type 62 array; nothing else changes.
@Suite struct ConfigurationArrayTests {
    static func stream(_ file: String) throws -> StreamReport {
        try #require(ProbeEngine().probe(path: TestPaths.corpus.appendingPathComponent(file).path).streams.first)
    }

    @Test func rpuArrayInHvcCIsPlannedAway() throws {
        let s = try Self.stream("dv_p81_hvcc_rpu.mp4")
        let plan = try #require(s.hls?.plan)
        #expect(plan.steps.map(\.code) == [.dropConfigurationSEI, .dropConfigurationArrays])
        let drop = try #require(plan.steps.first { $0.code == .dropConfigurationArrays })
        #expect(drop.detail.contains("62"))
        // The source without the extra array: only the SEI array is dropped; the rest is identical.
        let source = try Self.stream("dv_p81.mp4")
        #expect(source.hls?.plan?.steps.map(\.code) == [.dropConfigurationSEI])
        #expect(s.hls?.codecs == source.hls?.codecs && s.hls?.supplementalCodecs == source.hls?.supplementalCodecs)
        #expect(s.dolbyVision == source.dolbyVision)
    }
}
#endif
