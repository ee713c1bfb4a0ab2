import Foundation
import Testing
@testable import HDRProbeParse

/// The parsers' issues are typed values (tests elsewhere compare values); these tests pin the
/// sentences the values render to, because they are part of the report contract: the
/// `dv.rpuInvalid` and `dv.configurationIrregular` findings carry them (docs/findings.md). The
/// wording is dovi_tool's where it has one (`docs/rules/dolby-vision.md` §10.1, §11.3) and
/// otherwise the sentence these reports carried before the issues were typed.
@Suite struct ParserIssueTextTests {
    @Test func dolbyVisionRPUIssueSentences() {
        let cases: [(DolbyVisionRPU.Issue, String)] = [
            (.crcMismatch(stored: 0x7B00_00AB, computed: 0x1), "RPU CRC32 does not match the data (stored 0x7B0000AB, computed 0x00000001)"),
            (.rpuType(3), "rpu_type should be 2, found 3"),
            (.vdrSeqInfoAbsent, "vdr_seq_info_present_flag is 0"),
            (.rpuFormatBits(0x712), "rpu_format 1810 has bits 0x700 set"),
            (.vdrRpuLevel(1), "vdr_rpu_level should be 0, found 1"),
            (.coefficientDataType(2), "invalid coefficient_data_type 2"),
            (.coefficientLog2Denom(24), "coefficient_log2_denom should be <= 23, found 24"),
            (.blBitDepthMinus8(0), "bl_bit_depth_minus8 should be 2, found 0"),
            (.elBitDepthMinus8(4), "el_bit_depth_minus8 should be 2, found 4"),
            (.vdrBitDepthMinus8(7), "vdr_bit_depth_minus8 should be <= 6, found 7"),
            (.noProfile(vdrRpuProfile: 0, blVideoFullRange: true), "no Dolby Vision profile matches vdr_rpu_profile 0, bl_video_full_range_flag 1"),
            (.mappingNotParsed(.noBitDepths), "rpu_data_mapping not parsed: the header has no bit depths"),
            (.mappingNotParsed(.bitDepthsOver16(bl: 108, el: 10)), "rpu_data_mapping not parsed: bit depths BL 108 / EL 10 over 16"),
            (.mappingNotParsed(.coefficientLog2DenomOver32(40)), "rpu_data_mapping not parsed: coefficient_log2_denom 40 over 32"),
            (.mappingNotParsed(.coefficientLog2DenomOver32(nil)), "rpu_data_mapping not parsed: coefficient_log2_denom absent over 32"),
            (.mappingNotParsed(.coefficientDataType(3)), "rpu_data_mapping not parsed: coefficient_data_type 3"),
            (.mapping(.nlqPresent(profile: 8)), "profile 8: NLQ data (nlq_method_idc, nlq_pred_pivot_value) should be absent"),
            (.mapping(.nlqPivotSum(1000)), "profile 7: nlq_pred_pivot_value elements should add up to 1023, found 1000"),
            (.mapping(.nlqPivotAbsent), "profile 7: nlq_pred_pivot_value should be present"),
            (.mapping(.mappingColorSpace(1)), "mapping_color_space should be 0, found 1"),
            (.mapping(.mappingChromaFormatIDC(2)), "mapping_chroma_format_idc should be 0, found 2"),
            (.dm(.affectedDMMetadataID(16)), "affected_dm_metadata_id should be <= 15, found 16"),
            (.dm(.signalBitDepth(17)), "signal_bit_depth should be between 8 and 16, found 17"),
            (.dm(.signalEOTF(0)), "signal_eotf should be 65535, found 0"),
            (.extBlocks(.alignmentZeroBit(.v29)), "CM v2.9: dm_alignment_zero_bit should be 0"),
            (.extBlocks(.unknownLevel(.v29, level: 7)), "CM v2.9: Unknown metadata block found (level 7)"),
            (.extBlocks(.disallowedLevel(.v29, level: 3)), "CM v2.9: Disallowed block level 3"),
            (.extBlocks(.lengthMismatch(.v29, level: 5, length: 6)), "CM v2.9: L5 block length 6 does not match its level (expected 7)"),
            (.extBlocks(.lengthMismatch(.v40, level: 8, length: 11)),
             "CM v4.0: L8 block length 11 does not match its level (expected 10 or 12 or 13 or 19 or 25)"),
            (.extBlocks(.countNotExact(.v40, level: 254, required: 1, found: 0)), "CM v4.0: exactly 1 L254 block required, found 0"),
            (.extBlocks(.tooMany(.v29, level: 1, allowed: 1, found: 2)), "CM v2.9: at most 1 L1 block allowed, found 2"),
            (.extBlocks(.tooMany(.v40, level: 8, allowed: 5, found: 6)), "CM v4.0: at most 5 L8 blocks allowed, found 6"),
            (.rpuAlignmentZeroBit, "rpu_alignment_zero_bit should be 0"),
            (.stopped(.rpuDataMapping, .bitstream(.invalid(.numPivotsMinus2(component: 0, value: 1_000_000, limit: 9)))),
             "rpu_data_mapping: num_pivots_minus2[0] 1000000 exceeds the limit of 9 pivots"),
            (.stopped(.vdrDMDataPayload, .bitReader(.endOfData)), "vdr_dm_data_payload: unexpected end of data"),
            (.stopped(.rpuDataMapping, .bitReader(.expGolombTooLong)), "rpu_data_mapping: Exp-Golomb code longer than 32 bits"),
            (.stopped(.rpuAlignmentZeroBit, .bitstream(.tooShort(needed: 7, got: 3))), "rpu_alignment_zero_bit: needs 7 bytes, got 3"),
        ]
        for (issue, sentence) in cases { #expect(issue.description == sentence) }
    }

    /// The detail of `dv.rpuInvalid`: the scanner's problem for an RPU with a bad CRC, with other
    /// issues (joined), and one that could not be parsed (the error as Swift prints it).
    @Test func dolbyVisionRPUProblemSentences() {
        #expect(DolbyVisionRPUProblem.crcMismatch.description == "RPU CRC32 does not match the data")
        #expect(DolbyVisionRPUProblem.issues([.vdrSeqInfoAbsent, .rpuAlignmentZeroBit]).description
                == "vdr_seq_info_present_flag is 0; rpu_alignment_zero_bit should be 0")
        #expect(DolbyVisionRPUProblem.unparsable(.bitstream(.invalid(.rpuLastByte(129)))).description
                == #"invalid("Invalid RPU last byte: 129")"#)
        #expect(DolbyVisionRPUProblem.unparsable(.bitReader(.endOfData)).description == "endOfData")
    }

