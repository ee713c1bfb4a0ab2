import Testing
@testable import HDRProbeParse
import HDRProbeTestSupport

/// Start of the temporal unit SVT-AV1 (via FFmpeg 5.1 libsvtav1, `-f obu`) wrote for one 64×64
/// 10-bit frame with PQ / BT.2020 and `mastering-display=G(0.17,0.797)B(0.131,0.046)R(0.708,0.292)
/// WP(0.3127,0.329)L(1000,0.0001):content-light=1000,400`: temporal delimiter `12 00`; sequence
/// header `0A 0D` + 13 bytes; metadata HDR_CLL `2A 06` (type 1, 1000, 400, trailing 80); metadata
/// HDR_MDCV `2A 1A` (type 2, R/G/B/W in 0.16, max 1000 × 256, min 2/16384, trailing 80); then the
/// frame OBU header `32 9B 06` (size 795) with only 8 of its bytes. FFmpeg trace_headers of the
/// sequence header: profile 0, level 0, no timing info, 64×64, order hints, high_bitdepth 1,
/// 9/16/9, color_range 0, chroma_sample_position 0.
private let svtTemporalUnit = hex("""
    1200 0a0d00000002afff9f7f2a12201208 2a060103e8019080
    2a1a02b53f4ac12b85cc0821890bc7500d54390003e8000000000280
    329b06 1400ad0090dd446c
    """)

@Test func obuSplitAndSequenceHeader() throws {
    let obus = AV1OBU.split(svtTemporalUnit[...])
    // The frame OBU claims 795 bytes but 8 are present: the split stops before it.
    #expect(obus.map(\.type) == [2, 1, 5, 5])
    #expect(obus.allSatisfy { $0.hasSizeField && $0.temporalID == nil })
    let sh = try AV1SequenceHeader.parse(obus[1].payload)
    #expect(sh.seqProfile == 0 && !sh.stillPicture && !sh.reducedStillPictureHeader)
    #expect(!sh.timingInfoPresent && sh.operatingPointsCount == 1 && sh.seqLevelIdx0 == 0)
    #expect(sh.maxFrameWidth == 64 && sh.maxFrameHeight == 64)
    #expect(sh.bitDepth == 10 && !sh.monochrome && sh.subsamplingX && sh.subsamplingY)
    #expect(sh.colour == ColourCodes(primaries: 9, transfer: 16, matrix: 9, fullRange: false))
    #expect(!sh.filmGrainParamsPresent)
}

@Test func hdrMetadataOBUs() throws {
    let obus = AV1OBU.split(svtTemporalUnit[...])
    let cll = try AV1Metadata.parse(obuPayload: obus[2].payload)
    #expect(cll.type == AV1Metadata.hdrCLL && cll.payload == hex("03e80190"))
    #expect(cll.contentLightLevel() == ContentLightLevel(maxCLL: 1000, maxFALL: 400, source: .bitstream))
    let mdcv = try AV1Metadata.parse(obuPayload: obus[3].payload)
    #expect(mdcv.type == AV1Metadata.hdrMDCV && mdcv.payload.count == 24)
    let md = try #require(mdcv.masteringDisplay())
    #expect(abs(md.redX - 0.708) < 1e-4 && abs(md.greenY - 0.797) < 1e-4 && abs(md.blueX - 0.131) < 1e-4)
    #expect(abs(md.whiteX - 0.3127) < 1e-4)
    #expect(md.maxLuminance == 1000 && abs(md.minLuminance - 0.0001) < 0.0001)
    #expect(mdcv.contentLightLevel() == nil && cll.masteringDisplay() == nil)
}

@Test func t35MetadataCarriesHDR10Plus() throws {
    // Hand-made metadata OBU payload: metadata_type 4 (ITU-T T.35), then the single-frame HDR10+
    // payload prefix (docs/rules/hdr10plus.md §6: identical to the HEVC SEI payload from the country code),
    // trailing 80.
    let payload = hex("04 b5003c00010401 80")
    let m = try AV1Metadata.parse(obuPayload: payload[...])
    #expect(m.type == AV1Metadata.ituTT35)
    #expect(m.payload == hex("b5003c00010401"))
    #expect(ST2094_40Metadata.isHDR10Plus(t35: m.payload))
}

