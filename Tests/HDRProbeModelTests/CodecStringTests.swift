import Testing
@testable import HDRProbeParse
@testable import HDRProbeModel
import HDRProbeTestSupport

// Codec strings from configuration records: `docs/rules/hls-signalling.md` §1–§4, §6, §7 and
// `docs/rules/dolby-vision.md` §4–§5. Every expectation names the section it comes from.

/// Bytes 13–22 of a typical 8-bit 4:2:0 hvcC with no NAL arrays (min_spatial_segmentation F000,
/// parallelism FC, chroma FD, depths F8 F8, avgFrameRate 0, 0x0F, numOfArrays 0). The §2.2 vectors
/// give bytes 0–12 only; this tail makes them complete 23-byte records for the existing parser.
private let hvcCTail = hex("f000 fc fd f8 f8 0000 0f 00")

/// Parses bytes 0–12 of an hvcC (completed with ``hvcCTail``) with `HEVCDecoderConfigurationRecord`.
private func hvcC(_ head: String) throws -> HEVCDecoderConfigurationRecord {
    let bytes = hex(head)
    precondition(bytes.count == 13, "hvcC head must be bytes 0–12")
    return try HEVCDecoderConfigurationRecord.parse(bytes + hvcCTail)
}

/// `hvcC` of dovi_tool `regular.hevc` as FFmpeg 5.1 wrote it (same bytes as
/// `HEVCParameterSetTests`): Main 10, High tier, compat 0x20000000, constraints 90, level 153.
private let regularHvcC = hex("""
    01222000000090000000000099f000fcfdfafa00000f03a00001001840010c01ffff222000000300900000030000030099
    959809a100010037420101222000000300900000030000030099a00808091365959a4932b9a848804db0800001f48000
    2ee0315e4b2f0000989680004c4b44a2000100074401c172bc6240
    """)

/// `avcC` of the recipe `tff=1` H.264 clip (same bytes as `AVCTests`): starts `01 64 00 15 ff e1`,
/// the `edge_h264_tff.mp4` row of §3.
private let interlacedAvcC = hex("""
    01640015ffe1001e67640015acd94102bc93602d4040405000000300100000030321f142996001000768fba3cb3002c0
    fdf8f800
    """)

// MARK: - HEVC (§2)

@Test("§2.2 AetherEngine vectors, hdrprobe column (hvcC parsed by HEVCDecoderConfigurationRecord)")
func hevcAetherEngineVectors() throws {
    // 8-bit Main L3.1, issue #187 reporter.
    #expect(HEVCCodecString(record: try hvcC("01 01 60 00 00 00 90 00 00 00 00 00 5d")).string == "hvc1.1.6.L93.90")
    // Dolby P8.1 "Sol Levante", Main 10: upper-case constraint byte (§2.1 "Case").
    #expect(HEVCCodecString(record: try hvcC("01 02 20 00 00 00 b0 00 00 00 00 00 99")).string == "hvc1.2.4.L153.B0")
    // profile_idc 2, compat 0x20000000, constraints 0 × 6, level 120 → no constraint element.
    #expect(HEVCCodecString(record: try hvcC("01 02 20 00 00 00 00 00 00 00 00 00 78")).string == "hvc1.2.4.L120")
    // tier 1, profile_idc 1, compat 0x60000000, constraints 90 00 00 00 00 00, level 93.
    #expect(HEVCCodecString(record: try hvcC("01 21 60 00 00 00 90 00 00 00 00 00 5d")).string == "hvc1.1.6.H93.90")
    // profile_space 1 → "A".
    #expect(HEVCCodecString(record: try hvcC("01 41 60 00 00 00 90 00 00 00 00 00 5d")).string == "hvc1.A1.6.L93.90")
    // constraints 90 40 00 00 00 00 → two elements, trailing zeros dropped.
    #expect(HEVCCodecString(record: try hvcC("01 01 60 00 00 00 90 40 00 00 00 00 5d")).string == "hvc1.1.6.L93.90.40")
    // compat 0x60000001 reversed → 80000006.
    #expect(HEVCCodecString(record: try hvcC("01 01 60 00 00 01 00 00 00 00 00 00 5d")).string == "hvc1.1.80000006.L93")
    // Entry dvh1.
    #expect(HEVCCodecString(record: try hvcC("01 01 60 00 00 00 90 00 00 00 00 00 5d"), sampleEntry: "dvh1").string
            == "dvh1.1.6.L93.90")
}

