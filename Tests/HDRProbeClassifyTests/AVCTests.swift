import Testing
@testable import HDRProbeParse
@testable import HDRProbeClassify
import HDRProbeTestSupport

/// `avcC` (58 bytes) written by FFmpeg 5.1 / libx264 for a 3-frame `testsrc2` clip, 250×142,
/// High 10, PQ / BT.2020, full range, 30000/1001 fps:
/// `ffmpeg -f lavfi -i testsrc2=size=250x142:rate=30000/1001 -frames:v 3 -pix_fmt yuv420p10le
///  -c:v libx264 -profile:v high10 -x264-params colorprim=bt2020:transfer=smpte2084:colormatrix=bt2020nc
///  -color_range pc avc.mp4`. FFmpeg trace_headers of the SPS: profile_idc 110, level 12, 4:2:0,
/// 10-bit, 16×9 MBs, crop right 3 / bottom 1 (→ 250×142), full range, 9/16/9, timing 1001/60000.
/// Record: 1 SPS (28 bytes), 1 PPS (7 bytes), extension FD FA FA 00 (4:2:0, 10/10-bit, no ext).
private let high10AvcC = hex("""
    016e000cffe1001c676e000ca6cd941013e4ac05b848804a000007d20001d4c01e28532c01000768ebe3cb3002c0fdfa
    fa00
    """)

/// `avcC` (60 bytes) from the same recipe, interlaced (`tff=1`), High, 8-bit, 250×140, BT.709,
/// 25 fps. trace_headers: profile_idc 100, level 21, frame_mbs_only_flag 0, 16×5 map units
/// (→ 256×160 coded), crop right 3 / bottom 5 (CropUnitY 4 → 250×140), 1/1/1, limited range,
/// timing 1/50. Its SPS contains two emulation-prevention bytes.
private let interlacedAvcC = hex("""
    01640015ffe1001e67640015acd94102bc93602d4040405000000300100000030321f142996001000768fba3cb3002c0
    fdf8f800
    """)

@Test func avcCHigh10WithExtension() throws {
    let r = try AVCDecoderConfigurationRecord.parse(high10AvcC)
    #expect(r.profileIndication == 110 && r.profileCompatibility == 0 && r.levelIndication == 12)
    #expect(r.nalLengthSize == 4)
    #expect(r.sequenceParameterSets.map(\.count) == [28] && r.pictureParameterSets.map(\.count) == [7])
    #expect(r.chromaFormat == 1 && r.bitDepthLuma == 10 && r.bitDepthChroma == 10)
    #expect(r.sequenceParameterSetExts.isEmpty && !r.truncated)
}

@Test func avcSPSHigh10CroppedPQ() throws {
    let record = try AVCDecoderConfigurationRecord.parse(high10AvcC)
    let sps = try AVCSequenceParameterSet.parse(EmulationPrevention.unescape(record.sequenceParameterSets[0][...]))
    #expect(sps.profileIDC == 110 && sps.levelIDC == 12 && sps.constraintFlags == 0)
    #expect(sps.chromaFormatIDC == 1 && sps.bitDepthLuma == 10 && sps.bitDepthChroma == 10)
    #expect(sps.frameMbsOnlyFlag)
    #expect(sps.frameCropping == [0, 3, 0, 1])
    #expect(sps.width == 250 && sps.height == 142)
    let vui = try #require(sps.vui)
    #expect(vui.colour == ColourCodes(primaries: 9, transfer: 16, matrix: 9, fullRange: true))
    #expect(vui.numUnitsInTick == 1001 && vui.timeScale == 60000 && vui.fixedFrameRateFlag == false)
    // The recipe's rate=30000/1001: time_scale / (2 × num_units_in_tick), a frame being two field ticks.
    #expect(vui.timingFrameRate?.rational == "30000/1001")
}

@Test func avcSPSInterlacedCropping() throws {
    let record = try AVCDecoderConfigurationRecord.parse(interlacedAvcC)
    #expect(record.profileIndication == 100 && record.levelIndication == 21)
    #expect(record.chromaFormat == 1 && record.bitDepthLuma == 8)
    let stored = record.sequenceParameterSets[0]
    #expect(stored.count == 30)
    let sps = try AVCSequenceParameterSet.parse(EmulationPrevention.unescape(stored[...]))
    #expect(!sps.frameMbsOnlyFlag)
    #expect(sps.picWidthInMbs == 16 && sps.picHeightInMapUnits == 5)
    #expect(sps.width == 250 && sps.height == 140)
    #expect(sps.vui?.colour == ColourCodes(primaries: 1, transfer: 1, matrix: 1, fullRange: false))
    #expect(sps.vui?.timeScale == 50)
    // The recipe's 25 fps (interlaced, tff): 50 field ticks per second halve to 25 frames.
    #expect(sps.vui?.timingFrameRate?.rational == "25/1")
}

@Test func avcSPSScalingListsAreSkipped() throws {
    // Hand-built High-profile SPS (bit layout of H.264 §7.3.2.1.1, written bit by bit):
    // 67 | 64 00 1E | sps_id 0 "1" | chroma_format_idc 1 "010" | bit_depth_luma_minus8 0 "1" |
    // bit_depth_chroma_minus8 0 "1" | qpprime bypass "0" | seq_scaling_matrix_present "1" |
    // list 0 present "1" with delta_scale −8 (se → codeNum 16 "000010001"): nextScale becomes 0, so
    // its other 15 entries are not coded | lists 1…7 absent "0000000" | log2_max_frame_num_minus4
    // "1" | pic_order_cnt_type 2 "011" | max_num_ref_frames 1 "010" | gaps "0" |
    // pic_width_in_mbs_minus1 3 "00100" | pic_height_in_map_units_minus1 2 "011" |
    // frame_mbs_only "1" | direct_8x8 "1" | frame_cropping "0" | vui "0" | rbsp_stop_one_bit "1".
    let rbsp = hex("67 64001E") + [0b1010_1101, 0b1000_0100, 0b0100_0000, 0b0101_1010, 0b0001_0001, 0b1110_0100]
    let sps = try AVCSequenceParameterSet.parse(rbsp)
    #expect(sps.profileIDC == 100 && sps.levelIDC == 30)
    #expect(sps.width == 64 && sps.height == 48)
    #expect(sps.frameMbsOnlyFlag && !sps.vuiParametersPresentFlag && sps.vui == nil)
}

