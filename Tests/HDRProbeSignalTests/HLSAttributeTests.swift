import Testing
@testable import HDRProbeBytes
@testable import HDRProbeParse
@testable import HDRProbeModel
@testable import HDRProbeManifests
@testable import HDRProbeSignal
import HDRProbeTestSupport

// VIDEO-RANGE, FRAME-RATE, HDCP-LEVEL, RESOLUTION, bandwidths and the complete STREAM-INF line:
// `docs/rules/hls-signalling.md` §9–§16. Every expectation names the section it comes from.

private let hvcCTail = hex("f000 fc fd f8 f8 0000 0f 00")

/// An `hvc1` base string from hvcC bytes 0–12, parsed by `HEVCDecoderConfigurationRecord`.
private func hevcBase(_ head: String) throws -> VideoCodecString {
    .hevc(HEVCCodecString(record: try HEVCDecoderConfigurationRecord.parse(hex(head) + hvcCTail)))
}

/// A 24-byte dvcC/dvvC payload whose first five bytes are given.
private func dovi(_ head: String) throws -> DOVIDecoderConfigurationRecord {
    let bytes = hex(head)
    return try DOVIDecoderConfigurationRecord.parse(bytes + [UInt8](repeating: 0, count: 24 - bytes.count))
}

private func dovi(profile: Int, level: Int, compat: Int) throws -> DOVIDecoderConfigurationRecord {
    let x = UInt16(profile) << 9 | UInt16(level) << 3 | 0b101
    return try DOVIDecoderConfigurationRecord.parse([1, 0, UInt8(x >> 8), UInt8(x & 0xFF), UInt8(compat << 4)]
                                                    + [UInt8](repeating: 0, count: 19))
}

private func source(codec: String = "hevc", base: VideoCodecString?, record: DOVIDecoderConfigurationRecord? = nil,
                    hdr10Plus: Bool = false, transfer: Int?, alternativeTransfer: Int? = nil) -> HLSVideoSource {
    HLSVideoSource(codec: codec, base: base,
                   dolbyVision: record.flatMap { r in
                       DolbyVisionProfile.resolve(codec: codec, record: r, rpuProfile: nil, baseTransfer: transfer).map {
                           .init(profile: $0, level: r.level, codec: codec, baseTransfer: transfer)
                       }
                   },
                   hdr10Plus: hdr10Plus, transfer: transfer, alternativeTransfer: alternativeTransfer)
}

// MARK: - VIDEO-RANGE (§9)

@Test("§9 transfer table: 1, 6, 13, 14, 15 SDR; 16 PQ; 18 HLG; others SDR with an info issue")
func videoRangeFromTransfer() {
    for tc in [1, 6, 13, 14, 15] {
        let r = VideoRange.resolve(transfer: tc)
        #expect(r.range == .sdr && r.issues.isEmpty, "\(tc)")
    }
    #expect(VideoRange.resolve(transfer: 16).range == .pq)
    #expect(VideoRange.resolve(transfer: 18).range == .hlg)
    for tc in [2, 4, 5, 7, 8, 11, 12, 17, 99] {
        let r = VideoRange.resolve(transfer: tc)
        #expect(r.range == .sdr && r.issues.map(\.code) == [.videoRangeUnknownTransfer], "\(tc)")
        #expect(r.issues.first?.severity == .info)
    }
    #expect(VideoRange.resolve(transfer: nil).issues.map(\.code) == [.videoRangeUnknownTransfer])
}