@Test("§2.1/§2.2 rejections: Annex B and short records give no string, with a reason")
func hevcRejections() throws {
    let annexB = hex("00 00 00 01") + [UInt8](repeating: 0x42, count: 40)
    #expect(HEVCCodecString.fromConfigurationRecord(annexB) == .failure(.annexB))
    #expect(HEVCCodecString.fromConfigurationRecord(hex("01 01 60 00 00 00")) == .failure(.tooShort(needed: 13, got: 6)))
    #expect(HEVCCodecString.fromConfigurationRecord(hex("02 01 60 00 00 00 90 00 00 00 00 00 5d"))
            == .failure(.unsupportedVersion(2)))
    #expect(!CodecStringError.annexB.reason.isEmpty)
    // §2.1: 13 bytes are enough (the general fields are all there); a full record gives the same.
    let head = hex("01 02 20 00 00 00 b0 00 00 00 00 00 99")
    #expect(try HEVCCodecString.fromConfigurationRecord(head).get().string == "hvc1.2.4.L153.B0")
    #expect(try HEVCCodecString.fromConfigurationRecord(head + hvcCTail).get().string == "hvc1.2.4.L153.B0")
}

@Test("§2.1 compatibility flags are bit-reversed: 0x20000000 → 4, 0x60000000 → 6, 0x60000001 → 80000006, 0x08000000 → 10")
func hevcCompatibilityReversal() {
    func compat(_ flags: UInt32) -> String {
        String(HEVCCodecString(profileIDC: 1, compatibilityFlags: flags, levelIDC: 93).string.split(separator: ".")[2])
    }
    #expect(compat(0x2000_0000) == "4")
    #expect(compat(0x6000_0000) == "6")
    #expect(compat(0x6000_0001) == "80000006")
    #expect(compat(0x0800_0000) == "10")
    #expect(HEVCCodecString.reverseBits(0x0000_0001) == 0x8000_0000)
}

@Test("§2.1 level_idc = 30 × level")
func hevcLevelNames() {
    let expected: [(UInt8, String)] = [(30, "1"), (60, "2"), (63, "2.1"), (90, "3"), (93, "3.1"), (120, "4"),
                                       (123, "4.1"), (150, "5"), (153, "5.1"), (156, "5.2"), (180, "6"),
                                       (183, "6.1"), (186, "6.2")]
    for (idc, name) in expected {
        #expect(HEVCCodecString(profileIDC: 2, compatibilityFlags: 0x2000_0000, levelIDC: idc).levelName == name)
    }
}

