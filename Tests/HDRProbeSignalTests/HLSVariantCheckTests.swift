import Testing
@testable import HDRProbeModel
@testable import HDRProbeManifests
@testable import HDRProbeSignal

/// ``HLSVariantCheck`` on hand-made declarations against hand-made media facts: the rules whose
/// corpus cases are not in `Corpus/hls` (AV1 short form, AUDIO groups, rate rounding, above 60).
@Suite struct HLSVariantCheckTests {
    static func media(codecs: String, supplemental: String? = nil, range: String = "PQ", rate: String? = "23.976",
                      resolution: String = "3840x2160", entry: String? = "hvc1", dv: DolbyVisionProfile? = nil,
                      level: Int? = nil, hdr10Plus: Bool = false, container: String = "mp4", codec: String = "hevc") -> HLSMediaFacts {
        let hls = HLSReport(codecs: codecs, supplementalCodecs: supplemental, videoRange: VideoRange(rawValue: range)!,
                            frameRate: rate.flatMap(Double.init).flatMap { HLSFrameRate(framesPerSecond: $0) },
                            resolution: resolution, sampleEntry: entry ?? "hvc1", streamInf: "#EXT-X-STREAM-INF:BANDWIDTH=1")
        return HLSMediaFacts(container: container, storedSampleEntry: entry, expected: hls, dolbyVision: dv, dolbyVisionLevel: level,
                             hasDolbyVisionRecord: dv != nil, dolbyVisionAccepted: dv != nil, hdr10Plus: hdr10Plus, codec: codec)
    }

    static func variant(_ attributes: String) throws -> HLSVariantStream {
        let playlist = try HLSMultivariantPlaylist.parse("#EXTM3U\n#EXT-X-STREAM-INF:\(attributes)\nv.m3u8\n")
        return try #require(playlist.variants.first)
    }

    static func codes(_ attributes: String, _ media: HLSMediaFacts) throws -> Set<String> {
        Set(HLSVariantCheck.check(try variant(attributes), media: media).map(\.code.rawValue))
    }

    @Test func appleStyleLineMatches() throws {
        let m = Self.media(codecs: "hvc1.2.4.L150.90,ec-3", supplemental: "dvh1.08.06/db1p",
                           dv: DolbyVisionProfile(profile: 8, compatibilityId: 1, fromRPU: false), level: 6)
        let line = #"BANDWIDTH=30000000,VIDEO-RANGE=PQ,CODECS="HVC1.2.4.L150.90,ec-3",SUPPLEMENTAL-CODECS="dvh1.08.06/db1p",RESOLUTION=3840x2160,FRAME-RATE=23.976"#
        #expect(try Self.codes(line, m).isEmpty)
        // Trailing zero constraint bytes may be written or not (RFC 6381 / 14496-15 Annex E).
        #expect(try Self.codes(line.replacingOccurrences(of: "L150.90", with: "L150.90.00"), m).isEmpty)
    }

    @Test func av1ShortFormComparesItsFourFields() throws {
        let m = Self.media(codecs: "av01.0.13M.10.0.110.09.16.09.0", entry: "av01", codec: "av1")
        #expect(try Self.codes(#"BANDWIDTH=1,VIDEO-RANGE=PQ,CODECS="av01.0.13M.10",RESOLUTION=3840x2160,FRAME-RATE=23.976"#, m).isEmpty)
        #expect(try Self.codes(#"BANDWIDTH=1,VIDEO-RANGE=PQ,CODECS="av01.0.12M.10",RESOLUTION=3840x2160,FRAME-RATE=23.976"#, m)
            == ["hls.check.videoCodecMismatch"])
    }

    @Test func audioGroupVariantsAreNotCheckedForMuxedAudio() throws {
        let m = Self.media(codecs: "hvc1.2.4.L150.90", range: "SDR")
        #expect(try Self.codes(#"BANDWIDTH=1,CODECS="hvc1.2.4.L150.90,ec-3",AUDIO="a",RESOLUTION=3840x2160,FRAME-RATE=23.976"#, m).isEmpty)
        #expect(try Self.codes(#"BANDWIDTH=1,CODECS="hvc1.2.4.L150.90,ec-3",RESOLUTION=3840x2160,FRAME-RATE=23.976"#, m)
            == ["hls.check.audioCodecMismatch"])
    }

    @Test func frameRateRoundingAndLimits() throws {
        let m = Self.media(codecs: "hvc1.2.4.L150.90", range: "SDR", rate: "23.976")
        let base = #"BANDWIDTH=1,CODECS="hvc1.2.4.L150.90",RESOLUTION=3840x2160"#
        #expect(try Self.codes(base + ",FRAME-RATE=23.976", m).isEmpty)
        #expect(try Self.codes(base + ",FRAME-RATE=23.98", m).isEmpty == false)
        #expect(try Self.codes(base + ",FRAME-RATE=23.977", m).isEmpty)  // one thousandth of writer rounding
        #expect(try Self.codes(base + ",FRAME-RATE=24", m) == ["hls.check.frameRateMismatch"])
        #expect(try Self.codes(base, m) == ["hls.check.frameRateMissing"])
        let fast = Self.media(codecs: "hvc1.2.4.L150.90", range: "SDR", rate: "119.880")
        #expect(try Self.codes(base + ",FRAME-RATE=119.880", fast) == ["hls.frameRate.above60"])
    }

    @Test func unknownVideoRangeValueIsAMismatch() throws {
        let m = Self.media(codecs: "hvc1.2.4.L150.90", range: "PQ")
        #expect(try Self.codes(#"BANDWIDTH=1,VIDEO-RANGE=HDR10,CODECS="hvc1.2.4.L150.90",RESOLUTION=3840x2160,FRAME-RATE=23.976"#, m)
            .contains("hls.check.videoRangeMismatch"))
    }

    @Test func hevcInTransportStreamAndH264IsFine() throws {
        let ts = Self.media(codecs: "hvc1.2.4.L150.90", range: "SDR", entry: nil, container: "mpegts")
        #expect(try Self.codes(#"BANDWIDTH=1,CODECS="hvc1.2.4.L150.90",RESOLUTION=3840x2160,FRAME-RATE=23.976"#, ts)
            == ["hls.check.codecInTransportStream"])
        let avc = Self.media(codecs: "avc1.640028", range: "SDR", entry: nil, container: "mpegts", codec: "h264")
        #expect(try Self.codes(#"BANDWIDTH=1,CODECS="avc1.640028",RESOLUTION=3840x2160,FRAME-RATE=23.976"#, avc).isEmpty)
    }

    @Test func fallbackLineDropsOnlySupplementalCodecs() {
        let line = #"#EXT-X-STREAM-INF:AVERAGE-BANDWIDTH=5,BANDWIDTH=9,VIDEO-RANGE=PQ,CODECS="hvc1.2.4.L63.90,ec-3",SUPPLEMENTAL-CODECS="dvh1.08.01/db1p",RESOLUTION=128x72,FRAME-RATE=25.000,CLOSED-CAPTIONS=NONE"#
        #expect(HLSFragmentPlanner.withoutSupplementalCodecs(line)
            == #"#EXT-X-STREAM-INF:AVERAGE-BANDWIDTH=5,BANDWIDTH=9,VIDEO-RANGE=PQ,CODECS="hvc1.2.4.L63.90,ec-3",RESOLUTION=128x72,FRAME-RATE=25.000,CLOSED-CAPTIONS=NONE"#)
    }
}
