import HDRProbeBytes

/// `vui_parameters()` of an HEVC SPS: ITU-T H.265 §E.2.1 (syntax), §E.3.1 (semantics), read up to
/// and including the timing information (`vui_num_units_in_tick`, `vui_time_scale`,
/// `vui_poc_proportional_to_timing_flag`). HRD parameters and bitstream restrictions that follow
/// are not read.
///
/// ```
/// aspect_ratio_info_present_flag u(1) [aspect_ratio_idc u(8) [== 255: sar_width u(16) sar_height u(16)]]
/// overscan_info_present_flag u(1) [overscan_appropriate_flag u(1)]
/// video_signal_type_present_flag u(1) [video_format u(3) video_full_range_flag u(1)
///     colour_description_present_flag u(1) [colour_primaries u(8) transfer_characteristics u(8) matrix_coeffs u(8)]]
/// chroma_loc_info_present_flag u(1) [chroma_sample_loc_type_top_field ue chroma_sample_loc_type_bottom_field ue]
/// neutral_chroma_indication_flag u(1) field_seq_flag u(1) frame_field_info_present_flag u(1)
/// default_display_window_flag u(1) [4 × ue]
/// vui_timing_info_present_flag u(1) [vui_num_units_in_tick u(32) vui_time_scale u(32)
///     vui_poc_proportional_to_timing_flag u(1) [vui_num_ticks_poc_diff_one_minus1 ue] ...]
/// ```
@dynamicMemberLookup
package struct HEVCVideoUsabilityInformation: Sendable, Equatable {
    /// The fields shared with H.264 (aspect ratio … chroma location), read through dynamic member lookup.
    package var signal = VUIVideoSignalInfo()
    package var neutralChromaIndicationFlag = false
    package var fieldSeqFlag = false
    package var frameFieldInfoPresentFlag = false
    /// Left, right, top, bottom offsets when default_display_window_flag is 1.
    package var defaultDisplayWindow: [UInt32]?
    package var numUnitsInTick: UInt32?
    package var timeScale: UInt32?
    package var pocProportionalToTimingFlag: Bool?

    package init() {}

    package subscript<T>(dynamicMember path: KeyPath<VUIVideoSignalInfo, T>) -> T { signal[keyPath: path] }

    /// Frame rate from the timing info (time_scale / num_units_in_tick), nil when absent or zero.
    package var frameRate: Double? {
        guard let n = numUnitsInTick, let t = timeScale, n > 0, t > 0 else { return nil }
        return Double(t) / Double(n)
    }

    /// The same as an exact rational (vui_time_scale / vui_num_units_in_tick, §E.3.1).
    package var timingFrameRate: FrameRate? {
        guard let n = numUnitsInTick, let t = timeScale else { return nil }
        return FrameRate(numerator: Int(t), denominator: Int(n))
    }

    package static func parse(_ r: inout BitReader) throws -> HEVCVideoUsabilityInformation {
        var v = HEVCVideoUsabilityInformation()
        v.signal = try VUIVideoSignalInfo.parse(&r)
        v.neutralChromaIndicationFlag = try r.flag()
        v.fieldSeqFlag = try r.flag()
        v.frameFieldInfoPresentFlag = try r.flag()
        if try r.flag() {
            v.defaultDisplayWindow = [try r.ue(), try r.ue(), try r.ue(), try r.ue()]
        }
        if try r.flag() {
            v.numUnitsInTick = try r.u32()
            v.timeScale = try r.u32()
            v.pocProportionalToTimingFlag = try r.flag()
        }
        return v
    }
}