@Test("§2.2 corpus-derived strings (hvcC fields as the table states them)")
func hevcCorpusStrings() throws {
    // hevc_sdr8_bt709.mp4: x265 Main, level 1.
    #expect(HEVCCodecString(record: try hvcC("01 01 60 00 00 00 90 00 00 00 00 00 1e")).string == "hvc1.1.6.L30.90")
    // hevc_hdr10 / hevc_hlg / hevc_hdr10plus / edge_pq_no_mdcv.
    let main10L30 = try hvcC("01 02 20 00 00 00 90 00 00 00 00 00 1e")
    #expect(HEVCCodecString(record: main10L30).string == "hvc1.2.4.L30.90")
    // edge_hdr10.hev1.mp4: stored hev1; for Apple the entry becomes hvc1.
    let hev1 = HEVCCodecString(record: main10L30, sampleEntry: "hev1")
    #expect(hev1.string == "hev1.2.4.L30.90")
    #expect(hev1.withSampleEntry(VideoCodecString.outOfBandEntry("hev1")).string == "hvc1.2.4.L30.90")
    // dv_p5 / dv_p81 / dv_p82 / dv_p84 / dv_p7_fel_rpu_no_el: level 2.1 (63).
    let l63 = try hvcC("01 02 20 00 00 00 90 00 00 00 00 00 3f")
    #expect(HEVCCodecString(record: l63).string == "hvc1.2.4.L63.90")
    // dv_p5.dvh1.mp4.
    #expect(HEVCCodecString(record: l63, sampleEntry: "dvh1").string == "dvh1.2.4.L63.90")
    // dv_p7_muxed_el.mp4: High tier L5.1.
    #expect(HEVCCodecString(record: try hvcC("01 22 20 00 00 00 90 00 00 00 00 00 99")).string == "hvc1.2.4.H153.90")
    // edge_hevc_422_10 / edge_hevc_main12: RExt, compat 0x08000000 → 10.
    #expect(HEVCCodecString(record: try hvcC("01 04 08 00 00 00 90 00 00 00 00 00 1e")).string == "hvc1.4.10.L30.90")
    // edge_hevc_tff.mp4: interlaced-source flag 0x40.
    #expect(HEVCCodecString(record: try hvcC("01 01 60 00 00 00 40 00 00 00 00 00 1e")).string == "hvc1.1.6.L30.40")
}

@Test("§2 from the SPS profile_tier_level equals the hvcC-derived string (raw streams)")
func hevcFromProfileTierLevel() throws {
    let record = try HEVCDecoderConfigurationRecord.parse(regularHvcC)
    #expect(HEVCCodecString(record: record).string == "hvc1.2.4.H153.90")
    let sps = try HEVCSequenceParameterSet.parse(EmulationPrevention.unescape(record.units(ofType: 33)[0][...]))
    #expect(HEVCCodecString(profileTierLevel: sps.profileTierLevel) == HEVCCodecString(record: record))
    // The P8.1 "Sol Levante" general fields as a bare profile_tier_level.
    let ptl = try HEVCProfileTierLevel.parse(hex("02 20000000 b00000000000 99"), maxSubLayersMinus1: 0)
    #expect(HEVCCodecString(profileTierLevel: ptl).string == "hvc1.2.4.L153.B0")
}

@Test("§1 APPX HEVC examples: Main 10 strings derive from hvcC; the Main example's compat 4 is Apple's inconsistency")
func hevcAppleExamples() throws {
    #expect(HEVCCodecString(record: try hvcC("01 02 20 00 00 00 b0 00 00 00 00 00 7b")).string == "hvc1.2.4.L123.B0")
    #expect(HEVCCodecString(record: try hvcC("01 02 20 00 00 00 b0 00 00 00 00 00 96")).string == "hvc1.2.4.L150.B0")
    // A real Main L4.2 stream sets compat flags 1 and 2 → "6", not APPX's "4" (§1, §16).
    #expect(HEVCCodecString(record: try hvcC("01 01 60 00 00 00 b0 00 00 00 00 00 7e")).string == "hvc1.1.6.L126.B0")
    let apple = try #require(HEVCCodecString("hvc1.1.4.L126.B0"))
    #expect(apple.compatibilityFlags == 0x2000_0000)   // Main 10 only
}