@Test("§9 Dolby Vision forces the range: P5, P7, 8.1, 10.0, 10.1 → PQ; 8.4, 10.4 → HLG; others from the transfer")
func videoRangeDolbyVision() {
    func range(_ profile: Int, _ compat: Int?, transfer: Int?) -> VideoRange {
        VideoRange.resolve(transfer: transfer,
                           dolbyVision: DolbyVisionProfile(profile: profile, compatibilityId: compat, fromRPU: false)).range
    }
    #expect(range(5, 0, transfer: nil) == .pq)          // P5 files often carry no transfer
    #expect(range(5, 0, transfer: 2) == .pq)
    #expect(range(7, 6, transfer: 16) == .pq)
    #expect(range(8, 1, transfer: 16) == .pq)
    #expect(range(10, 0, transfer: nil) == .pq)
    #expect(range(10, 1, transfer: 16) == .pq)
    #expect(range(8, 4, transfer: 18) == .hlg)           // never collapsed to PQ
    #expect(range(10, 4, transfer: 18) == .hlg)
    #expect(range(8, 2, transfer: 1) == .sdr)            // 8.2 takes its SDR base
    #expect(range(8, 6, transfer: 16) == .pq)            // invalid compat: from the base transfer
    #expect(range(10, 2, transfer: 1) == .sdr)
    // A forced range that contradicts a signalled transfer is noted.
    let odd = VideoRange.resolve(transfer: 1, dolbyVision: DolbyVisionProfile(profile: 8, compatibilityId: 1, fromRPU: false))
    #expect(odd.range == .pq && odd.issues.map(\.code) == [.videoRangeDolbyVisionOverride])
}

@Test("§9 alternative transfer SEI 18 on a VUI-14 stream: SDR from the VUI, info issue (hevc_atc18_sdrbase)")
func videoRangeAlternativeTransfer() {
    let r = VideoRange.resolve(transfer: 14, alternativeTransfer: 18)
    #expect(r.range == .sdr && r.issues.map(\.code) == [.videoRangeAlternativeTransfer])
}

@Test("§9 HLS2 mixing: PQ mixed with SDR/HLG is PQ, HLG mixed with SDR is HLG")
func videoRangeCombined() {
    #expect(VideoRange.combined([.sdr, .hlg, .pq]) == .pq)
    #expect(VideoRange.combined([.sdr, .hlg]) == .hlg)
    #expect(VideoRange.combined([.sdr]) == .sdr)
    #expect(VideoRange.combined([]) == .sdr)
}

// MARK: - FRAME-RATE (§10)

@Test("§10 FRAME-RATE table: three decimals of the rational")
func frameRateTable() {
    let table: [(Int, Int, String)] = [
        (24000, 1001, "23.976"), (24, 1, "24.000"), (25, 1, "25.000"), (30000, 1001, "29.970"),
        (48000, 1001, "47.952"), (50, 1, "50.000"), (60000, 1001, "59.940"), (19001, 317, "59.940"),
        (592000, 24689, "23.978"), (75, 2, "37.500"),
    ]
    for (num, den, text) in table {
        #expect(HLSFrameRate(numerator: num, denominator: den)?.string == text, "\(num)/\(den)")
    }
    #expect(HLSFrameRate(numerator: 0, denominator: 0) == nil)
    #expect(HLSFrameRate(FrameRate(numerator: 48000, denominator: 2002)!).string == "23.976")
}

@Test("§10 avg_frame_rate first, r_frame_rate when avg is 0/0; the variant takes the maximum")
func frameRateChoice() {
    // 592000/24689 average of a jittered remux → 23.978; its r_frame_rate 24000/1001 → 23.976.
    #expect(HLSFrameRate.preferring(average: (592000, 24689), real: (24000, 1001))?.string == "23.978")
    #expect(HLSFrameRate.preferring(average: (0, 0), real: (24000, 1001))?.string == "23.976")
    #expect(HLSFrameRate.preferring(average: nil, real: nil) == nil)
    let rates = [HLSFrameRate(numerator: 25, denominator: 1)!, HLSFrameRate(numerator: 60000, denominator: 1001)!]
    #expect(HLSFrameRate.maximum(rates)?.string == "59.940")
}

@Test("§10 a PQ/HLG line without FRAME-RATE and rates above 60 are flagged")
func frameRateChecks() {
    let pq = StreamInfLine(averageBandwidth: 1, bandwidth: 2, videoRange: .pq, codecs: HLSCodecs(["hvc1.2.4.L30.90"]),
                           resolution: HLSResolution(width: 128, height: 72), frameRate: nil)
    #expect(pq.issues.map(\.code) == [.frameRateMissingForHDR] && pq.issues[0].severity == .error)
    var sdr = pq
    sdr.videoRange = .sdr
    #expect(sdr.issues.isEmpty)                      // SDR variants are tolerated
    sdr.frameRate = HLSFrameRate(numerator: 120, denominator: 1)
    #expect(sdr.issues.map(\.code) == [.frameRateAbove60])
}

