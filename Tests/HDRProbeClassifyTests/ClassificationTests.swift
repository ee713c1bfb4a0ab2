import HDRProbeParse
import HDRProbeModel
import HDRProbeClassify
import Testing

/// Classification rules, each case traced to the spec table it comes from.
@Suite struct ClassificationTests {
    // docs/rules/apple-playback.md §5.2, the table "Input → Snapped".
    @Test("frame-rate snapping", arguments: [
        (25.0, 25.0), (29.97, 29.97), (30, 30), (48, 48), (50, 50), (59.94, 59.94), (60, 60),
        (23.976, 23.976), (24.0, 23.976), (23.97, 23.976), (23.98, 23.976), (23.5, 23.976), (24.05, 23.976),
        (24.99, 25), (25.4, 25), (29.5, 29.97), (60.3, 60), (24.3, 24), (24.5, 24), (47.952, 48),
    ] as [(Double, Double)])
    func snaps(_ v: (Double, Double)) {
        #expect(FrameRate.snapped(v.0) == v.1)
    }

    @Test("no standard rate", arguments: [35.0, 45, 120, 0, -1, -23.976, 100, 119.88, 12.5, .nan, .infinity])
    func noSnap(_ raw: Double) {
        #expect(FrameRate.snapped(raw) == nil)
    }

    @Test func frameRateRational() throws {
        let r = try #require(FrameRate(numerator: 48000, denominator: 2002))
        #expect(r.rational == "24000/1001" && r.roundedValue == 23.976)
        #expect(FrameRate(numerator: 0, denominator: 1) == nil)
    }

    @Test func variability() {
        // Matroska 1-ms timestamps of 23.976 content: 41/42 ms steps are not variable.
        let mkv: [Int64] = [0, 42, 83, 125, 167, 209, 250, 292, 334, 375, 417, 459]
        #expect(!FrameRate.isVariable(presentationTimestamps: mkv))
        // setpts=N*N*0.01 (the corpus VFR recipe): growing durations.
        let vfr: [Int64] = (0..<12).map { Int64($0 * $0) }
        #expect(FrameRate.isVariable(presentationTimestamps: vfr))
        // A bounded scan in decode order with B-frames: the highest display times are not read yet.
        var bframes: [Int64] = (0..<32).map { Int64($0) * 1000 }
        bframes.removeAll { $0 == 29000 || $0 == 30000 }
        bframes += [33000, 34000]
        #expect(!FrameRate.isVariable(presentationTimestamps: bframes))
    }

    /// A rate from timestamps on a coarse clock. The timestamps are what a 1-ms muxer writes for
    /// each rate (frame k at k × 1000 / rate ms, rounded as mkvmerge and FFmpeg's Matroska muxer do,
    /// or truncated), so the expected rate is the one they were made from; libwebm's synthetic test
    /// files (frames 2 ms apart, ffprobe: no avg_frame_rate) state none.
    @Test func ratesFromCoarseTimestamps() throws {
        func ms(_ n: Int, _ d: Int, frames: Int = 32, round: (Double) -> Double = { $0.rounded() }) -> [Int64] {
            (0..<frames).map { Int64(round(Double($0) * 1000 * Double(d) / Double(n))) }
        }
        func rate(_ pts: [Int64], _ tbNum: Int = 1, _ tbDen: Int = 1000) -> String? {
            FrameRate.fromTimestamps(pts, timeBaseNumerator: tbNum, timeBaseDenominator: tbDen)?.rational
        }
        #expect(rate(ms(30000, 1001)) == "30000/1001")
        #expect(rate(ms(30000, 1001, round: { $0.rounded(.down) })) == "30000/1001")
        #expect(rate(ms(24000, 1001)) == "24000/1001")
        #expect(rate(ms(24, 1)) == "24/1")
        #expect(rate(ms(25, 1)) == "25/1")
        #expect(rate(ms(60000, 1001)) == "60000/1001")
        // Not a candidate: the mean over a span long enough to state it (31 frames of 80 ms).
        #expect(rate(ms(25, 2)) == "25/2")
        // libwebm's test files: one interval, or a few 2-ms ones, state no rate.
        #expect(rate([0, 2]) == nil)
        #expect(rate([0, 2, 4]) == nil)
        #expect(rate([0, 2, 4, 6, 8, 9]) == nil)
        // A fine clock: the median interval, exactly (90 kHz, 3003 ticks).
        #expect(rate((0..<10).map { Int64($0 * 3003) }, 1, 90000) == "30000/1001")
        // Variable (setpts=N*N*0.01 at 1 ms): the median interval, as before.
        #expect(rate((0..<12).map { Int64($0 * $0 * 10) }) != nil)
    }

