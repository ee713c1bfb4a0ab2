import Testing
@testable import HDRProbeParse
import HDRProbeTestSupport

// MARK: - hvcC

/// The `hvcC` payload (132 bytes) that FFmpeg 5.1 wrote when remuxing dovi_tool
/// `assets/hevc_tests/regular.hevc` (SHA-256 23cd8db3…) to MP4 with the SEI NALs filtered out
/// (`ffmpeg -i regular.hevc -c copy -bsf:v filter_units=remove_types=39 -tag:v hvc1 reg.mp4`).
/// Byte 1 0x22: space 0, tier 1, profile 2 (Main 10); compat 0x20000000; constraints 90 00…;
/// level 0x99 = 153; F0 00 / FC / FD (4:2:0) / FA FA (10-bit); 0x0F: 1 temporal layer, nested,
/// lengthSizeMinusOne 3; 3 arrays: VPS (24 bytes), SPS (55), PPS (7), all complete (0xA0…).
private let regularHvcC = hex("""
    01222000000090000000000099f000fcfdfafa00000f03a00001001840010c01ffff222000000300900000030000030099
    959809a100010037420101222000000300900000030000030099a00808091365959a4932b9a848804db0800001f48000
    2ee0315e4b2f0000989680004c4b44a2000100074401c172bc6240
    """)

@Test func hvcCFromRegularHEVC() throws {
    let r = try HEVCDecoderConfigurationRecord.parse(regularHvcC)
    #expect(r.configurationVersion == 1)
    #expect(r.generalProfileSpace == 0 && r.generalTierFlag && r.generalProfileIDC == 2)
    #expect(r.generalProfileCompatibilityFlags == 0x2000_0000)
    #expect(r.generalConstraintIndicatorFlags == [0x90, 0, 0, 0, 0, 0])
    #expect(r.generalLevelIDC == 153)
    #expect(r.chromaFormat == 1 && r.bitDepthLuma == 10 && r.bitDepthChroma == 10)
    #expect(r.lengthSizeMinusOne == 3 && r.nalLengthSize == 4)
    #expect(r.numTemporalLayers == 1 && r.temporalIDNested)
    #expect(r.arrays.map(\.nalType) == [32, 33, 34])
    #expect(r.arrays.allSatisfy { $0.arrayCompleteness })
    #expect(r.arrays.map { $0.units.map(\.count) } == [[24], [55], [7]])
    #expect(!r.truncated)
    // The SPS from the record parses to the stream's facts (256×144, 10-bit, PQ).
    let sps = try HEVCSequenceParameterSet.parse(EmulationPrevention.unescape(r.units(ofType: 33)[0][...]))
    #expect(sps.width == 256 && sps.height == 144)
    #expect(sps.vui?.colour == ColourCodes(primaries: 9, transfer: 16, matrix: 9, fullRange: false))
}

@Test func hvcCRejectsAnnexBAndShortRecords() {
    // docs/rules/hls-signalling.md §2.2: Annex B extradata and a 6-byte record give no record.
    #expect(throws: BitstreamError.invalid(.configurationVersion(0))) { try HEVCDecoderConfigurationRecord.parse(hex("00000001") + [UInt8](repeating: 0x42, count: 40)) }
    #expect(throws: BitstreamError.self) { try HEVCDecoderConfigurationRecord.parse(hex("010160000000")) }
}

@Test func hvcCTruncatedArraysKeepEarlierOnes() throws {
    // The same record cut in the middle of the SPS array: VPS array kept, flagged truncated.
    let r = try HEVCDecoderConfigurationRecord.parse(Array(regularHvcC.prefix(70)))
    #expect(r.arrays.map(\.nalType) == [32])
    #expect(r.truncated)
    for n in 23..<regularHvcC.count { _ = try? HEVCDecoderConfigurationRecord.parse(Array(regularHvcC.prefix(n))) }
    for seed in 1...20 as ClosedRange<UInt64> {
        _ = try? HEVCDecoderConfigurationRecord.parse([1] + garbage(count: 200, seed: seed))
    }
}

// MARK: - profile_tier_level