// MARK: - HDCP-LEVEL (§11), RESOLUTION (§12)

@Test("§11 HDCP-LEVEL by lines: APPX example 720p NONE, 1080p TYPE-0, 2160p TYPE-1; authoring rule < 720 NONE")
func hdcpLevels() {
    #expect(HDCPLevel.recommended(width: 1280, height: 720, convention: .examplePlaylist) == .none)
    #expect(HDCPLevel.recommended(width: 1920, height: 1080, convention: .examplePlaylist) == .type0)
    #expect(HDCPLevel.recommended(width: 3840, height: 2160, convention: .examplePlaylist) == .type1)
    #expect(HDCPLevel.recommended(width: 640, height: 360) == .none)
    #expect(HDCPLevel.recommended(width: 1280, height: 720) == .type0)
    #expect(HDCPLevel.recommended(width: 1920, height: 1080) == .type0)
    #expect(HDCPLevel.recommended(width: 3840, height: 1600) == .type1)
    // Omitted by default (§11): no HDCP-LEVEL on a line unless asked.
    let line = StreamInfLine(averageBandwidth: nil, bandwidth: 1, videoRange: .sdr, codecs: HLSCodecs(["avc1.64000a"]),
                             resolution: HLSResolution(width: 1920, height: 1080), frameRate: nil)
    #expect(!line.line.contains("HDCP-LEVEL"))
}

@Test("§12 RESOLUTION is WxH of the decoded size; non-square pixels are noted")
func resolution() {
    #expect(HLSResolution(width: 3840, height: 2160)?.string == "3840x2160")
    #expect(HLSResolution(parsing: "1920x1080") == HLSResolution(width: 1920, height: 1080))
    #expect(HLSResolution(width: 0, height: 1080) == nil && HLSResolution(parsing: "1920*1080") == nil)
    let r = HLSResolution(width: 1440, height: 1080)!
    #expect(r.issues(sampleAspectRatio: (4, 3)).map(\.code) == [.resolutionNonSquarePixels])
    #expect(r.issues(sampleAspectRatio: (1, 1)).isEmpty && r.issues(sampleAspectRatio: (0, 1)).isEmpty)
}

// MARK: - Bandwidth (§13)

@Test("§13 AVERAGE-BANDWIDTH = bytes × 8 / duration; BANDWIDTH = max 6-s window from a keyframe, rounded up")
func bandwidthMeasurement() throws {
    // 12 s at 25 fps: 1,000-byte frames, keyframes every 2 s, and a 50,000-byte keyframe at 6 s.
    var samples: [HLSBandwidth.Sample] = []
    for i in 0..<300 {
        let t = Double(i) / 25
        samples.append(.init(time: t, size: i == 150 ? 50_000 : 1_000, isKeyframe: i % 50 == 0))
    }
    let measured = try #require(HLSBandwidth.measure(samples: samples, duration: 12))
    // (299 × 1000 + 50000) × 8 / 12 = 232,666.67 → 232,667.
    #expect(measured.average == 232_667)
    // Window from the keyframe at 6 s (or 2 s, 4 s): 149 × 1000 + 50000 = 199,000 bytes → × 8 / 6 = 265,333.33 → 265,334.
    #expect(measured.peak == 265_334)
    // A clip shorter than a window is one window of its own length; the peak never drops below the average.
    let short = try #require(HLSBandwidth.measure(samples: [.init(time: 0, size: 250_000, isKeyframe: true)], duration: 2))
    #expect(short.average == 1_000_000 && short.peak == 1_000_000)
    #expect(HLSBandwidth.measure(samples: [], duration: 10) == nil)
    #expect(HLSBandwidth.measure(samples: samples, duration: 0) == nil)
}