    // docs/rules/dolby-vision.md §1.1 verdict table.
    @Test("default policy verdicts", arguments: [
        ("hevc", 5, 0, 16, "accept", .accepted, nil),
        ("hevc", 8, 1, 16, "accept", .accepted, "HDR10"),
        ("hevc", 8, 4, 18, "accept", .accepted, "HLG"),
        ("hevc", 8, 2, 1, "refuse", .sdrBase, "SDR"),
        ("hevc", 8, 6, 16, "refuse", .invalidCompatibility, "HDR10"),
        ("hevc", 8, 0, 18, "refuse", .invalidCompatibility, "HLG"),
        ("hevc", 7, 6, 16, "refuse", .dualLayer, "HDR10"),
        ("hevc", 4, 2, 1, "refuse", .dualLayer, "SDR"),
        ("av1", 10, 0, 16, "accept", .accepted, nil),
        ("av1", 10, 1, 16, "accept", .accepted, "HDR10"),
        ("av1", 10, 2, 1, "refuse", .sdrBase, "SDR"),
        ("av1", 10, 4, 18, "accept", .accepted, "HLG"),
        ("h264", 9, 2, 1, "refuse", .unsupportedProfile, "SDR"),
        ("hevc", 20, 0, 16, "refuse", .unsupportedProfile, nil),
        ("hevc", 10, 1, 16, "refuse", .unsupportedProfile, "HDR10"),
        ("av1", 8, 1, 16, "refuse", .unsupportedProfile, "HDR10"),
    ] as [(String, Int, Int, Int, String, DolbyVisionVerdictCode, String?)])
    func verdicts(_ v: (String, Int, Int, Int, String, DolbyVisionVerdictCode, String?)) {
        let dv = DolbyVisionProfile(profile: v.1, compatibilityId: v.2, fromRPU: false)
        let verdict = DolbyVisionPolicy.default.verdict(for: dv, codec: v.0, baseTransfer: v.3)
        #expect(verdict.decision.rawValue == v.4)
        #expect(verdict.code == v.5)
        #expect(verdict.fallback == v.6)
        #expect(!verdict.reason.isEmpty)
    }

    // docs/rules/dolby-vision.md §1.1 step 2: RPU only, compat from the base-layer transfer (mkvmerge's inference).
    @Test func profileFromRPUOnly() {
        func resolve(_ codec: String, _ rpu: Int, _ transfer: Int?) -> String? {
            DolbyVisionProfile.resolve(codec: codec, record: nil, rpuProfile: rpu, baseTransfer: transfer)?.string
        }
        #expect(resolve("hevc", 8, 16) == "8.1")
        #expect(resolve("hevc", 8, 18) == "8.4")
        #expect(resolve("hevc", 8, 1) == "8.2")
        #expect(resolve("hevc", 5, nil) == "5")
        #expect(resolve("hevc", 7, 16) == "7")
        #expect(resolve("av1", 8, 16) == "10.1")
        #expect(DolbyVisionProfile.resolve(codec: "hevc", record: nil, rpuProfile: nil, baseTransfer: 16) == nil)
    }