@Test func profileTierLevelFromHvcCStyleBytes() throws {
    // docs/rules/hls-signalling.md §2.2 "Sol Levante" row: space 0, tier 0, profile 2, compat 0x20000000,
    // constraints B0 00 00 00 00 00, level 0x99 = 153 — as the 12 PTL bytes of an SPS.
    let ptl = try HEVCProfileTierLevel.parse(hex("02 20000000 b00000000000 99"), maxSubLayersMinus1: 0)
    #expect(ptl.generalProfileIDC == 2 && !ptl.generalTierFlag && ptl.generalProfileSpace == 0)
    #expect(ptl.progressiveSourceFlag && !ptl.interlacedSourceFlag && ptl.nonPackedConstraintFlag && ptl.frameOnlyConstraintFlag)
    #expect(ptl.generalLevelIDC == 153)
    #expect(throws: (any Error).self) { try HEVCProfileTierLevel.parse(hex("02 20000000 b000"), maxSubLayersMinus1: 0) }
}

// MARK: - SPS

/// SPS of dovi_tool `regular.hevc` (SHA-256 23cd8db3…) as stored (55 bytes). FFmpeg's
/// trace_headers: Main 10 tier 1 level 153, 4:2:0, 256×144, no conformance window, 10-bit,
/// num_short_term_ref_pic_sets 0, VUI: video_format 5, limited range, 9/16/9, chroma loc 2/2,
/// field_seq 0, timing 1001/24000, HRD present.
private let regularSPS = hex("""
    420101222000000300900000030000030099a00808091365959a4932b9a848804db0800001f480002ee0315e4b2f0000
    989680004c4b44
    """)

@Test func regularSPS_x265() throws {
    let sps = try HEVCSequenceParameterSet.parse(EmulationPrevention.unescape(regularSPS[...]))
    #expect(sps.profileTierLevel.generalProfileIDC == 2 && sps.profileTierLevel.generalTierFlag)
    #expect(sps.profileTierLevel.generalLevelIDC == 153)
    #expect(sps.profileTierLevel.progressiveSourceFlag && sps.profileTierLevel.frameOnlyConstraintFlag)
    #expect(sps.chromaFormatIDC == 1 && !sps.separateColourPlaneFlag)
    #expect(sps.width == 256 && sps.height == 144 && sps.conformanceWindow == nil)
    #expect(sps.bitDepthLuma == 10 && sps.bitDepthChroma == 10)
    #expect(sps.numShortTermRefPicSets == 0)
    let vui = try #require(sps.vui)
    #expect(vui.videoFormat == 5 && vui.videoFullRangeFlag == false)
    #expect(vui.colour == ColourCodes(primaries: 9, transfer: 16, matrix: 9, fullRange: false))
    #expect(vui.chromaSampleLocTypeTopField == 2)
    #expect(!vui.fieldSeqFlag)
    #expect(vui.numUnitsInTick == 1001 && vui.timeScale == 24000)
    #expect(vui.timingFrameRate?.rational == "24000/1001")
}

@Test func singleFrameSPS_Rext() throws {
    // SPS of hdr10plus_tool `single-frame.hevc` (SHA-256 78a2112f…), 57 bytes: profile_idc 4
    // (RExt; ffprobe "Rext"), 640×480, 10-bit, PQ/BT.2020, timing 1/24 (ground-truth.json).
    let nal = hex("4201012408000003009db8000003000099a0050201e136595952930b9a848804db08000003000800000300c315e4b2f0000989680004c4b440")
    let sps = try HEVCSequenceParameterSet.parse(EmulationPrevention.unescape(nal[...]))
    #expect(sps.profileTierLevel.generalProfileIDC == 4)
    #expect(sps.width == 640 && sps.height == 480 && sps.bitDepthLuma == 10)
    #expect(sps.vui?.colour.transfer == 16)
    #expect(sps.vui?.numUnitsInTick == 1 && sps.vui?.timeScale == 24)
}

/// A hand-built SPS (197 bytes as stored, with emulation prevention) that exercises every skipped
/// structure: sps_max_sub_layers_minus1 = 1 with sub-layer profile and level present (PTL sub-layer
/// skipping), conformance window bottom 4 (1920×1088 → 1920×1080), two sub-layer ordering
/// entries, scaling_list_data with explicit lists for every size (incl. DC coefficients), PCM,
/// four st_ref_pic_sets — #0 explicit S0 {-1,-3} S1 {+2}; #1 inter-predicted from #0 with
/// deltaRps −1 (→ S0 {-1,-2,-4} S1 {+1}); #2 inter-predicted from #1 with deltaRps +2, reading 5
/// flags because #1 derives 4 pictures (→ S0 {-2} S1 {+1,+3}); #3 explicit S0 {-4} — two long-term
/// ref pics (8-bit POC LSBs), then VUI: aspect_ratio_idc 1, video_format 5, limited range,
/// 9/18/9 (HLG), timing 1001/60000.
/// Built with a bit writer and verified independently: FFmpeg 5.1's `trace_headers` bitstream
/// filter parses it field by field to the same values and ends exactly at rbsp_stop_one_bit.
private let handBuiltSPS = hex("""
    420103022000000300900000030000030078c00002200000030090000003000003005aa003c0801107cad96573132489
    6d324a99254c92a55699254c92a6495324a99254c92a6495324a99254c92a6495324a992ab0826495324a99254c92a64
    95324a99254c92a6495324a99254c92a64c2099254c92a6495324a99254c92a6495324a99254c92a6495324a992ab082
    6495324a99254c92a6495324a99254c92a6495324a99254c92a64addea56b55f7946148b129a3c05a84890482000007d2
    0001d4c01
    """)