@Test("§2.1 case: hdrprobe writes upper-case, parsing accepts either case (MP4Box, Dolby, APPX b0)")
func hevcParsingAndCase() throws {
    let lower = try #require(HEVCCodecString("hvc1.2.4.L153.b0"))
    #expect(lower.string == "hvc1.2.4.L153.B0")
    #expect(lower == HEVCCodecString(record: try hvcC("01 02 20 00 00 00 b0 00 00 00 00 00 99")))
    // Other observed strings for the Sol Levante asset (§2.2): MP4Box, Dolby's manifest.
    #expect(HEVCCodecString("hev1.2.4.L153.B0")?.sampleEntry == "hev1")
    #expect(HEVCCodecString("hvc1.2.4.L150.b0")?.levelIDC == 150)
    #expect(HEVCCodecString("hvc1.A1.6.H93.90.40")?.string == "hvc1.A1.6.H93.90.40")
    #expect(HEVCCodecString("hvc1.1.80000006.L93")?.compatibilityFlags == 0x6000_0001)
    for bad in ["hvc1.2.4", "hvc1.2.4.X153", "hvc1.D2.4.L153", "hvc1.2.4.L153.B0.00.00.00.00.00.00", "hvc1.2.4.L153.1FF"] {
        #expect(HEVCCodecString(bad) == nil, "\(bad)")
    }
}

// MARK: - H.264 (§3)

@Test("§1/§3 APPX H.264 examples from avcC bytes 1–3, lower-case hex")
func avcAppleExamples() throws {
    // Minimal records: no SPS (e0), no PPS (00).
    #expect(AVCCodecString(record: try AVCDecoderConfigurationRecord.parse(hex("01 42 00 1f ff e0 00"))).string == "avc1.42001f")
    #expect(AVCCodecString(record: try AVCDecoderConfigurationRecord.parse(hex("01 4d 00 28 ff e0 00"))).string == "avc1.4d0028")
    #expect(AVCCodecString(record: try AVCDecoderConfigurationRecord.parse(hex("01 64 00 29 ff e0 00"))).string == "avc1.640029")
    // AetherEngine's values for the same fields (constraint 00): High L4.1, and its defaults 100/40.
    #expect(AVCCodecString(profileIDC: 100, constraintFlags: 0, levelIDC: 41).string == "avc1.640029")
    #expect(AVCCodecString(profileIDC: 100, constraintFlags: 0, levelIDC: 40).string == "avc1.640028")
}

@Test("§3 corpus-derived strings from avcC bytes 0–5")
func avcCorpusStrings() throws {
    let vectors = [("01 64 00 0a ff e1", "avc1.64000a"), ("01 64 00 0b ff e1", "avc1.64000b"),
                   ("01 64 00 15 ff e1", "avc1.640015"), ("01 7a 00 0a ff e1", "avc1.7a000a")]
    for (bytes, expected) in vectors {
        #expect(try AVCCodecString.fromConfigurationRecord(hex(bytes)).get().string == expected)
        // The same bytes completed with an empty SPS and no PPS, through the record parser.
        #expect(AVCCodecString(record: try AVCDecoderConfigurationRecord.parse(hex(bytes + " 0000 00"))).string == expected)
    }
    #expect(AVCCodecString.fromConfigurationRecord(hex("00 00 00 01 67 64 00")) == .failure(.annexB))
    #expect(AVCCodecString.fromConfigurationRecord(hex("01 64 00")) == .failure(.tooShort(needed: 4, got: 3)))
}

@Test("§3 the real constraint byte is copied; the SPS gives the same string (edge_h264_tff.mp4)")
func avcFromSPSAndConstraintByte() throws {
    let record = try AVCDecoderConfigurationRecord.parse(interlacedAvcC)
    #expect(AVCCodecString(record: record).string == "avc1.640015")
    let sps = try AVCSequenceParameterSet.parse(EmulationPrevention.unescape(record.sequenceParameterSets[0][...]))
    #expect(AVCCodecString(sps: sps) == AVCCodecString(record: record))
    // Constrained Baseline: constraint_set0 + set1 → 0xC0, printed as two hex digits (AE's quirk avoided).
    #expect(AVCCodecString(profileIDC: 66, constraintFlags: 0xC0, levelIDC: 30).string == "avc1.42c01e")
    #expect(AVCCodecString("avc1.4D0028")?.string == "avc1.4d0028")
    #expect(AVCCodecString("avc1.640") == nil)
}