@Test func avcTruncatedAndGarbageNeverTrap() throws {
    for n in 0..<high10AvcC.count { _ = try? AVCDecoderConfigurationRecord.parse(Array(high10AvcC.prefix(n))) }
    let cut = try AVCDecoderConfigurationRecord.parse(Array(high10AvcC.prefix(20)))
    #expect(cut.truncated && cut.sequenceParameterSets.isEmpty)
    #expect(throws: BitstreamError.self) { try AVCDecoderConfigurationRecord.parse(hex("00000001676400")) }
    let sps = EmulationPrevention.unescape(try AVCDecoderConfigurationRecord.parse(interlacedAvcC).sequenceParameterSets[0][...])
    for n in 0..<sps.count { _ = try? AVCSequenceParameterSet.parse(Array(sps.prefix(n))) }
    #expect(throws: (any Error).self) { try AVCSequenceParameterSet.parse(Array(sps.prefix(6))) }
    for seed in 1...40 as ClosedRange<UInt64> {
        _ = try? AVCSequenceParameterSet.parse([0x67, 0x64] + garbage(count: 60, seed: seed))
        _ = try? AVCDecoderConfigurationRecord.parse([1] + garbage(count: 60, seed: seed))
    }
}

/// The SEI NAL units (type 6) libx264 164 writes for
/// `ffmpeg -f lavfi -i testsrc2=s=128x72:r=25 -pix_fmt yuv420p10le -c:v libx264 -x264-params
///  "mastering-display=G(13250,34500)B(7500,3000)R(34000,16000)WP(15635,16450)L(10000000,1):cll=1000,400"`:
/// one SEI NAL with payload 137 (24 bytes, one emulation-prevention byte) and one with payload 144.
/// MediaInfo 23.04 reads the stream as "Display P3, min 0.0001 / max 1000 cd/m², MaxCLL 1000, MaxFALL 400";
/// the values below are the recipe's (x264 units: 0.00002 for xy, 0.0001 cd/m² for luminance).
@Test func avcSEIMasteringDisplayAndContentLightLevel() {
    let mdcvNAL = hex("06891833c286c41d4c0bb884d03e803d13404200989680000003000180")
    let cllNAL = hex("06900403e8019080")
    var scanner = BitstreamScanner(codec: .h264, framing: .annexB)
    scanner.consume(accessUnit: [0, 0, 0, 1] + mdcvNAL + [0, 0, 0, 1] + cllNAL)
    let md = scanner.scan.mastering
    #expect(md == MasteringDisplay(redX: 0.68, redY: 0.32, greenX: 0.265, greenY: 0.69, blueX: 0.15, blueY: 0.06,
                                   whiteX: 0.3127, whiteY: 0.329, minLuminance: 0.0001, maxLuminance: 1000,
                                   source: .bitstream))
    #expect(scanner.scan.contentLight == ContentLightLevel(maxCLL: 1000, maxFALL: 400, source: .bitstream))
}

/// The same SEI bytes out of band (an avcC does not carry SEI, but a raw H.264 stream's first access
/// unit is read the same way) and an HEVC scanner given the H.264 NAL must not misread it as HEVC.
@Test func avcSEIReadOnlyAsAVC() {
    let mdcvNAL = hex("06891833c286c41d4c0bb884d03e803d13404200989680000003000180")
    var hevc = BitstreamScanner(codec: .hevc, framing: .annexB)
    hevc.consume(accessUnit: [0, 0, 0, 1] + mdcvNAL)
    #expect(hevc.scan.mastering == nil)
}

/// H.264 Dolby Vision (`docs/rules/dolby-vision.md` §9.5): a NAL 28 marks the picture as carrying an
/// RPU, once however many there are; an RPU that does not parse still counts (and is reported
/// invalid), and the RPU header's HEVC profile derivation is not applied.
@Test func avcNAL28IsTheDolbyVisionRPU() {
    let slice: [UInt8] = [0x65, 0x88, 0x84] + [UInt8](repeating: 0x5A, count: 20)
    let rpu: [UInt8] = [0x1C, 0x19] + [UInt8](repeating: 0xAB, count: 30)
    func lengthPrefixed(_ units: [[UInt8]]) -> [UInt8] {
        units.flatMap { u in [0, 0, UInt8(u.count >> 8), UInt8(u.count & 0xFF)] + u }
    }
    var scanner = BitstreamScanner(codec: .h264, framing: .lengthPrefixed(4))
    scanner.consume(accessUnit: lengthPrefixed([slice, rpu, rpu]))
    scanner.consume(accessUnit: lengthPrefixed([slice]))
    #expect(scanner.scan.framesScanned == 2)
    #expect(scanner.scan.framesWithRPU == 1)
    #expect(scanner.scan.invalidRPUs == 1)
    #expect(scanner.scan.rpuProfile == nil)
    #expect(scanner.scan.nalCensus[28] == 2)
}
