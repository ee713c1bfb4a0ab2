import HDRProbeBytes

/// `pic_parameter_set_rbsp()`: ITU-T H.265 §7.3.2.3.1 (syntax), §7.4.3.3 (semantics), parsed from
/// a PPS NAL unit with emulation prevention removed, 2-byte NAL header included (the same input
/// as ``HEVCSequenceParameterSet/parse(_:)``).
///
/// Only the leading fields are read — those the slice segment header needs up to
/// `slice_pic_order_cnt_lsb` (§7.3.6.1):
///
/// ```
/// pps_pic_parameter_set_id                ue(v)   0...63
/// pps_seq_parameter_set_id                ue(v)   0...15
/// dependent_slice_segments_enabled_flag   u(1)
/// output_flag_present_flag                u(1)
/// num_extra_slice_header_bits             u(3)
/// ```
///
/// The rest of the PPS (tiles, deblocking, range extensions, …) is not read.
package struct HEVCPictureParameterSet: Sendable, Equatable {
    package static let maxPicParameterSetID: UInt32 = 63
    package static let maxSeqParameterSetID: UInt32 = 15

    package var picParameterSetID: UInt32
    package var seqParameterSetID: UInt32
    package var dependentSliceSegmentsEnabledFlag: Bool
    package var outputFlagPresentFlag: Bool
    /// 0...7 (versions 1–4 of H.265 require ≤ 2; larger values are read, not rejected).
    package var numExtraSliceHeaderBits: Int

    package init(picParameterSetID: UInt32, seqParameterSetID: UInt32, dependentSliceSegmentsEnabledFlag: Bool = false,
                outputFlagPresentFlag: Bool = false, numExtraSliceHeaderBits: Int = 0) {
        self.picParameterSetID = picParameterSetID
        self.seqParameterSetID = seqParameterSetID
        self.dependentSliceSegmentsEnabledFlag = dependentSliceSegmentsEnabledFlag
        self.outputFlagPresentFlag = outputFlagPresentFlag
        self.numExtraSliceHeaderBits = numExtraSliceHeaderBits
    }

    package static func parse(_ rbsp: [UInt8]) throws -> HEVCPictureParameterSet {
        guard rbsp.count >= 3 else { throw BitstreamError.tooShort(needed: 3, got: rbsp.count) }
        guard let header = NALUnit.hevc(rbsp[...]) else { throw BitstreamError.invalid(.forbiddenZeroBit) }
        guard header.type == HEVCNALUnitType.pps else {
            throw BitstreamError.invalid(.nalUnitType(Int(header.type), expected: .hevcPPS))
        }
        var r = BitReader(rbsp, bitOffset: 16)
        let ppsID = try r.ue()
        guard ppsID <= maxPicParameterSetID else { throw BitstreamError.invalid(.ppsPicParameterSetID(Int(ppsID))) }
        let spsID = try r.ue()
        guard spsID <= maxSeqParameterSetID else { throw BitstreamError.invalid(.ppsSeqParameterSetID(Int(spsID))) }
        let dependent = try r.flag()
        let outputFlagPresent = try r.flag()
        let extraBits = try r.int(3)
        return HEVCPictureParameterSet(
            picParameterSetID: ppsID, seqParameterSetID: spsID, dependentSliceSegmentsEnabledFlag: dependent,
            outputFlagPresentFlag: outputFlagPresent, numExtraSliceHeaderBits: extraBits)
    }
}