// MARK: - Dolby Vision (§4; docs/rules/dolby-vision.md §4, §5)

/// A dvcC/dvvC payload for profile/level/compat with rpu + bl flags (docs/rules/dolby-vision.md §5.1 layout).
private func doviRecord(profile: Int, level: Int, compat: Int) throws -> DOVIDecoderConfigurationRecord {
    let x = UInt16(profile) << 9 | UInt16(level) << 3 | 0b101
    return try DOVIDecoderConfigurationRecord.parse([1, 0, UInt8(x >> 8), UInt8(x & 0xFF), UInt8(compat << 4)]
                                                    + [UInt8](repeating: 0, count: 19))
}

@Test("§4 APPX Dolby Vision strings: dvh1.05.01/03/06 and dvh1.08.01…08, two decimal digits each")
func dolbyVisionAppleStrings() throws {
    // docs/rules/dolby-vision.md §5.1 worked example: dv_p5.mkv record 01 00 0a 0d 00 → P5 L1.
    let p5 = try DOVIDecoderConfigurationRecord.parse(hex("01 00 0a 0d 00") + [UInt8](repeating: 0, count: 19))
    #expect(DolbyVisionCodecString(record: p5).string == "dvh1.05.01")
    #expect(DolbyVisionCodecString(record: try doviRecord(profile: 5, level: 3, compat: 0)).string == "dvh1.05.03")
    #expect(DolbyVisionCodecString(record: try doviRecord(profile: 5, level: 6, compat: 0)).string == "dvh1.05.06")
    for level in 1...8 {
        #expect(DolbyVisionCodecString(record: try doviRecord(profile: 8, level: level, compat: 1)).string
                == "dvh1.08.0\(level)")
    }
    // dv_p81.mkv record 01 00 10 0d 10 → profile 8 level 1 compat 1.
    let p81 = try DOVIDecoderConfigurationRecord.parse(hex("01 00 10 0d 10"))
    #expect(DolbyVisionCodecString(record: p81).string == "dvh1.08.01")
}

@Test("§4 entries: dvhe (hev1-based), dav1.10.09 (APPX) / dav1.10.06 (AE), dva1/dvav for P9")
func dolbyVisionEntries() throws {
    #expect(DolbyVisionCodecString(sampleEntry: "dvhe", profile: 8, level: 6).string == "dvhe.08.06")
    #expect(DolbyVisionCodecString(record: try doviRecord(profile: 10, level: 9, compat: 4)).string == "dav1.10.09")
    #expect(DolbyVisionCodecString(profile: 10, level: 6).string == "dav1.10.06")
    #expect(DolbyVisionCodecString(profile: 9, level: 5).string == "dva1.09.05")
    #expect(DolbyVisionCodecString(sampleEntry: "dvav", profile: 9, level: 5).string == "dvav.09.05")
    // Parsing: exactly entry.PP.LL with two digits each.
    #expect(DolbyVisionCodecString("dvh1.08.06") == DolbyVisionCodecString(sampleEntry: "dvh1", profile: 8, level: 6))
    #expect(DolbyVisionCodecString("dvh1.8.6") == nil)
    #expect(DolbyVisionCodecString("hvc1.08.06") == nil)
}