    @Test func doviRecordIssueSentences() {
        let cases: [(DOVIDecoderConfigurationRecord.Issue, String)] = [
            (.shortRecord(4), "record is 4 bytes, expected 24"),
            (.reservedBitsSet, "reserved bits are not zero"),
            (.noDependencyPID, "descriptor too short for dependency_pid"),
            (.noCompatibilityID, "no dv_bl_signal_compatibility_id: the descriptor ends after the layer flags"),
            (.version(major: 4, minor: 5), "version 4.5, expected major version 1, 2 or 3"),
            (.level(0), "level 0 outside 1…13"),
            (.noLayer, "no layer flag set"),
        ]
        for (issue, sentence) in cases { #expect(issue.description == sentence) }
    }

    @Test func emdfAndVPCodecRecordIssueSentences() {
        #expect(DolbyVisionEMDFContainer.Issue.trailerFields(payloadID: 5, primary: 1, secondary: 0).description
                == "EMDF trailer: emdf_payload_id/protection_length_primary/secondary should be 0/1/0, found 5/1/0")
        #expect(DolbyVisionEMDFContainer.Issue.trailerAlignment.description == "EMDF trailer: alignment bits should be 1")
        #expect(DolbyVisionEMDFContainer.Issue.trailerTruncated.description == "EMDF trailer is truncated")
        #expect(VPCodecConfigurationRecord.Issue.version0.description == "version 0 record (pre-standard layout): no colour code points")
        #expect(VPCodecConfigurationRecord.Issue.flags(3).description == "flags 3, expected 0")
        #expect(VPCodecConfigurationRecord.Issue.initializationDataShort(claimed: 4, present: 2).description
                == "codecInitializationData claims 4 bytes, 2 present")
        #expect(VPCodecConfigurationRecord.Issue.initializationDataSizeMissing.description == "codecInitializationDataSize missing")
    }

    /// The reasons of `BitstreamError`: the sentences the parsers threw as strings before they were
    /// typed (an RPU that cannot be parsed carries them into the `dv.rpuInvalid` detail), and the
    /// error as Swift printed it then (`invalid("…")`), which that detail quotes.
    @Test func bitstreamErrorReasonSentences() {
        let invalid: [(BitstreamError.Invalid, String)] = [
            (.forbiddenZeroBit, "forbidden_zero_bit set"),
            (.nalUnitType(34, expected: .avcSPS), "nal_unit_type 34 is not an SPS (7)"),
            (.nalUnitType(34, expected: .hevcSPS), "nal_unit_type 34 is not an SPS (33)"),
            (.nalUnitType(33, expected: .hevcPPS), "nal_unit_type 33 is not a PPS (34)"),
            (.nalUnitType(34, expected: .hevcSliceSegment), "nal_unit_type 34 is not a slice segment (0...31)"),
            (.configurationVersion(0), "configurationVersion 0"),
            (.av1CMarker, "av1C marker bit is 0"),
            (.av1MetadataType, "metadata_type leb128 is truncated or too large"),
            (.avcSeqParameterSetID(32), "seq_parameter_set_id 32"),
            (.spsSeqParameterSetID(16), "sps_seq_parameter_set_id 16"),
            (.chromaFormatIDC(4), "chroma_format_idc 4"),
            (.bitDepth(luma: 15, chroma: 8), "bit depth 15/8"),
            (.numRefFramesInPicOrderCntCycle(256), "num_ref_frames_in_pic_order_cnt_cycle 256"),
            (.picOrderCntType(3), "pic_order_cnt_type 3"),
            (.maxSubLayersMinus1(8), "max_sub_layers_minus1 8"),
            (.log2MaxPicOrderCntLsb(17), "log2_max_pic_order_cnt_lsb 17"),
            (.numShortTermRefPicSets(65), "num_short_term_ref_pic_sets 65"),
            (.numLongTermRefPicsSPS(33), "num_long_term_ref_pics_sps 33"),
            (.stRefPicSetReferenceIndex(-1), "st_ref_pic_set reference index -1"),
            (.absDeltaRpsMinus1(32768), "abs_delta_rps_minus1 32768"),
            (.predictedStRefPicSetSize(negative: 10, positive: 7), "predicted st_ref_pic_set has 10+7 pictures"),
            (.stRefPicSetSize(negative: 16, positive: 1), "st_ref_pic_set has 16+1 pictures"),
            (.deltaPocS0OutOfRange, "delta_poc_s0 out of range"),
            (.deltaPocS1OutOfRange, "delta_poc_s1 out of range"),
            (.ppsPicParameterSetID(64), "pps_pic_parameter_set_id 64"),
            (.ppsSeqParameterSetID(16), "pps_seq_parameter_set_id 16"),
            (.slicePicParameterSetID(64), "slice_pic_parameter_set_id 64"),
            (.sliceNamesNoPPS(3), "slice_pic_parameter_set_id 3 names no PPS"),
            (.ppsNamesNoSPS(2), "pps_seq_parameter_set_id 2 names no SPS"),
            (.spsWithoutPicOrderCntLsb(0), "SPS 0 has no usable log2_max_pic_order_cnt_lsb"),
            (.numExtraSliceHeaderBits(3), "num_extra_slice_header_bits 3"),
            (.sliceType(3), "slice_type 3"),
            (.colourPlaneID(3), "colour_plane_id 3"),
            (.vp9FrameMarker, "frame_marker is not 2"),
            (.vp9ReservedZero, "reserved_zero after profile 3 is 1"),
            (.vp9FrameSyncCode, "frame_sync_code is not 0x498342"),
            (.notHDR10PlusPayload, "not an HDR10+ T.35 payload"),
            (.nullAudioObjectType, "audioObjectType 0 (null object)"),
            (.rpuNALPrefix(1), "rpu_nal_prefix should be 25, found 1"),
            (.rpuNALPrefix(nil), "rpu_nal_prefix should be 25, found nothing"),
            (.rpuLastByte(129), "Invalid RPU last byte: 129"),
            (.numPivotsMinus2(component: 0, value: 1_000_000, limit: 9), "num_pivots_minus2[0] 1000000 exceeds the limit of 9 pivots"),
            (.nlqMethodIDC(1), "nlq_method_idc should be 0 (linear dead zone), found 1"),
            (.polyOrderMinus1(2, component: 1, piece: 3), "poly_order_minus1 should be <= 1, found 2 (component 1, piece 3)"),
            (.mmrOrderMinus1(3, component: 2, piece: 0), "mmr_order_minus1 should be <= 2, found 3 (component 2, piece 0)"),
            (.mappingIDC(2, component: 0, piece: 1), "mapping_idc should be 0 or 1, found 2 (component 0, piece 1)"),
            (.numExtBlocks(.v40, count: 1000, limit: 64), "CM v4.0: num_ext_blocks 1000 exceeds the limit of 64"),
            (.extBlockLengthOverLimit(length: 4_000_000, level: 1, limit: 1024),
             "ext_block_length 4000000 of a level 1 block exceeds the limit of 1024 bytes"),
            (.extBlockLengthOverData(length: 12, level: 2, bytesLeft: 5), "ext_block_length 12 of a level 2 block exceeds the data left (5 bytes)"),
            (.extBlockPayloadLength(level: 8, allowed: [10, 12], found: 11), "L8 ext_block_length should be 10 or 12, found 11"),
            (.t35ProviderCode(60), "itu_t_t35_terminal_provider_code should be 0x003B, found 60"),
            (.t35ProviderOrientedCode(2049), "itu_t_t35_terminal_provider_oriented_code should be 0x800, found 2049"),
            (.emdfHeader(version: 1, keyID: 6, payloadID: 31), "EMDF emdf_version/key_id/emdf_payload_id should be 0/6/31, found 1/6/31"),
            (.emdfPayloadIDExt(224), "emdf_payload_id_ext should be 225, found 224"),
            (.emdfPayloadSize(60_000, bytesLeft: 20), "emdf_payload_size 60000 exceeds the data left (20 bytes)"),
            (.emdfVariableBits(n: 8, chunkLimit: 3), "EMDF variable_bits(8) longer than 3 chunks"),
        ]
        for (reason, sentence) in invalid { #expect(reason.description == sentence) }
        let unsupported: [(BitstreamError.Unsupported, String)] = [
            (.av1SeqProfile(3), "seq_profile 3"),
            (.emdfOptionalFields, "EMDF smploffste/duratione/groupide/codecdatae set"),
            (.linearInterpolation(component: 0, piece: 0), "linear_interp_flag 1 (component 0, piece 0)"),
            (.vpcCVersion(2), "vpcC version 2"),
            (.vp9ShowExistingFrame, "show_existing_frame: no header"),
            (.vp9NotKeyFrame, "not a key frame: no color_config()"),
            (.hevcMultiLayerSPS, "multi-layer extension SPS (sps_ext_or_max_sub_layers_minus1 = 7)"),
            (.notFirstSliceSegment, "slice segment that is not the first of its picture"),
        ]
        for (reason, sentence) in unsupported { #expect(reason.description == sentence) }
        #expect(BitstreamError.invalid(.rpuLastByte(129)).description == #"invalid("Invalid RPU last byte: 129")"#)
        #expect(BitstreamError.unsupported(.vpcCVersion(2)).description == #"unsupported("vpcC version 2")"#)
        #expect(BitstreamError.tooShort(needed: 7, got: 3).description == "tooShort(needed: 7, got: 3)")
        #expect(BitstreamError.tooShort(needed: 7, got: 3).reason == "needs 7 bytes, got 3")
    }

    /// HDR10+ validation issues: the `message` the report's `hdr10Plus.firstInvalidIssue` and the
    /// `hdr10plus.invalid` finding carry (hdr10plus_tool's own text for the two profile rules,
    /// `docs/rules/hdr10plus.md` §5), and the report object (rule identifier + message).
    @Test func hdr10PlusValidationIssueSentences() throws {
        let cases: [(ST2094_40ValidationIssue, String)] = [
            (.applicationIdentifier(5), "application_identifier 5, must be 4"),
            (.applicationVersion(0), "application_version 0, must be 1"),
            (.numWindows(2), "num_windows 2, must be 1 for application_version 1"),
            (.targetedSystemDisplayActualPeakLuminanceFlag,
             "targeted_system_display_actual_peak_luminance_flag is 1, must be 0 for application_version 1"),
            (.masteringDisplayActualPeakLuminanceFlag, "mastering_display_actual_peak_luminance_flag is 1, must be 0 for application_version 1"),
            (.colorSaturationMappingFlag, "color_saturation_mapping_flag is 1, must be 0 for application_version 1"),
            (.targetedSystemDisplayMaximumLuminance(10_001), "targeted_system_display_maximum_luminance 10001 exceeds 10000"),
            (.targetedSystemDisplayMaximumLuminanceProfileB(window: nil),
             "Invalid targeted_system_display_maximum_luminance for profile B, must not be zero."),
            (.targetedSystemDisplayMaximumLuminanceProfileA(window: 2),
             "Invalid targeted_system_display_maximum_luminance for profile A, must be zero. (window 2)"),
            (.maxscl(100_001, window: nil), "maxscl 100001 exceeds 100000"),
            (.averageMaxrgb(100_001, window: 3), "average_maxrgb 100001 exceeds 100000 (window 3)"),
            (.numDistributionMaxrgbPercentiles(8, window: nil), "num_distribution_maxrgb_percentiles 8, must be 9 or 10"),
            (.distributionMaxrgbPercentages([1, 5, 10, 25, 50, 75, 90, 98, 99], window: nil),
             "distribution_maxrgb_percentage [1, 5, 10, 25, 50, 75, 90, 98, 99] is not the standard list for 9 percentiles"),
            (.distributionMaxrgbPercentile(100_001, percentage: 99, window: nil),
             "distribution_maxrgb_percentile 100001 (at 99 %) exceeds 100000"),
            (.kneePointX(4096, window: nil), "knee_point_x 4096 exceeds 4095"),
            (.kneePointY(4096, window: nil), "knee_point_y 4096 exceeds 4095"),
            (.numBezierCurveAnchors(10, window: nil), "num_bezier_curve_anchors 10 exceeds 9"),
            (.bezierCurveAnchor(1024, window: nil), "bezier_curve_anchor 1024 must be below 1024"),
            (.payloadSyntax, "HDR10+ payload ends before its syntax is complete"),
        ]
        for (issue, sentence) in cases { #expect(issue.message == sentence) }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let json = String(decoding: try encoder.encode(ST2094_40ValidationIssue.maxscl(100_001, window: nil)), as: UTF8.self)
        #expect(json == #"{"message":"maxscl 100001 exceeds 100000","rule":"maxscl"}"#)
    }
}
