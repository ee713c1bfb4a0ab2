import HDRProbeBytes

/// `seq_parameter_set_data()`: ITU-T H.264 §7.3.2.1.1 (syntax), §7.4.2.1.1 (semantics), with
/// `scaling_list()` (§7.3.2.1.1.1) skipped and `vui_parameters()` (§E.1.1) read up to the timing
/// information. Input: an SPS NAL unit (type 7) with emulation prevention removed, 1-byte NAL
/// header included.
///
/// Output size (§7.4.2.1.1, equations 7-13 … 7-20): width = 16 × (pic_width_in_mbs_minus1 + 1) −
/// CropUnitX × (left + right); height = 16 × (2 − frame_mbs_only_flag) ×
/// (pic_height_in_map_units_minus1 + 1) − CropUnitY × (top + bottom), with CropUnitX = SubWidthC
/// and CropUnitY = SubHeightC × (2 − frame_mbs_only_flag) when ChromaArrayType ≠ 0 (else 1 and
/// 2 − frame_mbs_only_flag).
///
/// Fields up to the frame size are required (failure throws); a VUI that cannot be read leaves
/// `vui == nil`.
package struct AVCSequenceParameterSet: Sendable, Equatable {
    /// VUI fields of §E.1.1 up to timing_info.
    @dynamicMemberLookup
    package struct VUI: Sendable, Equatable {
        /// The fields shared with H.265 (aspect ratio … chroma location).
        package var signal = VUIVideoSignalInfo()
        package var numUnitsInTick: UInt32?
        package var timeScale: UInt32?
        package var fixedFrameRateFlag: Bool?

        package init() {}

        package subscript<T>(dynamicMember path: KeyPath<VUIVideoSignalInfo, T>) -> T { signal[keyPath: path] }

        /// The frame rate of the timing info: time_scale / (2 × num_units_in_tick), a frame being
        /// two field ticks (§E.2.1, Equation C-1 with a frame of two fields; what libavcodec does).
        package var timingFrameRate: FrameRate? {
            guard let n = numUnitsInTick, let t = timeScale else { return nil }
            return FrameRate(numerator: Int(t), denominator: 2 * Int(n))
        }
    }

    package var profileIDC: UInt8
    /// constraint_set0_flag … constraint_set5_flag + 2 reserved bits, as the byte stored.
    package var constraintFlags: UInt8
    package var levelIDC: UInt8
    package var seqParameterSetID: UInt32
    /// 1 (4:2:0) when not coded.
    package var chromaFormatIDC: Int
    package var separateColourPlaneFlag: Bool
    package var bitDepthLuma: Int
    package var bitDepthChroma: Int
    package var frameMbsOnlyFlag: Bool
    package var picWidthInMbs: Int
    package var picHeightInMapUnits: Int
    /// frame_crop left, right, top, bottom offsets when frame_cropping_flag is 1.
    package var frameCropping: [Int]?
    package var width: Int
    package var height: Int
    package var vuiParametersPresentFlag: Bool
    package var vui: VUI?

    /// Profiles whose SPS carries chroma_format_idc, bit depths and scaling matrices (§7.3.2.1.1).
    package static let highProfiles: Set<UInt8> = [100, 110, 122, 244, 44, 83, 86, 118, 128, 138, 139, 134, 135]

    package static func parse(_ rbsp: [UInt8]) throws -> AVCSequenceParameterSet {
        guard rbsp.count >= 4 else { throw BitstreamError.tooShort(needed: 4, got: rbsp.count) }
        guard let header = NALUnit.avc(rbsp[...]) else { throw BitstreamError.invalid(.forbiddenZeroBit) }
        guard header.type == 7 else { throw BitstreamError.invalid(.nalUnitType(Int(header.type), expected: .avcSPS)) }
        var r = BitReader(rbsp, bitOffset: 8)
        let profile = try r.u8(), constraints = try r.u8(), level = try r.u8()
        let spsID = try r.ue()
        guard spsID <= 31 else { throw BitstreamError.invalid(.avcSeqParameterSetID(Int(spsID))) }
        var chroma = 1, separate = false, depthLuma = 8, depthChroma = 8
        if highProfiles.contains(profile) {
            chroma = Int(try r.ue())
            guard chroma <= 3 else { throw BitstreamError.invalid(.chromaFormatIDC(chroma)) }
            if chroma == 3 { separate = try r.flag() }
            depthLuma = Int(try r.ue()) + 8
            depthChroma = Int(try r.ue()) + 8
            guard depthLuma <= 14, depthChroma <= 14 else {
                throw BitstreamError.invalid(.bitDepth(luma: depthLuma, chroma: depthChroma))
            }
            _ = try r.flag()  // qpprime_y_zero_transform_bypass_flag
            if try r.flag() {  // seq_scaling_matrix_present_flag
                for i in 0..<(chroma != 3 ? 8 : 12) {
                    if try r.flag() { try skipScalingList(&r, size: i < 6 ? 16 : 64) }
                }
            }
        }
        _ = try r.ue()  // log2_max_frame_num_minus4
        let pocType = try r.ue()
        switch pocType {
        case 0:
            _ = try r.ue()  // log2_max_pic_order_cnt_lsb_minus4
        case 1:
            _ = try r.flag()  // delta_pic_order_always_zero_flag
            _ = try r.se()    // offset_for_non_ref_pic
            _ = try r.se()    // offset_for_top_to_bottom_field
            let n = try r.ue()
            guard n <= 255 else { throw BitstreamError.invalid(.numRefFramesInPicOrderCntCycle(Int(n))) }
            for _ in 0..<n { _ = try r.se() }
        case 2:
            break
        default:
            throw BitstreamError.invalid(.picOrderCntType(Int(pocType)))
        }
        _ = try r.ue()    // max_num_ref_frames
        _ = try r.flag()  // gaps_in_frame_num_value_allowed_flag
        let widthMbs = Int(try r.ue()) + 1
        let heightMapUnits = Int(try r.ue()) + 1
        let frameMbsOnly = try r.flag()
        if !frameMbsOnly { _ = try r.flag() }  // mb_adaptive_frame_field_flag
        _ = try r.flag()  // direct_8x8_inference_flag
        var crop: [Int]? = nil
        if try r.flag() {
            crop = [Int(try r.ue()), Int(try r.ue()), Int(try r.ue()), Int(try r.ue())]
        }
        let codedWidth = widthMbs * 16
        let codedHeight = (frameMbsOnly ? 1 : 2) * heightMapUnits * 16
        var width = codedWidth, height = codedHeight
        if let c = crop {
            let chromaArrayType = separate ? 0 : chroma
            let subWidthC = (chromaArrayType == 1 || chromaArrayType == 2) ? 2 : 1
            let subHeightC = chromaArrayType == 1 ? 2 : 1
            let cropUnitX = chromaArrayType == 0 ? 1 : subWidthC
            let cropUnitY = (chromaArrayType == 0 ? 1 : subHeightC) * (frameMbsOnly ? 1 : 2)
            let w = codedWidth - cropUnitX * (c[0] + c[1])
            let h = codedHeight - cropUnitY * (c[2] + c[3])
            if w > 0 && h > 0 {
                width = w
                height = h
            }
        }
        var sps = AVCSequenceParameterSet(
            profileIDC: profile, constraintFlags: constraints, levelIDC: level, seqParameterSetID: spsID,
            chromaFormatIDC: chroma, separateColourPlaneFlag: separate, bitDepthLuma: depthLuma,
            bitDepthChroma: depthChroma, frameMbsOnlyFlag: frameMbsOnly, picWidthInMbs: widthMbs,
            picHeightInMapUnits: heightMapUnits, frameCropping: crop, width: width, height: height,
            vuiParametersPresentFlag: false, vui: nil)
        if let present = try? r.flag() {
            sps.vuiParametersPresentFlag = present
            if present { sps.vui = try? parseVUI(&r) }
        }
        return sps
    }

    /// `scaling_list(sizeOfScalingList)`: §7.3.2.1.1.1.
    package static func skipScalingList(_ r: inout BitReader, size: Int) throws {
        var lastScale = 8, nextScale = 8
        for _ in 0..<size {
            if nextScale != 0 {
                let delta = Int(try r.se())
                nextScale = ((lastScale + delta) % 256 + 256) % 256
            }
            lastScale = nextScale == 0 ? lastScale : nextScale
        }
    }

    package static func parseVUI(_ r: inout BitReader) throws -> VUI {
        var v = VUI()
        v.signal = try VUIVideoSignalInfo.parse(&r)
        if try r.flag() {
            v.numUnitsInTick = try r.u32()
            v.timeScale = try r.u32()
            v.fixedFrameRateFlag = try r.flag()
        }
        return v
    }
}