@Test("dolby-vision.md §4: the level table's typical pictures infer levels 01–13 (GPAC)")
func dolbyVisionLevelInference() {
    let typical: [(Int, Int, Double, Int)] = [
        (1280, 720, 24, 1), (1280, 720, 30, 2), (1920, 1080, 24, 3), (1920, 1080, 30, 4), (1920, 1080, 60, 5),
        (3840, 2160, 24, 6), (3840, 2160, 30, 7), (3840, 2160, 48, 8), (3840, 2160, 60, 9), (3840, 2160, 120, 10),
        (7680, 4320, 30, 11), (7680, 4320, 60, 12), (7680, 4320, 120, 13),
    ]
    for (w, h, fps, level) in typical {
        #expect(DolbyVisionLevel.infer(width: w, height: h, framesPerSecond: fps)?.id == level, "\(w)x\(h)@\(fps)")
    }
    #expect(DolbyVisionLevel.infer(width: 7680, height: 4320, framesPerSecond: 240) == nil)
    #expect(DolbyVisionLevel.level(0) == nil && DolbyVisionLevel.level(14) == nil)
    #expect(DolbyVisionLevel.level(6)?.maxBitrateMainTier == 25 && DolbyVisionLevel.level(6)?.maxBitrateHighTier == 130)
}

@Test("§4 level 0: no silent 06 — the level is derived from the picture (and flagged), or no string")
func dolbyVisionLevelZero() {
    let derived = DolbyVisionCodecString.resolve(profile: 8, level: 0, width: 3840, height: 2160, framesPerSecond: 24)
    #expect(derived?.string.string == "dvh1.08.06" && derived?.levelInferred == true)
    let signalled = DolbyVisionCodecString.resolve(profile: 5, level: 3)
    #expect(signalled?.string.string == "dvh1.05.03" && signalled?.levelInferred == false)
    #expect(DolbyVisionCodecString.resolve(profile: 5, level: 0) == nil)
    #expect(DolbyVisionCodecString.resolve(profile: 5, level: 14) == nil)
}

// MARK: - AV1 (§6)

/// The SVT-AV1 sequence header of `AV1Tests` (OBU payload): profile 0, level 0, 10-bit, 4:2:0,
/// chroma_sample_position 0, colour description 9/16/9, limited range — the `av1_hdr10.mp4` encoder.
private let svtSequenceHeader = hex("00000002afff9f7f2a12201208")

@Test("§6 corpus: av1_hdr10.mp4 → av01.0.00M.10.0.110.09.16.09.0 from the sequence header")
func av1FromSequenceHeader() throws {
    let sh = try AV1SequenceHeader.parse(svtSequenceHeader[...])
    #expect(AV1CodecString(sequenceHeader: sh).string == "av01.0.00M.10.0.110.09.16.09.0")
    // The matching av1C (81, profile 0 level 0, high_bitdepth + 4:2:0, no delay) plus the colour gives the same.
    let record = try AV1CodecConfigurationRecord.parse(hex("81 00 4c 00"))
    #expect(AV1CodecString(record: record, colour: sh.colour) == AV1CodecString(sequenceHeader: sh))
}

@Test("§6 corpus: av1_sdr8.mp4 → short form av01.0.00M.08 (= av01.0.00M.08.0.110.01.01.01.0)")
func av1ShortForm() throws {
    let record = try AV1CodecConfigurationRecord.parse(hex("81 00 0c 00"))
    let s = AV1CodecString(record: record, colour: ColourCodes(primaries: 1, transfer: 1, matrix: 1, fullRange: false))
    #expect(s.string == "av01.0.00M.08")
    #expect(s.longString == "av01.0.00M.08.0.110.01.01.01.0")
    // No colour at all takes the binding's defaults (color_description_present_flag 0).
    #expect(AV1CodecString(record: record).string == "av01.0.00M.08")
    #expect(AV1CodecString.fromConfigurationRecord(hex("01 00 0c 00")) == .failure(.unsupportedVersion(1)))
    #expect(AV1CodecString.fromConfigurationRecord(hex("81 00")) == .failure(.tooShort(needed: 4, got: 2)))
}

