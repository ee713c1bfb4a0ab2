import Testing
@testable import HDRProbeCore

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
            (.stopped(.rpuDataMapping, .bitstream(.invalid("num_pivots_minus2[0] 1000000 exceeds the limit of 9 pivots"))),
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
        #expect(DolbyVisionRPUProblem.unparsable(.bitstream(.invalid("Invalid RPU last byte: 129"))).description
                == #"invalid("Invalid RPU last byte: 129")"#)
        #expect(DolbyVisionRPUProblem.unparsable(.bitReader(.endOfData)).description == "endOfData")
    }

    @Test func doviRecordIssueSentences() {
        let cases: [(DOVIDecoderConfigurationRecord.Issue, String)] = [
            (.shortRecord(4), "record is 4 bytes, expected 24"),
            (.reservedBitsSet, "reserved bits are not zero"),
            (.noDependencyPID, "descriptor too short for dependency_pid"),
            (.noCompatibilityID, "no dv_bl_signal_compatibility_id: the descriptor ends after the layer flags"),
            (.version(major: 2, minor: 5), "version 2.5, expected 1.0"),
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
}