@Test func reducedStillPictureHeader() throws {
    // libaom (FFmpeg 5.1 `-c:v libaom-av1 -still-picture 1`, 64×48 yuv444p BT.709 full range)
    // sequence header OBU `0A 09` + 9 bytes. trace_headers: profile 1, still 1, reduced 1, level 0,
    // 64×48, high_bitdepth 0, 1/1/1, color_range 1 (4:4:4: no subsampling bits for profile 1).
    let obus = AV1OBU.split(hex("0a0938157fbdb404040640")[...])
    #expect(obus.count == 1 && obus[0].type == AV1OBU.sequenceHeader)
    let sh = try AV1SequenceHeader.parse(obus[0].payload)
    #expect(sh.seqProfile == 1 && sh.stillPicture && sh.reducedStillPictureHeader)
    #expect(sh.maxFrameWidth == 64 && sh.maxFrameHeight == 48)
    #expect(sh.bitDepth == 8 && !sh.monochrome && !sh.subsamplingX && !sh.subsamplingY)
    #expect(sh.colour == ColourCodes(primaries: 1, transfer: 1, matrix: 1, fullRange: true))
}

@Test func av1CFromMP4() throws {
    // `av1C` FFmpeg 5.1 wrote for a libsvtav1 64×64 10-bit PQ clip: 81 (marker, version 1),
    // 00 (profile 0, level 0), 4C (tier 0, high_bitdepth, 4:2:0 subsampling, position 0), 00, then
    // the sequence header OBU as configOBUs.
    let r = try AV1CodecConfigurationRecord.parse(hex("81004c000a0d00000002afff805f0a12201208"))
    #expect(r.version == 1 && r.seqProfile == 0 && r.seqLevelIdx0 == 0 && r.seqTier0 == 0)
    #expect(r.highBitdepth && !r.twelveBit && !r.monochrome && r.chromaSubsamplingX && r.chromaSubsamplingY)
    #expect(r.chromaSamplePosition == 0 && r.bitDepth == 10 && r.initialPresentationDelayMinusOne == nil)
    let obus = AV1OBU.split(r.configOBUs[...])
    let sh = try AV1SequenceHeader.parse(try #require(obus.first).payload)
    #expect(sh.bitDepth == r.bitDepth && sh.colour.transfer == 16)
    // Profile 2 twelve-bit: 81 | 40 (profile 2) | 60 (high_bitdepth, twelve_bit) | 00.
    #expect(try AV1CodecConfigurationRecord.parse(hex("81406000")).bitDepth == 12)
    #expect(throws: BitstreamError.self) { try AV1CodecConfigurationRecord.parse(hex("0100")) }
    #expect(throws: BitstreamError.invalid(.av1CMarker)) { try AV1CodecConfigurationRecord.parse(hex("01004c00")) }  // no marker
}

@Test func sequenceHeaderWithTimingAndDecoderModel() throws {
    // Hand-built full sequence header (AV1 §5.5, bit by bit): profile 0 "000", still 0, reduced 0,
    // timing_info_present 1, num_units_in_display_tick 1001 (u32), time_scale 24000 (u32),
    // equal_picture_interval 1, num_ticks_per_picture_minus_1 uvlc 0 "1",
    // decoder_model_info_present 1, buffer_delay_length_minus_1 "11111" (32), num_units_in_decoding_tick 1
    // (u32), buffer_removal_time_length_minus_1 "00000", frame_presentation_time_length_minus_1 "00000",
    // initial_display_delay_present 1, operating_points_cnt_minus_1 "00000",
    // op[0]: idc 0 (12 bits), seq_level_idx 8 "01000" → seq_tier 1, decoder_model_present_for_this_op 1
    // (32 + 32 + 1 bits), initial_display_delay_present_for_this_op 1 + 4 bits,
    // frame_width_bits_minus_1 "1010" (11 bits), height "1010" (11 bits), max_frame_width_minus_1 1919,
    // max_frame_height_minus_1 1079, frame_id_numbers_present 0, sb128 0, filter_intra 0, edge 0,
    // interintra..dual_filter 0000, order_hint 0, choose_screen_content_tools 0, force_sct 0,
    // superres/cdef/restoration 000, high_bitdepth 1, mono 0, color desc 1: 9/18/9, range 1,
    // chroma_sample_position 01, separate_uv_delta_q 0, film_grain 1.
    var bits = "000" + "0" + "0" + "1"
    func u(_ v: Int, _ n: Int) -> String {
        let s = String(v, radix: 2)
        return String(repeating: "0", count: n - s.count) + s
    }
    bits += u(1001, 32) + u(24000, 32) + "1" + "1"
    bits += "1" + "11111" + u(1, 32) + "00000" + "00000"
    bits += "1" + "00000"
    bits += u(0, 12) + "01000" + "1" + "1" + u(0, 32) + u(0, 32) + "0" + "1" + "0000"
    bits += "1010" + "1010" + u(1919, 11) + u(1079, 11)
    bits += "0" + "000" + "0000" + "0" + "0" + "0" + "000"
    bits += "1" + "0" + "1" + u(9, 8) + u(18, 8) + u(9, 8) + "1" + "01" + "0" + "1"
    bits += "1"
    while bits.count % 8 != 0 { bits += "0" }
    var bytes: [UInt8] = []
    var i = bits.startIndex
    while i < bits.endIndex {
        let j = bits.index(i, offsetBy: 8)
        bytes.append(UInt8(bits[i..<j], radix: 2)!)
        i = j
    }
    let sh = try AV1SequenceHeader.parse(bytes[...])
    #expect(sh.timingInfoPresent && sh.numUnitsInDisplayTick == 1001 && sh.timeScale == 24000)
    // equal_picture_interval 1 with num_ticks_per_picture_minus_1 0: 24000 / (1001 × 1) (§6.4.2).
    #expect(sh.numTicksPerPictureMinus1 == 0 && sh.timingFrameRate?.rational == "24000/1001")
    #expect(sh.decoderModelInfoPresent)
    #expect(sh.seqLevelIdx0 == 8 && sh.seqTier0 == 1)
    #expect(sh.maxFrameWidth == 1920 && sh.maxFrameHeight == 1080)
    #expect(sh.bitDepth == 10 && sh.colour == ColourCodes(primaries: 9, transfer: 18, matrix: 9, fullRange: true))
    #expect(sh.chromaSamplePosition == 1 && sh.filmGrainParamsPresent)
}

@Test func av1TruncatedAndGarbageNeverTrap() {
    for n in 0..<svtTemporalUnit.count {
        let part = Array(svtTemporalUnit.prefix(n))
        for obu in AV1OBU.split(part[...]) {
            _ = try? AV1SequenceHeader.parse(obu.payload)
            _ = try? AV1Metadata.parse(obuPayload: obu.payload)
        }
    }
    // leb128 longer than 8 bytes or above 2^32 − 1 is rejected.
    #expect(AV1OBU.readLEB128(hex("ffffffffffffffffff")[...]) == nil)
    #expect(AV1OBU.readLEB128(hex("8080808010")[...]) == nil)
    #expect(AV1OBU.readLEB128(hex("e807")[...])?.value == 1000)
    #expect(AV1OBU.split(hex("0a")[...]).isEmpty)
    for seed in 1...40 as ClosedRange<UInt64> {
        let g = garbage(count: 200, seed: seed)
        _ = AV1OBU.split(g[...])
        _ = try? AV1SequenceHeader.parse(g[...])
        _ = try? AV1CodecConfigurationRecord.parse(g)
        _ = try? AV1Metadata.parse(obuPayload: g[...])
    }
}