@Test("§6 binding example av01.0.04M.10.0.112.09.16.09.0 and the level table")
func av1BindingExampleAndLevels() throws {
    let example = AV1CodecString(profile: 0, level: 4, bitDepth: 10, chromaSamplePosition: 2, colourPrimaries: 9,
                                 transferCharacteristics: 16, matrixCoefficients: 9)
    #expect(example.string == "av01.0.04M.10.0.112.09.16.09.0")
    #expect(AV1CodecString("av01.0.04M.10.0.112.09.16.09.0") == example)
    let levels: [(UInt8, String)] = [(0, "2.0"), (4, "3.0"), (5, "3.1"), (8, "4.0"), (9, "4.1"), (12, "5.0"),
                                     (13, "5.1"), (16, "6.0"), (19, "6.3")]
    for (ll, name) in levels {
        #expect(AV1CodecString(profile: 0, level: ll, bitDepth: 8).levelName == name)
    }
    #expect(AV1CodecString(profile: 0, level: 12, highTier: true, bitDepth: 10).string == "av01.0.12H.10")
    // CCC: 4:2:2 → 100, 4:4:4 → 000, monochrome 1.
    #expect(AV1CodecString(profile: 2, level: 8, bitDepth: 12, subsamplingY: false).chromaDigits == "100")
    #expect(AV1CodecString(profile: 1, level: 8, bitDepth: 10, subsamplingX: false, subsamplingY: false).chromaDigits == "000")
    #expect(AV1CodecString(profile: 0, level: 8, bitDepth: 8, monochrome: true).string == "av01.0.08M.08.1.110.01.01.01.0")
}

@Test("§6 AetherEngine's fixed-form strings result when the fields are those (chroma 111)")
func av1AetherEngineForms() {
    #expect(AV1CodecString(profile: 0, level: 8, bitDepth: 10, chromaSamplePosition: 1, colourPrimaries: 9,
                           transferCharacteristics: 16, matrixCoefficients: 9).string == "av01.0.08M.10.0.111.09.16.09.0")
    #expect(AV1CodecString(profile: 0, level: 8, bitDepth: 8, chromaSamplePosition: 1).string
            == "av01.0.08M.08.0.111.01.01.01.0")
    #expect(AV1CodecString(profile: 0, level: 8, bitDepth: 10, chromaSamplePosition: 1, colourPrimaries: 9,
                           transferCharacteristics: 18, matrixCoefficients: 9).string == "av01.0.08M.10.0.111.09.18.09.0")
}

@Test("§6/§16 APPX's partial tail av01.0.13M.10.0.112 is not a valid AV1 string (all or none)")
func av1ApplePartialTail() {
    #expect(AV1CodecString("av01.0.13M.10.0.112") == nil)
    #expect(AV1CodecString("av01.0.05M.10.0.112") == nil)
    #expect(AV1CodecString("av01.0.13M.10")?.level == 13)
}

// MARK: - VP9 (§7)

/// A version 1 vpcC payload (version/flags, then the 8 fixed bytes, no initialization data).
private func vpcC(profile: UInt8, level: UInt8, depth: UInt8, chroma: UInt8, fullRange: Bool,
                  cp: UInt8, tc: UInt8, mc: UInt8) throws -> VPCodecConfigurationRecord {
    try VPCodecConfigurationRecord.parse([1, 0, 0, 0, profile, level, depth << 4 | chroma << 1 | (fullRange ? 1 : 0),
                                          cp, tc, mc, 0, 0])
}

