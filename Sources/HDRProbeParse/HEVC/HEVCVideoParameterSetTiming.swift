import HDRProbeBytes

/// The timing information of an H.265 video parameter set (ITU-T H.265 §7.3.2.1
/// `video_parameter_set_rbsp()`), read up to `vps_time_scale`:
///
/// ```
/// vps_video_parameter_set_id u(4) ; vps_base_layer_internal_flag u(1) ; vps_base_layer_available_flag u(1)
/// vps_max_layers_minus1 u(6) ; vps_max_sub_layers_minus1 u(3) ; vps_temporal_id_nesting_flag u(1)
/// vps_reserved_0xffff_16bits u(16) ; profile_tier_level(1, vps_max_sub_layers_minus1)
/// vps_sub_layer_ordering_info_present_flag u(1)
/// for (i = flag ? 0 : max_sub_layers_minus1; i <= max_sub_layers_minus1; i++) 3 × ue(v)
/// vps_max_layer_id u(6) ; vps_num_layer_sets_minus1 ue(v)
/// for (i = 1; i <= num_layer_sets_minus1; i++) for (j = 0; j <= max_layer_id; j++) layer_id_included_flag u(1)
/// vps_timing_info_present_flag u(1) ; if: vps_num_units_in_tick u(32) ; vps_time_scale u(32)
/// ```
/// FFmpeg's HEVC parser takes a stream's frame rate from here before the SPS VUI
/// (docs/raw-stream-reader.md).
package struct HEVCVideoParameterSetTiming: Sendable, Equatable {
    package var numUnitsInTick: UInt32?
    package var timeScale: UInt32?

    /// `rbsp`: the whole NAL unit (2-byte header first), emulation prevention removed.
    package static func parse(_ rbsp: [UInt8]) throws -> HEVCVideoParameterSetTiming {
        guard rbsp.count >= 6 else { throw BitstreamError.tooShort(needed: 6, got: rbsp.count) }
        var r = BitReader(rbsp, bitOffset: 16)
        try r.skip(12)
        let maxSubLayersMinus1 = try r.int(3)
        try r.skip(17)
        _ = try HEVCProfileTierLevel.parse(&r, maxSubLayersMinus1: maxSubLayersMinus1)
        let orderingInfoForAll = try r.flag()
        for _ in (orderingInfoForAll ? 0 : maxSubLayersMinus1)...maxSubLayersMinus1 {
            _ = try r.ue(); _ = try r.ue(); _ = try r.ue()
        }
        let maxLayerID = try r.int(6)
        let layerSets = Int(try r.ue())
        guard layerSets < 1024 else { throw BitReaderError.endOfData }
        try r.skip(layerSets * (maxLayerID + 1))
        guard try r.flag() else { return HEVCVideoParameterSetTiming() }
        return HEVCVideoParameterSetTiming(numUnitsInTick: try r.u32(), timeScale: try r.u32())
    }

    /// time_scale / num_units_in_tick, when both are given and non-zero.
    package var frameRate: FrameRate? {
        guard let n = numUnitsInTick, let t = timeScale, n > 0, t > 0 else { return nil }
        return FrameRate(numerator: Int(t), denominator: Int(n))
    }
}
