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
public struct HEVCPictureParameterSet: Sendable, Equatable {
    public static let maxPicParameterSetID: UInt32 = 63
    public static let maxSeqParameterSetID: UInt32 = 15

    public var picParameterSetID: UInt32
    public var seqParameterSetID: UInt32
    public var dependentSliceSegmentsEnabledFlag: Bool
    public var outputFlagPresentFlag: Bool
    /// 0...7 (versions 1–4 of H.265 require ≤ 2; larger values are read, not rejected).
    public var numExtraSliceHeaderBits: Int

    public init(picParameterSetID: UInt32, seqParameterSetID: UInt32, dependentSliceSegmentsEnabledFlag: Bool = false,
                outputFlagPresentFlag: Bool = false, numExtraSliceHeaderBits: Int = 0) {
        self.picParameterSetID = picParameterSetID
        self.seqParameterSetID = seqParameterSetID
        self.dependentSliceSegmentsEnabledFlag = dependentSliceSegmentsEnabledFlag
        self.outputFlagPresentFlag = outputFlagPresentFlag
        self.numExtraSliceHeaderBits = numExtraSliceHeaderBits
    }

    public static func parse(_ rbsp: [UInt8]) throws -> HEVCPictureParameterSet {
        guard rbsp.count >= 3 else { throw BitstreamError.tooShort(needed: 3, got: rbsp.count) }
        guard let header = NALUnit.hevc(rbsp[...]) else { throw BitstreamError.invalid("forbidden_zero_bit set") }
        guard header.type == HEVCNALUnitType.pps else {
            throw BitstreamError.invalid("nal_unit_type \(header.type) is not a PPS (34)")
        }
        var r = BitReader(rbsp, bitOffset: 16)
        let ppsID = try r.ue()
        guard ppsID <= maxPicParameterSetID else { throw BitstreamError.invalid("pps_pic_parameter_set_id \(ppsID)") }
        let spsID = try r.ue()
        guard spsID <= maxSeqParameterSetID else { throw BitstreamError.invalid("pps_seq_parameter_set_id \(spsID)") }
        let dependent = try r.flag()
        let outputFlagPresent = try r.flag()
        let extraBits = try r.int(3)
        return HEVCPictureParameterSet(
            picParameterSetID: ppsID, seqParameterSetID: spsID, dependentSliceSegmentsEnabledFlag: dependent,
            outputFlagPresentFlag: outputFlagPresent, numExtraSliceHeaderBits: extraBits)
    }
}