@Test("§7 WebM examples from vpcC records")
func vp9Examples() throws {
    // vp09.00.10.08: profile 0, level 1, 8-bit (defaults for the rest → short form).
    #expect(VP9CodecString(record: try vpcC(profile: 0, level: 10, depth: 8, chroma: 1, fullRange: false,
                                            cp: 1, tc: 1, mc: 1)).string == "vp09.00.10.08")
    // vp09.02.10.10.01.09.16.09.01: profile 2, 10-bit, 4:2:0 colocated, BT.2020/PQ/BT.2020 NCL, full range.
    let hdr = try vpcC(profile: 2, level: 10, depth: 10, chroma: 1, fullRange: true, cp: 9, tc: 16, mc: 9)
    #expect(hdr.colour == ColourCodes(primaries: 9, transfer: 16, matrix: 9, fullRange: true) && hdr.issues.isEmpty)
    #expect(VP9CodecString(record: hdr).string == "vp09.02.10.10.01.09.16.09.01")
    // vp09.01.20.08.01.01.01.01.00 spells out the defaults: hdrprobe's rule writes the short form,
    // the long form is still available and parses back to the same fields.
    let defaults = try #require(VP9CodecString("vp09.01.20.08.01.01.01.01.00"))
    #expect(defaults.longString == "vp09.01.20.08.01.01.01.01.00")
    #expect(defaults.string == "vp09.01.20.08")
    #expect(defaults.levelName == "2.0")
    #expect(VP9CodecString("vp09.00.31.08")?.levelName == "3.1")
    #expect(VP9CodecString("vp09.00.10.08.01") == nil)
}

@Test("§7 vpcC parser: version 0 layout, truncated initialization data, errors")
func vpcCParser() throws {
    // Version 0: bitDepth 10 / colorSpace 0, chroma 1 / transfer 0 / full 0, no init data.
    let v0 = try VPCodecConfigurationRecord.parse(hex("00000000 02 1f a0 10 0000"))
    #expect(v0.version == 0 && v0.profile == 2 && v0.level == 31 && v0.bitDepth == 10 && v0.chromaSubsampling == 1)
    #expect(v0.colourPrimaries == nil && v0.issues == [.version0])
    #expect(VP9CodecString(record: v0, colour: ColourCodes(primaries: 9, transfer: 16, matrix: 9)).string
            == "vp09.02.31.10.01.09.16.09.00")
    let short = try VPCodecConfigurationRecord.parse(hex("01000000 00 0a 82 01 01 01 0004 aabb"))
    #expect(short.codecInitializationData == hex("aabb") && short.issues == [.initializationDataShort(claimed: 4, present: 2)])
    #expect(throws: BitstreamError.self) { try VPCodecConfigurationRecord.parse(hex("01000000 00")) }
    #expect(throws: BitstreamError.self) { try VPCodecConfigurationRecord.parse(hex("02000000 00 0a 82 01 01 01 0000")) }
}

// MARK: - Parsing any video string; JSON

@Test("VideoCodecString tells the forms apart (dvh1.1.6.L93.90 is HEVC, dvh1.05.06 is Dolby Vision)")
func videoCodecStringParsing() {
    if case .hevc? = VideoCodecString("dvh1.1.6.L93.90") {} else { Issue.record("dvh1 HEVC form") }
    if case .dolbyVision? = VideoCodecString("dvh1.05.06") {} else { Issue.record("dvh1 DV form") }
    if case .avc? = VideoCodecString("avc1.640029") {} else { Issue.record("avc1") }
    if case .av1? = VideoCodecString("av01.0.00M.10.0.110.09.16.09.0") {} else { Issue.record("av01") }
    if case .vp9? = VideoCodecString("vp09.00.10.08") {} else { Issue.record("vp09") }
    #expect(VideoCodecString("mp4a.40.2") == nil)
    #expect(VideoCodecString("hvc1.2.4.L153.b0")?.string == "hvc1.2.4.L153.B0")
}

@Test("Codec strings encode to JSON as their strings and decode back")
func codecStringsCodable() throws {
    let hevc = try #require(VideoCodecString("hvc1.2.4.L153.B0"))
    let encoded = try JSONRoundTrip.encode([hevc, .dolbyVision(DolbyVisionCodecString(profile: 8, level: 6))])
    #expect(encoded == #"["hvc1.2.4.L153.B0","dvh1.08.06"]"#)
    #expect(try JSONRoundTrip.decode([VideoCodecString].self, encoded) == [hevc, .dolbyVision(.init(profile: 8, level: 6))])
}