@Test("§13 APPX tolerances: VOD ±10 % and peak < 200 % of average; live < 110 % / < 125 %")
func bandwidthTolerances() {
    let declared = HLSBandwidth(average: 1_000_000, peak: 1_500_000)
    #expect(HLSBandwidth.check(declared: declared, measured: HLSBandwidth(average: 1_050_000, peak: 1_450_000)).isEmpty)
    let off = HLSBandwidth.check(declared: declared, measured: HLSBandwidth(average: 1_200_000, peak: 2_500_000))
    #expect(off.map(\.code) == [.bandwidthAverageMismatch, .bandwidthPeakMismatch, .bandwidthPeakToAverage])
    let live = HLSBandwidth.check(declared: declared, measured: HLSBandwidth(average: 1_100_000, peak: 1_900_000), live: true)
    #expect(live.map(\.code) == [.bandwidthLiveAverageExceeded, .bandwidthPeakMismatch])
    #expect(HLSBandwidth.check(declared: declared, measured: HLSBandwidth(average: 900_000, peak: 1_800_000), live: true).isEmpty)
}

// MARK: - The line (§14, §15)

@Test("§14 attribute order, quoting, and the reduced master without SUPPLEMENTAL-CODECS")
func streamInfOrder() {
    let line = StreamInfLine(averageBandwidth: 10, bandwidth: 20, videoRange: .pq,
                             codecs: HLSCodecs(["hvc1.2.4.L150", "ec-3"]),
                             supplementalCodecs: SupplementalCodecs(parsing: "dvh1.08.06/db1p"),
                             resolution: HLSResolution(width: 3840, height: 2160),
                             frameRate: HLSFrameRate(numerator: 24000, denominator: 1001), hdcpLevel: .type1)
    #expect(line.attributes.map(\.name) == ["AVERAGE-BANDWIDTH", "BANDWIDTH", "VIDEO-RANGE", "CODECS",
                                            "SUPPLEMENTAL-CODECS", "RESOLUTION", "FRAME-RATE", "CLOSED-CAPTIONS",
                                            "HDCP-LEVEL"])
    #expect(line.line == #"#EXT-X-STREAM-INF:AVERAGE-BANDWIDTH=10,BANDWIDTH=20,VIDEO-RANGE=PQ,CODECS="hvc1.2.4.L150,ec-3",SUPPLEMENTAL-CODECS="dvh1.08.06/db1p",RESOLUTION=3840x2160,FRAME-RATE=23.976,CLOSED-CAPTIONS=NONE,HDCP-LEVEL=TYPE-1"#)
    #expect(!line.withoutSupplementalCodecs().line.contains("SUPPLEMENTAL-CODECS"))
}

/// One APPX example variant, computed: the hvcC (bytes 0–12), an optional DV record, the transfer,
/// the picture; the bandwidths are the published inputs.
private func appleLine(hvcC: String, dovi record: DOVIDecoderConfigurationRecord?, transfer: Int?, width: Int,
                       height: Int, average: Int, peak: Int) throws -> String {
    let video = HLSVideoSignalling.decide(source(base: try hevcBase(hvcC), record: record, transfer: transfer))
    let resolution = try #require(HLSResolution(width: width, height: height))
    let line = try #require(StreamInfLine(
        video: video, bandwidth: HLSBandwidth(average: average, peak: peak), resolution: resolution,
        frameRate: HLSFrameRate(numerator: 24000, denominator: 1001),
        hdcpLevel: HDCPLevel.recommended(width: width, height: height, convention: .examplePlaylist)))
    #expect(line.issues.isEmpty)
    return line.line
}