    // docs/rules/peers.md §3.1 (Jellyfin GetVideoColorRange).
    @Test func videoRangeTypes() {
        func dv(_ p: Int, _ c: Int) -> DolbyVisionProfile { DolbyVisionProfile(profile: p, compatibilityId: c, fromRPU: true) }
        func classify(_ d: DolbyVisionProfile?, transfer: Int?, plus: Bool = false, entry: String? = nil) -> String {
            VideoRangeType.classify(dolbyVision: d, record: nil, sampleEntry: entry, transfer: transfer, hdr10Plus: plus).rawValue
        }
        #expect(classify(dv(5, 0), transfer: nil) == "DOVI")
        #expect(classify(dv(8, 1), transfer: 16) == "DOVIWithHDR10")
        #expect(classify(dv(8, 1), transfer: 16, plus: true) == "DOVIWithHDR10Plus")
        #expect(classify(dv(8, 4), transfer: 18) == "DOVIWithHLG")
        #expect(classify(dv(8, 2), transfer: 1) == "DOVIWithSDR")
        #expect(classify(dv(8, 6), transfer: 16) == "DOVIInvalid")
        #expect(classify(dv(7, 6), transfer: 16) == "DOVIWithEL")
        #expect(classify(dv(7, 6), transfer: 16, plus: true) == "DOVIWithELHDR10Plus")
        #expect(classify(dv(10, 0), transfer: 16) == "DOVI")
        #expect(classify(dv(10, 5), transfer: 16) == "DOVIInvalid")
        #expect(classify(dv(9, 2), transfer: 1) == "SDR")          // P9 falls to the transfer branch
        #expect(classify(dv(4, 2), transfer: 16) == "HDR10")
        #expect(classify(dv(4, 2), transfer: 16, entry: "dvhe") == "SDR")  // a DV tag forces the branch
        #expect(classify(nil, transfer: 16) == "HDR10")
        #expect(classify(nil, transfer: 16, plus: true) == "HDR10Plus")
        #expect(classify(nil, transfer: 18) == "HLG")
        #expect(classify(nil, transfer: 14) == "SDR")
        // A record without rpu/bl flags does not enter the DV branch (Jellyfin's flag check).
        let record = DOVIDecoderConfigurationRecord(versionMajor: 1, versionMinor: 0, profile: 8, level: 1, rpuPresent: false,
                                                    elPresent: false, blPresent: true, compatibilityId: 1, mdCompression: 0,
                                                    dependencyPID: nil, storedSize: 24, issues: [])
        #expect(VideoRangeType.classify(dolbyVision: dv(8, 1), record: record, sampleEntry: "hvc1", transfer: 16, hdr10Plus: false) == .hdr10)
        #expect(VideoRangeType.formats(dolbyVision: true, hdr10Plus: true, transfer: 16) == ["DolbyVision", "HDR10+", "HDR10"])
        #expect(VideoRangeType.formats(dolbyVision: true, hdr10Plus: false, transfer: 18) == ["DolbyVision", "HLG"])
    }

    @Test func classifierFindings() {
        var e = VideoEvidence(index: 0)
        e.codec = "hevc"
        e.sampleEntry = "hev1"
        e.containerColour = ColourCodes(primaries: 9, transfer: 16, matrix: 9, fullRange: false)
        e.declaredFrameRate = FrameRate(numerator: 30, denominator: 1)
        e.scan.framesScanned = 10
        e.scan.framesWithRPU = 10
        e.scan.rpuProfile = 8
        let (report, findings) = VideoStreamClassifier().classify(e)
        let codes = Set(findings.map(\.code))
        #expect(codes == [.dvRpuWithoutConfiguration, .hdr10MissingMasteringDisplay,
                          .hdr10MissingContentLightLevel, .hlsSampleEntryInBand])
        #expect(report.dolbyVision?.profile == DolbyVisionProfile(profile: 8, compatibilityId: 1, fromRPU: true))
        #expect(report.dolbyVision?.configuration == nil)
        #expect(report.hdr?.videoRangeType == .doviWithHDR10)
        #expect(report.color?.source == "container")
        #expect(report.frameRate?.snapped == 30)
        #expect(findings.allSatisfy { $0.stream == 0 })
    }

    @Test func containerColourWinsAndSourceIsBoth() {
        var e = VideoEvidence(index: 1)
        e.codec = "hevc"
        e.containerColour = ColourCodes(primaries: 9, transfer: 14, matrix: 9, fullRange: false)
        e.scan.bitstreamColour = ColourCodes(primaries: 9, transfer: 18, matrix: 9, fullRange: false)
        e.scan.alternativeTransfer = 18
        let (report, _) = VideoStreamClassifier().classify(e)
        #expect(report.color?.transfer == "bt2020-10" && report.color?.transferCharacteristics == 14)
        #expect(report.color?.source == "both")
        #expect(report.hdr?.videoRangeType == .sdr)
        #expect(report.hdr?.alternativeTransfer == 18)
    }
}

@Suite struct UnreadableRPUTests {
    @Test func rpuWithoutReadableHeaderIsStillDolbyVision() {
        var e = VideoEvidence(index: 0)
        e.codec = "hevc"
        e.scan.framesScanned = 4
        e.scan.framesWithRPU = 4
        e.scan.invalidRPUs = 4
        e.scan.rpuProblems = [.crcMismatch]
        let (report, findings) = VideoStreamClassifier().classify(e)
        #expect(report.dolbyVision?.profile == nil && report.dolbyVision?.profileName == "unknown")
        #expect(report.dolbyVision?.verdict.decision == .refuse)
        #expect(report.hdr?.formats == ["DolbyVision"])
        #expect(Set(findings.map(\.code)).isSuperset(of: [.dvRpuInvalid, .dvRpuWithoutConfiguration, .dvRefused]))
        // The report's sentence for the typed problem (docs/findings.md dv.rpuInvalid).
        #expect(findings.first { $0.code == .dvRpuInvalid }?.message
                == "4 Dolby Vision RPU(s) failed validation: RPU CRC32 does not match the data.")
    }
}
