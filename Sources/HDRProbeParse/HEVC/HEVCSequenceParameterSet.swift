import HDRProbeBytes

/// `seq_parameter_set_rbsp()`: ITU-T H.265 §7.3.2.2 (syntax), §7.4.3.2 (semantics), parsed from
/// an SPS NAL unit with emulation prevention removed, 2-byte NAL header included.
///
/// Read up to and including `vui_parameters()` (§E.2.1, see ``HEVCVideoUsabilityInformation``).
/// Skipped on the way, with their exact syntax: the sub-layer ordering loop, `scaling_list_data()`
/// (§7.3.4), PCM parameters, `st_ref_pic_set()` ×N (§7.3.7, including inter RPS prediction, see
/// ``HEVCShortTermRefPicSet``) and the long-term reference picture list.
///
/// Fields up to the bit depths are required (a failure there throws); if anything between them
/// and the VUI cannot be read, the earlier fields are still returned with `vui == nil`.
///
/// Output size (§7.4.3.2, Table 6-1): SubWidthC = 2 for 4:2:0 and 4:2:2, else 1; SubHeightC = 2
/// for 4:2:0, else 1 (1 × 1 with separate_colour_plane_flag); the cropped size is
/// pic_width − SubWidthC × (left + right), pic_height − SubHeightC × (top + bottom).
package struct HEVCSequenceParameterSet: Sendable, Equatable {
    package var videoParameterSetID: UInt8
    package var maxSubLayersMinus1: Int
    package var temporalIDNestingFlag: Bool
    package var profileTierLevel: HEVCProfileTierLevel
    package var seqParameterSetID: UInt32
    /// 0 monochrome, 1 4:2:0, 2 4:2:2, 3 4:4:4.
    package var chromaFormatIDC: Int
    package var separateColourPlaneFlag: Bool
    /// Coded size in luma samples.
    package var picWidthInLumaSamples: Int
    package var picHeightInLumaSamples: Int
    /// conf_win left, right, top, bottom offsets (in chroma units), when signalled.
    package var conformanceWindow: [Int]?
    /// Output size after applying the conformance window (the coded size when the window is
    /// absent or larger than the picture).
    package var width: Int
    package var height: Int
    package var bitDepthLuma: Int
    package var bitDepthChroma: Int
    /// Filled when the walk reached these fields.
    package var log2MaxPicOrderCntLsb: Int?
    package var numShortTermRefPicSets: Int?
    package var shortTermRefPicSets: [HEVCShortTermRefPicSet]?
    package var longTermRefPicsPresentFlag: Bool?
    package var vuiParametersPresentFlag: Bool?
    /// nil when absent or not reachable.
    package var vui: HEVCVideoUsabilityInformation?

    package var subWidthC: Int { (chromaFormatIDC == 1 || chromaFormatIDC == 2) && !separateColourPlaneFlag ? 2 : 1 }
    package var subHeightC: Int { chromaFormatIDC == 1 && !separateColourPlaneFlag ? 2 : 1 }

    package static func parse(_ rbsp: [UInt8]) throws -> HEVCSequenceParameterSet {
        guard rbsp.count >= 2 else { throw BitstreamError.tooShort(needed: 2, got: rbsp.count) }
        guard let header = NALUnit.hevc(rbsp[...]) else { throw BitstreamError.invalid(.forbiddenZeroBit) }
        guard header.type == 33 else { throw BitstreamError.invalid(.nalUnitType(Int(header.type), expected: .hevcSPS)) }
        var r = BitReader(rbsp, bitOffset: 16)
        let vpsID = try r.u8(4)
        let maxSubLayersMinus1 = try r.int(3)
        if header.layerID != 0 && maxSubLayersMinus1 == 7 {
            throw BitstreamError.unsupported(.hevcMultiLayerSPS)
        }
        let nesting = try r.flag()
        let ptl = try HEVCProfileTierLevel.parse(&r, maxSubLayersMinus1: maxSubLayersMinus1)
        let spsID = try r.ue()
        guard spsID <= 15 else { throw BitstreamError.invalid(.spsSeqParameterSetID(Int(spsID))) }
        let chroma = Int(try r.ue())
        guard chroma <= 3 else { throw BitstreamError.invalid(.chromaFormatIDC(chroma)) }
        let separate = chroma == 3 ? try r.flag() : false
        let w = Int(try r.ue()), h = Int(try r.ue())
        var window: [Int]? = nil
        if try r.flag() {
            window = [Int(try r.ue()), Int(try r.ue()), Int(try r.ue()), Int(try r.ue())]
        }
        let depthLuma = Int(try r.ue()) + 8
        let depthChroma = Int(try r.ue()) + 8
        guard depthLuma <= 16, depthChroma <= 16 else {
            throw BitstreamError.invalid(.bitDepth(luma: depthLuma, chroma: depthChroma))
        }
        var sps = HEVCSequenceParameterSet(
            videoParameterSetID: vpsID, maxSubLayersMinus1: maxSubLayersMinus1, temporalIDNestingFlag: nesting,
            profileTierLevel: ptl, seqParameterSetID: spsID, chromaFormatIDC: chroma, separateColourPlaneFlag: separate,
            picWidthInLumaSamples: w, picHeightInLumaSamples: h, conformanceWindow: window, width: w, height: h,
            bitDepthLuma: depthLuma, bitDepthChroma: depthChroma)
        if let win = window {
            let cw = w - sps.subWidthC * (win[0] + win[1])
            let ch = h - sps.subHeightC * (win[2] + win[3])
            if cw > 0 && ch > 0 {
                sps.width = cw
                sps.height = ch
            }
        }
        do {
            try sps.readRest(&r)
        } catch {
            sps.vui = nil
        }
        return sps
    }

    private mutating func readRest(_ r: inout BitReader) throws {
        let log2MaxPocLsb = Int(try r.ue()) + 4
        guard log2MaxPocLsb <= 16 else { throw BitstreamError.invalid(.log2MaxPicOrderCntLsb(log2MaxPocLsb)) }
        log2MaxPicOrderCntLsb = log2MaxPocLsb
        let orderingInfoPresent = try r.flag()
        for _ in (orderingInfoPresent ? 0 : maxSubLayersMinus1)...maxSubLayersMinus1 {
            _ = try r.ue()  // sps_max_dec_pic_buffering_minus1
            _ = try r.ue()  // sps_max_num_reorder_pics
            _ = try r.ue()  // sps_max_latency_increase_plus1
        }
        _ = try r.ue()  // log2_min_luma_coding_block_size_minus3
        _ = try r.ue()  // log2_diff_max_min_luma_coding_block_size
        _ = try r.ue()  // log2_min_luma_transform_block_size_minus2
        _ = try r.ue()  // log2_diff_max_min_luma_transform_block_size
        _ = try r.ue()  // max_transform_hierarchy_depth_inter
        _ = try r.ue()  // max_transform_hierarchy_depth_intra
        if try r.flag() {                      // scaling_list_enabled_flag
            if try r.flag() {                  // sps_scaling_list_data_present_flag
                try Self.skipScalingListData(&r)
            }
        }
        _ = try r.flag()  // amp_enabled_flag
        _ = try r.flag()  // sample_adaptive_offset_enabled_flag
        if try r.flag() {                      // pcm_enabled_flag
            try r.skip(4 + 4)                  // pcm_sample_bit_depth_luma/chroma_minus1
            _ = try r.ue()                     // log2_min_pcm_luma_coding_block_size_minus3
            _ = try r.ue()                     // log2_diff_max_min_pcm_luma_coding_block_size
            try r.skip(1)                      // pcm_loop_filter_disabled_flag
        }
        let numSets = Int(try r.ue())
        guard numSets <= 64 else { throw BitstreamError.invalid(.numShortTermRefPicSets(numSets)) }
        numShortTermRefPicSets = numSets
        var sets: [HEVCShortTermRefPicSet] = []
        for i in 0..<numSets {
            sets.append(try HEVCShortTermRefPicSet.parse(&r, index: i, previous: sets))
        }
        shortTermRefPicSets = sets
        let longTerm = try r.flag()
        longTermRefPicsPresentFlag = longTerm
        if longTerm {
            let n = Int(try r.ue())
            guard n <= 32 else { throw BitstreamError.invalid(.numLongTermRefPicsSPS(n)) }
            for _ in 0..<n {
                try r.skip(log2MaxPocLsb)      // lt_ref_pic_poc_lsb_sps
                try r.skip(1)                  // used_by_curr_pic_lt_sps_flag
            }
        }
        _ = try r.flag()  // sps_temporal_mvp_enabled_flag
        _ = try r.flag()  // strong_intra_smoothing_enabled_flag
        let vuiPresent = try r.flag()
        vuiParametersPresentFlag = vuiPresent
        if vuiPresent {
            vui = try HEVCVideoUsabilityInformation.parse(&r)
        }
    }

    /// `scaling_list_data()`: ITU-T H.265 §7.3.4.
    package static func skipScalingListData(_ r: inout BitReader) throws {
        for sizeID in 0..<4 {
            var matrixID = 0
            while matrixID < 6 {
                if try r.flag() == false {     // scaling_list_pred_mode_flag
                    _ = try r.ue()             // scaling_list_pred_matrix_id_delta
                } else {
                    let coefNum = min(64, 1 << (4 + (sizeID << 1)))
                    if sizeID > 1 { _ = try r.se() }   // scaling_list_dc_coef_minus8
                    for _ in 0..<coefNum { _ = try r.se() }  // scaling_list_delta_coef
                }
                matrixID += sizeID == 3 ? 3 : 1
            }
        }
    }
}