@Test("§15 APPX example playlist lines, computed from hvcC/dvcC (bandwidths as inputs)")
func appleExamplePlaylistLines() throws {
    let l123 = "01 02 20 00 00 00 b0 00 00 00 00 00 7b"
    let l150 = "01 02 20 00 00 00 b0 00 00 00 00 00 96"
    let l183 = "01 02 20 00 00 00 b0 00 00 00 00 00 b7"
    #expect(try appleLine(hvcC: l123, dovi: nil, transfer: 1, width: 1280, height: 720, average: 2778321, peak: 3971374)
            == #"#EXT-X-STREAM-INF:AVERAGE-BANDWIDTH=2778321,BANDWIDTH=3971374,VIDEO-RANGE=SDR,CODECS="hvc1.2.4.L123.B0",RESOLUTION=1280x720,FRAME-RATE=23.976,CLOSED-CAPTIONS=NONE,HDCP-LEVEL=NONE"#)
    #expect(try appleLine(hvcC: l150, dovi: try dovi(profile: 5, level: 6, compat: 0), transfer: nil, width: 3840,
                          height: 2160, average: 24975091, peak: 30041698)
            == #"#EXT-X-STREAM-INF:AVERAGE-BANDWIDTH=24975091,BANDWIDTH=30041698,VIDEO-RANGE=PQ,CODECS="dvh1.05.06",RESOLUTION=3840x2160,FRAME-RATE=23.976,CLOSED-CAPTIONS=NONE,HDCP-LEVEL=TYPE-1"#)
    #expect(try appleLine(hvcC: l123, dovi: try dovi(profile: 8, level: 1, compat: 1), transfer: 16, width: 1280,
                          height: 720, average: 3320040, peak: 5280654)
            == #"#EXT-X-STREAM-INF:AVERAGE-BANDWIDTH=3320040,BANDWIDTH=5280654,VIDEO-RANGE=PQ,CODECS="hvc1.2.4.L123.B0",SUPPLEMENTAL-CODECS="dvh1.08.01/db1p",RESOLUTION=1280x720,FRAME-RATE=23.976,CLOSED-CAPTIONS=NONE,HDCP-LEVEL=NONE"#)
    #expect(try appleLine(hvcC: l150, dovi: try dovi(profile: 8, level: 8, compat: 1), transfer: 16, width: 3840,
                          height: 2160, average: 24833402, peak: 29983769)
            == #"#EXT-X-STREAM-INF:AVERAGE-BANDWIDTH=24833402,BANDWIDTH=29983769,VIDEO-RANGE=PQ,CODECS="hvc1.2.4.L150.B0",SUPPLEMENTAL-CODECS="dvh1.08.08/db1p",RESOLUTION=3840x2160,FRAME-RATE=23.976,CLOSED-CAPTIONS=NONE,HDCP-LEVEL=TYPE-1"#)
    // HLG lines: APPX writes the compatibility flags unreversed (hvc1.2.20000000…); hdrprobe follows
    // 14496-15 / RFC 6381 and writes 4 (§16). Everything else is verbatim.
    let hlg720 = #"#EXT-X-STREAM-INF:AVERAGE-BANDWIDTH=3061873,BANDWIDTH=3109758,VIDEO-RANGE=HLG,CODECS="hvc1.2.20000000.L150.B0",SUPPLEMENTAL-CODECS="dvh1.08.01/db4h",RESOLUTION=1280x720,FRAME-RATE=23.976,CLOSED-CAPTIONS=NONE,HDCP-LEVEL=NONE"#
    let hlg2160 = #"#EXT-X-STREAM-INF:AVERAGE-BANDWIDTH=26472863,BANDWIDTH=28111779,VIDEO-RANGE=HLG,CODECS="hvc1.2.20000000.L183.B0",SUPPLEMENTAL-CODECS="dvh1.08.08/db4h",RESOLUTION=3840x2160,FRAME-RATE=23.976,CLOSED-CAPTIONS=NONE,HDCP-LEVEL=TYPE-1"#
    #expect(try appleLine(hvcC: l150, dovi: try dovi(profile: 8, level: 1, compat: 4), transfer: 18, width: 1280,
                          height: 720, average: 3061873, peak: 3109758)
            == hlg720.replacing("hvc1.2.20000000.", with: "hvc1.2.4."))
    #expect(try appleLine(hvcC: l183, dovi: try dovi(profile: 8, level: 8, compat: 4), transfer: 18, width: 3840,
                          height: 2160, average: 26472863, peak: 28111779)
            == hlg2160.replacing("hvc1.2.20000000.", with: "hvc1.2.4."))
    // §16: Apple's unreversed value would mean compatibility flag 29, not Main 10.
    #expect(HEVCCodecString("hvc1.2.20000000.L150.B0")?.compatibilityFlags == 0x0000_0004)
}

