import HDRProbeBytes

/// The start of `slice_segment_header()`: ITU-T H.265 §7.3.6.1 (syntax), §7.4.7.1 (semantics),
/// read up to and including `slice_pic_order_cnt_lsb`, for the **first** slice segment of a
/// picture. Input: a VCL NAL unit with emulation prevention removed, 2-byte NAL header included
/// (a prefix of the unit is enough; ~64 escaped bytes always cover these fields).
///
/// ```
/// first_slice_segment_in_pic_flag                   u(1)   must be 1 here
/// if (nal_unit_type >= BLA_W_LP && <= RSV_IRAP_VCL23)
///     no_output_of_prior_pics_flag                  u(1)
/// slice_pic_parameter_set_id                        ue(v)  0...63
/// (first slice segment: no dependent_slice_segment_flag / slice_segment_address)
/// slice_reserved_flag[i]  × num_extra_slice_header_bits   u(1)
/// slice_type                                        ue(v)  0 B, 1 P, 2 I
/// if (output_flag_present_flag)     pic_output_flag u(1)   inferred 1 when absent
/// if (separate_colour_plane_flag)   colour_plane_id u(2)
/// if (nal_unit_type != IDR_W_RADL && != IDR_N_LP)
///     slice_pic_order_cnt_lsb                       u(v)   log2_max_pic_order_cnt_lsb bits; inferred 0 for IDR
/// ```
///
/// A slice segment that is not the first of its picture is rejected with
/// ``BitstreamError/unsupported(_:)``: its `slice_segment_address` is Ceil(Log2(PicSizeInCtbsY))
/// bits long, which needs CTB sizes this project does not keep. Only the first slice segment is
/// needed for the picture order count.
package struct HEVCSliceSegmentHeader: Sendable, Equatable {
    package var nalUnitType: UInt8
    /// Present for IRAP types 16–23 only.
    package var noOutputOfPriorPicsFlag: Bool?
    package var slicePicParameterSetID: UInt32
    /// The PPS's `pps_seq_parameter_set_id` (the SPS whose fields were used).
    package var seqParameterSetID: UInt32
    /// The `num_extra_slice_header_bits` slice_reserved_flag bits, first one most significant.
    package var sliceReservedFlags: UInt8
    /// 0 = B, 1 = P, 2 = I (Table 7-7).
    package var sliceType: Int
    /// `pic_output_flag`, 1 when absent (§7.4.7.1).
    package var picOutputFlag: Bool
    /// Present when the SPS has separate_colour_plane_flag = 1.
    package var colourPlaneID: UInt8?
    /// `slice_pic_order_cnt_lsb`; 0 for IDR pictures, where it is absent and inferred 0.
    package var slicePicOrderCntLsb: Int
    /// log2_max_pic_order_cnt_lsb of the SPS (MaxPicOrderCntLsb = 1 << this).
    package var log2MaxPicOrderCntLsb: Int

    package init(nalUnitType: UInt8, noOutputOfPriorPicsFlag: Bool?, slicePicParameterSetID: UInt32,
                seqParameterSetID: UInt32, sliceReservedFlags: UInt8, sliceType: Int, picOutputFlag: Bool,
                colourPlaneID: UInt8?, slicePicOrderCntLsb: Int, log2MaxPicOrderCntLsb: Int) {
        self.nalUnitType = nalUnitType
        self.noOutputOfPriorPicsFlag = noOutputOfPriorPicsFlag
        self.slicePicParameterSetID = slicePicParameterSetID
        self.seqParameterSetID = seqParameterSetID
        self.sliceReservedFlags = sliceReservedFlags
        self.sliceType = sliceType
        self.picOutputFlag = picOutputFlag
        self.colourPlaneID = colourPlaneID
        self.slicePicOrderCntLsb = slicePicOrderCntLsb
        self.log2MaxPicOrderCntLsb = log2MaxPicOrderCntLsb
    }

    /// `first_slice_segment_in_pic_flag` of a VCL NAL unit as stored (escaped): the first bit after
    /// the 2-byte header. nil for non-VCL or too-short units.
    package static func firstSliceSegmentInPicFlag(_ unit: NALUnit) -> Bool? {
        guard HEVCNALUnitType.isVCL(unit.type) else { return nil }
        // An emulation-prevention byte can only follow two zero bytes, so unescape the first few.
        let head = EmulationPrevention.unescape(unit.bytes.prefix(4))
        guard head.count >= 3 else { return nil }
        return head[2] & 0x80 != 0
    }

    /// Parses with the parameter sets looked up by id: `pictureParameterSet` receives
    /// slice_pic_parameter_set_id, `sequenceParameterSet` that PPS's pps_seq_parameter_set_id.
    /// Throws when either is missing or the SPS lacks log2_max_pic_order_cnt_lsb.
    package static func parse(
        _ rbsp: [UInt8],
        pictureParameterSet: (UInt32) -> HEVCPictureParameterSet?,
        sequenceParameterSet: (UInt32) -> HEVCSequenceParameterSet?
    ) throws -> HEVCSliceSegmentHeader {
        guard rbsp.count >= 3 else { throw BitstreamError.tooShort(needed: 3, got: rbsp.count) }
        guard let header = NALUnit.hevc(rbsp[...]) else { throw BitstreamError.invalid(.forbiddenZeroBit) }
        let type = header.type
        guard HEVCNALUnitType.isVCL(type) else {
            throw BitstreamError.invalid(.nalUnitType(Int(type), expected: .hevcSliceSegment))
        }
        var r = BitReader(rbsp, bitOffset: 16)
        let first = try r.flag()
        guard first else {
            throw BitstreamError.unsupported(.notFirstSliceSegment)
        }
        let noOutputOfPriorPics: Bool? = HEVCNALUnitType.isIRAP(type) ? try r.flag() : nil
        let ppsID = try r.ue()
        guard ppsID <= HEVCPictureParameterSet.maxPicParameterSetID else {
            throw BitstreamError.invalid(.slicePicParameterSetID(Int(ppsID)))
        }
        guard let pps = pictureParameterSet(ppsID) else {
            throw BitstreamError.invalid(.sliceNamesNoPPS(Int(ppsID)))
        }
        guard let sps = sequenceParameterSet(pps.seqParameterSetID) else {
            throw BitstreamError.invalid(.ppsNamesNoSPS(Int(pps.seqParameterSetID)))
        }
        guard let log2MaxLsb = sps.log2MaxPicOrderCntLsb, (4...16).contains(log2MaxLsb) else {
            throw BitstreamError.invalid(.spsWithoutPicOrderCntLsb(Int(pps.seqParameterSetID)))
        }
        guard (0...7).contains(pps.numExtraSliceHeaderBits) else {
            throw BitstreamError.invalid(.numExtraSliceHeaderBits(pps.numExtraSliceHeaderBits))
        }
        let reserved = try r.u8(pps.numExtraSliceHeaderBits)
        let sliceType = try r.ue()
        guard sliceType <= 2 else { throw BitstreamError.invalid(.sliceType(Int(sliceType))) }
        let picOutput = pps.outputFlagPresentFlag ? try r.flag() : true
        let colourPlane: UInt8? = sps.separateColourPlaneFlag ? try r.u8(2) : nil
        if let plane = colourPlane, plane > 2 { throw BitstreamError.invalid(.colourPlaneID(Int(plane))) }
        let lsb = HEVCNALUnitType.isIDR(type) ? 0 : try r.int(log2MaxLsb)
        return HEVCSliceSegmentHeader(
            nalUnitType: type, noOutputOfPriorPicsFlag: noOutputOfPriorPics, slicePicParameterSetID: ppsID,
            seqParameterSetID: pps.seqParameterSetID, sliceReservedFlags: reserved, sliceType: Int(sliceType),
            picOutputFlag: picOutput, colourPlaneID: colourPlane, slicePicOrderCntLsb: lsb,
            log2MaxPicOrderCntLsb: log2MaxLsb)
    }

    /// Parses with one known PPS and SPS; throws when the slice names a different PPS or the PPS a
    /// different SPS.
    package static func parse(_ rbsp: [UInt8], pps: HEVCPictureParameterSet, sps: HEVCSequenceParameterSet) throws
        -> HEVCSliceSegmentHeader
    {
        try parse(rbsp,
                  pictureParameterSet: { $0 == pps.picParameterSetID ? pps : nil },
                  sequenceParameterSet: { $0 == sps.seqParameterSetID ? sps : nil })
    }
}