@Test func handBuiltSPSWithInterRPSPredictionReachesVUI() throws {
    let sps = try HEVCSequenceParameterSet.parse(EmulationPrevention.unescape(handBuiltSPS[...]))
    #expect(sps.maxSubLayersMinus1 == 1)
    #expect(sps.profileTierLevel.generalLevelIDC == 120)
    #expect(sps.picWidthInLumaSamples == 1920 && sps.picHeightInLumaSamples == 1088)
    #expect(sps.conformanceWindow == [0, 0, 0, 4])
    #expect(sps.width == 1920 && sps.height == 1080)
    #expect(sps.log2MaxPicOrderCntLsb == 8)
    let sets = try #require(sps.shortTermRefPicSets)
    #expect(sets.count == 4)
    #expect(sets[0].deltaPocS0 == [-1, -3] && sets[0].deltaPocS1 == [2])
    #expect(sets[1].interRefPicSetPredicted)
    #expect(sets[1].deltaPocS0 == [-1, -2, -4] && sets[1].deltaPocS1 == [1])
    #expect(sets[1].usedByCurrPicS0 == [true, true, false])
    #expect(sets[2].deltaPocS0 == [-2] && sets[2].deltaPocS1 == [1, 3])
    #expect(sets[3].deltaPocS0 == [-4] && sets[3].usedByCurrPicS0 == [false])
    #expect(sps.longTermRefPicsPresentFlag == true)
    let vui = try #require(sps.vui)
    #expect(vui.aspectRatioIDC == 1)
    #expect(vui.colour == ColourCodes(primaries: 9, transfer: 18, matrix: 9, fullRange: false))
    #expect(vui.numUnitsInTick == 1001 && vui.timeScale == 60000)
    #expect(vui.frameRate.map { abs($0 - 59.94) < 0.01 } == true)
}

@Test func spsWithUnreachableVUIKeepsEarlierFields() throws {
    // The SPS x265 3.5 writes with `multi-pass-opt-rps` (2nd pass, 250×142 10-bit): its
    // st_ref_pic_set data is corrupt (FFmpeg: "Invalid ue-golomb code at delta_poc_s0_minus1: more
    // than 31 zeroes"), so the VUI cannot be reached; size (conformance window right 3, bottom 1 →
    // 250×142) and bit depth must still come out.
    let nal = hex("""
        42010102200000030090000003000003003ca00808091c94d96565924c8411000003000003000003000006c000000300
        00030005800014090004c00012000f016e12201208000003000800000300c840
        """)
    let sps = try HEVCSequenceParameterSet.parse(EmulationPrevention.unescape(nal[...]))
    #expect(sps.width == 250 && sps.height == 142)
    #expect(sps.bitDepthLuma == 10)
    #expect(sps.numShortTermRefPicSets == 7)
    #expect(sps.vui == nil)
}

@Test func spsTruncatedAndGarbageNeverTrap() {
    let rbsp = EmulationPrevention.unescape(handBuiltSPS[...])
    for n in 0..<rbsp.count {
        let partial = Array(rbsp.prefix(n))
        if let sps = try? HEVCSequenceParameterSet.parse(partial), n < rbsp.count - 20 {
            #expect(sps.vui == nil)
        }
    }
    #expect(throws: (any Error).self) { try HEVCSequenceParameterSet.parse(Array(rbsp.prefix(10))) }
    #expect(throws: BitstreamError.invalid(.nalUnitType(34, expected: .hevcSPS))) { try HEVCSequenceParameterSet.parse(hex("4401c172bc6240")) }  // a PPS
    for seed in 1...50 as ClosedRange<UInt64> {
        _ = try? HEVCSequenceParameterSet.parse([0x42, 0x01] + garbage(count: 120, seed: seed))
    }
}