@Test("§15 the full APPX example's tiers: SDR, DV P5, HDR10 + DV 8.1, HLG + DV 8.4")
func appleExampleTiers() throws {
    let hevcLevels: [UInt8] = [123, 123, 150]
    for (i, dvLevel) in [1, 3, 6].enumerated() {
        let sdr = HLSVideoSignalling.decide(source(base: try hevcBase("01 02 20 00 00 00 b0 00 00 00 00 00 " + CodecStringFormatting.hex(hevcLevels[i], width: 2, uppercase: false)), transfer: 1))
        #expect(sdr.codec?.string == "hvc1.2.4.L\(hevcLevels[i]).B0" && sdr.videoRange == .sdr)
        let p5 = HLSVideoSignalling.decide(source(base: try hevcBase("01 02 20 00 00 00 b0 00 00 00 00 00 99"),
                                                  record: try dovi(profile: 5, level: dvLevel, compat: 0), transfer: nil))
        #expect(p5.codec?.string == "dvh1.05.0\(dvLevel)" && p5.sampleEntry == "dvh1" && p5.supplementalCodecs == nil)
    }
    for (level, hevcLevel) in [(1, "7b"), (3, "7b"), (8, "96")] {
        let v = HLSVideoSignalling.decide(source(base: try hevcBase("01 02 20 00 00 00 b0 00 00 00 00 00 \(hevcLevel)"),
                                                 record: try dovi(profile: 8, level: level, compat: 1), transfer: 16))
        #expect(v.supplementalCodecs?.string == "dvh1.08.0\(level)/db1p" && v.videoRange == .pq)
    }
    for (level, hevcLevel) in [(1, "96"), (3, "99"), (8, "b7")] {
        let v = HLSVideoSignalling.decide(source(base: try hevcBase("01 02 20 00 00 00 b0 00 00 00 00 00 \(hevcLevel)"),
                                                 record: try dovi(profile: 8, level: level, compat: 4), transfer: 18))
        #expect(v.supplementalCodecs?.string == "dvh1.08.0\(level)/db4h" && v.videoRange == .hlg)
        #expect(v.codec?.string.hasPrefix("hvc1.2.4.L") == true)
    }
}

@Test("§15 AetherEngine ReducedMasterPlaylistTests: hvc1.2.4.L150,ec-3 + dvh1.08.06/db1p, PQ; reduced master drops SUPPLEMENTAL")
func aetherEngineReducedMaster() throws {
    let video = HLSVideoSignalling.decide(source(base: try hevcBase("01 02 20 00 00 00 00 00 00 00 00 00 96"),
                                                 record: try dovi(profile: 8, level: 6, compat: 1), transfer: 16))
    let audio = try AudioCodecString.resolve(.init(codecName: "eac3")).get()
    let line = try #require(StreamInfLine(video: video, audio: audio, bandwidth: HLSBandwidth(average: 25_000_000, peak: 50_000_000),
                                          resolution: HLSResolution(width: 3840, height: 2160),
                                          frameRate: HLSFrameRate(numerator: 24000, denominator: 1001)))
    #expect(line.line.contains(#"SUPPLEMENTAL-CODECS="dvh1.08.06/db1p""#) && line.line.contains("VIDEO-RANGE=PQ"))
    let reduced = line.withoutSupplementalCodecs().line
    #expect(reduced.contains("VIDEO-RANGE=PQ") && reduced.contains(#"CODECS="hvc1.2.4.L150,ec-3""#))
    #expect(!reduced.contains("SUPPLEMENTAL-CODECS"))
}

/// One row of the §15 corpus table (128×72, 25 fps).
private struct CorpusRow {
    var file: String
    var source: HLSVideoSource
    var sampleEntry: String
    var codecs: String
    var supplemental: String?
    var range: VideoRange
    var frameRate = HLSFrameRate(numerator: 25, denominator: 1)!
}

@Test("§15 hdrprobe's expected hls values for the recipe corpus")
func corpusHLSValues() throws {
    let main8L30 = try hevcBase("01 01 60 00 00 00 90 00 00 00 00 00 1e")
    let main10L30 = try hevcBase("01 02 20 00 00 00 90 00 00 00 00 00 1e")
    let main10L63 = try hevcBase("01 02 20 00 00 00 90 00 00 00 00 00 3f")
    let avcL10 = VideoCodecString.avc(try AVCCodecString.fromConfigurationRecord(hex("01 64 00 0a ff e1")).get())
    let avcL11 = VideoCodecString.avc(try AVCCodecString.fromConfigurationRecord(hex("01 64 00 0b ff e1")).get())
    let av1 = VideoCodecString.av1(AV1CodecString(sequenceHeader: try AV1SequenceHeader.parse(hex("00000002afff9f7f2a12201208")[...])))
    let rows: [CorpusRow] = [
        .init(file: "hevc_sdr8_bt709.mp4", source: source(base: main8L30, transfer: 1), sampleEntry: "hvc1",
              codecs: "hvc1.1.6.L30.90", range: .sdr),
        .init(file: "hevc_hdr10.mp4", source: source(base: main10L30, transfer: 16), sampleEntry: "hvc1",
              codecs: "hvc1.2.4.L30.90", range: .pq),
        .init(file: "hevc_hlg.mp4", source: source(base: main10L30, transfer: 18), sampleEntry: "hvc1",
              codecs: "hvc1.2.4.L30.90", range: .hlg),
        .init(file: "hevc_hdr10plus.mp4", source: source(base: main10L30, hdr10Plus: true, transfer: 16), sampleEntry: "hvc1",
              codecs: "hvc1.2.4.L30.90", supplemental: "hvc1.2.4.L30.90/cdm4", range: .pq),
        .init(file: "hevc_atc18_sdrbase.mp4", source: source(base: main10L30, transfer: 14, alternativeTransfer: 18),
              sampleEntry: "hvc1", codecs: "hvc1.2.4.L30.90", range: .sdr),
        .init(file: "edge_hdr10.hev1.mp4", source: source(base: main10L30.withSampleEntry("hev1"), transfer: 16),
              sampleEntry: "hvc1", codecs: "hvc1.2.4.L30.90", range: .pq),
        .init(file: "dv_p5.mp4", source: source(base: main10L63, record: try dovi("01 00 0a 0d 00"), transfer: 2),
              sampleEntry: "dvh1", codecs: "dvh1.05.01", range: .pq),
        .init(file: "dv_p81.mp4", source: source(base: main10L63, record: try dovi("01 00 10 0d 10"), transfer: 16),
              sampleEntry: "hvc1", codecs: "hvc1.2.4.L63.90", supplemental: "dvh1.08.01/db1p", range: .pq),
        .init(file: "dv_p81_hdr10plus.mp4",
              source: source(base: main10L63, record: try dovi("01 00 10 0d 10"), hdr10Plus: true, transfer: 16),
              sampleEntry: "hvc1", codecs: "hvc1.2.4.L63.90", supplemental: "dvh1.08.01/db1p", range: .pq),
        .init(file: "dv_p84.mp4", source: source(base: main10L63, record: try dovi("01 00 10 0d 40"), transfer: 18),
              sampleEntry: "hvc1", codecs: "hvc1.2.4.L63.90", supplemental: "dvh1.08.01/db4h", range: .hlg),
        .init(file: "dv_p82.mp4", source: source(base: main10L63, record: try dovi("01 00 10 0d 20"), transfer: 1),
              sampleEntry: "hvc1", codecs: "hvc1.2.4.L63.90", range: .sdr),
        .init(file: "dv_p7_fel_rpu_no_el.mp4", source: source(base: main10L63, record: try dovi("01 00 0e 0f 60"), transfer: 16),
              sampleEntry: "hvc1", codecs: "hvc1.2.4.L63.90", range: .pq),
        .init(file: "h264_sdr_bt709.mp4", source: source(codec: "h264", base: avcL10, transfer: 1), sampleEntry: "avc1",
              codecs: "avc1.64000a", range: .sdr),
        .init(file: "av1_hdr10.mp4", source: source(codec: "av1", base: av1, transfer: 16), sampleEntry: "av01",
              codecs: "av01.0.00M.10.0.110.09.16.09.0", range: .pq),
        .init(file: "av1_dv_p10.1.mp4",
              source: source(codec: "av1", base: av1, record: try dovi(profile: 10, level: 1, compat: 1), transfer: 16),
              sampleEntry: "av01", codecs: "av01.0.00M.10.0.110.09.16.09.0", supplemental: "dav1.10.01/db1p", range: .pq),
        .init(file: "edge_fps_23.976.mp4", source: source(codec: "h264", base: avcL10, transfer: 1), sampleEntry: "avc1",
              codecs: "avc1.64000a", range: .sdr, frameRate: HLSFrameRate(numerator: 24000, denominator: 1001)!),
        .init(file: "edge_fps_59.94.mp4", source: source(codec: "h264", base: avcL11, transfer: 1), sampleEntry: "avc1",
              codecs: "avc1.64000b", range: .sdr, frameRate: HLSFrameRate(numerator: 60000, denominator: 1001)!),
    ]
    let expectedRates = ["edge_fps_23.976.mp4": "23.976", "edge_fps_59.94.mp4": "59.940"]
    for row in rows {
        let video = HLSVideoSignalling.decide(row.source)
        let report = try #require(HLSReportBuilder.report(video: video, audio: nil, resolution: HLSResolution(width: 128, height: 72),
                                                          frameRate: row.frameRate, bandwidth: HLSBandwidth(average: 1, peak: 2)),
                                  "\(row.file)")
        #expect(report.sampleEntry == row.sampleEntry, "\(row.file)")
        #expect(report.codecs == row.codecs, "\(row.file)")
        #expect(report.supplementalCodecs == row.supplemental, "\(row.file)")
        #expect(report.videoRange == row.range, "\(row.file)")
        #expect(report.frameRate?.string == (expectedRates[row.file] ?? "25.000"), "\(row.file)")
        #expect(report.resolution == "128x72" && report.streamInf.hasPrefix(StreamInfLine.tag), "\(row.file)")
    }
}

@Test("§15 dv_p81.mp4 line (bandwidths elided in the spec, compared from VIDEO-RANGE on)")
func dvP81Line() throws {
    let video = HLSVideoSignalling.decide(source(base: try hevcBase("01 02 20 00 00 00 90 00 00 00 00 00 3f"),
                                                 record: try dovi("01 00 10 0d 10"), transfer: 16))
    let line = try #require(StreamInfLine(video: video, bandwidth: HLSBandwidth(average: 123, peak: 456),
                                          resolution: HLSResolution(width: 128, height: 72),
                                          frameRate: HLSFrameRate(numerator: 25, denominator: 1)))
    #expect(line.line.hasPrefix("#EXT-X-STREAM-INF:AVERAGE-BANDWIDTH=123,BANDWIDTH=456,"))
    #expect(line.line.hasSuffix(#"VIDEO-RANGE=PQ,CODECS="hvc1.2.4.L63.90",SUPPLEMENTAL-CODECS="dvh1.08.01/db1p",RESOLUTION=128x72,FRAME-RATE=25.000,CLOSED-CAPTIONS=NONE"#))
}

@Test("The hls values encode to JSON as the report prints them")
func hlsJSON() throws {
    let video = HLSVideoSignalling.decide(source(base: try hevcBase("01 02 20 00 00 00 90 00 00 00 00 00 3f"),
                                                 record: try dovi("01 00 10 0d 10"), transfer: 16))
    let json = try JSONRoundTrip.encode(video)
    #expect(json == #"{"codec":"hvc1.2.4.L63.90","issues":[],"sampleEntry":"hvc1","supplementalCodecs":"dvh1.08.01/db1p","videoRange":"PQ"}"#)
    #expect(try JSONRoundTrip.decode(HLSVideoSignalling.self, json) == video)
    let line = try #require(StreamInfLine(video: video, bandwidth: HLSBandwidth(average: 1, peak: 2),
                                          resolution: HLSResolution(width: 128, height: 72),
                                          frameRate: HLSFrameRate(numerator: 25, denominator: 1)))
    let lineJSON = try JSONRoundTrip.encode(line)
    #expect(lineJSON.contains(#""frameRate":"25.000""#) && lineJSON.contains(#""resolution":"128x72""#))
    #expect(try JSONRoundTrip.decode(StreamInfLine.self, lineJSON) == line)
}
