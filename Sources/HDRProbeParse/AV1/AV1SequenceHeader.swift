import HDRProbeBytes

/// `sequence_header_obu()` up to and including `color_config()` and `film_grain_params_present`:
/// AV1 Bitstream & Decoding Process Specification §5.5.1 – §5.5.2 (syntax), §6.4 (semantics),
/// with `timing_info()` (§5.5.3), `decoder_model_info()` (§5.5.4) and
/// `operating_parameters_info()` (§5.5.5) read to skip them.
///
/// Input: the payload of an OBU of type 1 (after header and size). Both the
/// reduced_still_picture_header = 1 path (one operating point, no timing info) and the full path
/// are handled. Loops are bounded by 5-bit counts (at most 32 operating points).
package struct AV1SequenceHeader: Sendable, Equatable {
    package var seqProfile: UInt8
    package var stillPicture: Bool
    package var reducedStillPictureHeader: Bool
    package var timingInfoPresent: Bool
    package var numUnitsInDisplayTick: UInt32?
    package var timeScale: UInt32?
    package var equalPictureInterval: Bool?
    /// num_ticks_per_picture_minus_1, when equal_picture_interval is 1.
    package var numTicksPerPictureMinus1: UInt32? = nil
    package var decoderModelInfoPresent: Bool
    package var operatingPointsCount: Int
    /// operating_point_idc[0].
    package var operatingPointIDC0: UInt16
    package var seqLevelIdx0: UInt8
    package var seqTier0: UInt8
    package var maxFrameWidth: Int
    package var maxFrameHeight: Int
    package var bitDepth: Int
    package var monochrome: Bool
    package var subsamplingX: Bool
    package var subsamplingY: Bool
    /// 0 CSP_UNKNOWN, 1 vertical, 2 colocated.
    package var chromaSamplePosition: UInt8
    package var colorDescriptionPresent: Bool
    /// Code points (2 = unspecified when color_description_present_flag is 0) and color_range.
    package var colour: ColourCodes
    package var separateUVDeltaQ: Bool
    package var filmGrainParamsPresent: Bool

    package static func parse(_ payload: ArraySlice<UInt8>) throws -> AV1SequenceHeader {
        var r = BitReader(Array(payload))
        let profile = try r.u8(3)
        guard profile <= 2 else { throw BitstreamError.unsupported(.av1SeqProfile(Int(profile))) }
        let still = try r.flag()
        let reduced = try r.flag()
        var timingPresent = false, decoderModelPresent = false
        var unitsInTick: UInt32? = nil, timeScale: UInt32? = nil, equal: Bool? = nil, ticksMinus1: UInt32? = nil
        var opCount = 1, opIDC0: UInt16 = 0, level0: UInt8 = 0, tier0: UInt8 = 0
        if reduced {
            level0 = try r.u8(5)
        } else {
            timingPresent = try r.flag()
            var bufferDelayLength = 0
            if timingPresent {
                unitsInTick = try r.u32()
                timeScale = try r.u32()
                equal = try r.flag()
                if equal == true { ticksMinus1 = try readUVLC(&r) }   // num_ticks_per_picture_minus_1
                decoderModelPresent = try r.flag()
                if decoderModelPresent {
                    bufferDelayLength = try r.int(5) + 1
                    try r.skip(32)       // num_units_in_decoding_tick
                    try r.skip(5 + 5)    // buffer_removal_time_length_minus_1, frame_presentation_time_length_minus_1
                }
            }
            let initialDisplayDelayPresent = try r.flag()
            opCount = try r.int(5) + 1
            for i in 0..<opCount {
                let idc = try r.u16(12)
                let level = try r.u8(5)
                let tier: UInt8 = level > 7 ? try r.u8(1) : 0
                if i == 0 { opIDC0 = idc; level0 = level; tier0 = tier }
                if decoderModelPresent {
                    if try r.flag() {    // decoder_model_present_for_this_op
                        try r.skip(bufferDelayLength * 2 + 1)  // decoder/encoder_buffer_delay, low_delay_mode_flag
                    }
                }
                if initialDisplayDelayPresent {
                    if try r.flag() { try r.skip(4) }  // initial_display_delay_minus_1
                }
            }
        }
        let widthBits = try r.int(4) + 1
        let heightBits = try r.int(4) + 1
        let maxWidth = try r.int(widthBits) + 1
        let maxHeight = try r.int(heightBits) + 1
        let frameIDNumbersPresent = reduced ? false : try r.flag()
        if frameIDNumbersPresent { try r.skip(4 + 3) }
        try r.skip(3)  // use_128x128_superblock, enable_filter_intra, enable_intra_edge_filter
        if !reduced {
            try r.skip(4)  // enable_interintra_compound, enable_masked_compound, enable_warped_motion, enable_dual_filter
            let orderHint = try r.flag()
            if orderHint { try r.skip(2) }  // enable_jnt_comp, enable_ref_frame_mvs
            var forceScreenContentTools = 2
            if try r.flag() == false {       // seq_choose_screen_content_tools
                forceScreenContentTools = try r.int(1)
            }
            if forceScreenContentTools > 0 {
                if try r.flag() == false { try r.skip(1) }  // seq_choose_integer_mv / seq_force_integer_mv
            }
            if orderHint { try r.skip(3) }  // order_hint_bits_minus_1
        }
        try r.skip(3)  // enable_superres, enable_cdef, enable_restoration

        // color_config()
        let high = try r.flag()
        var bitDepth = high ? 10 : 8
        if profile == 2 && high { bitDepth = try r.flag() ? 12 : 10 }
        let mono = profile == 1 ? false : try r.flag()
        let descPresent = try r.flag()
        var cp = 2, tc = 2, mc = 2
        if descPresent {
            cp = try r.int(8)
            tc = try r.int(8)
            mc = try r.int(8)
        }
        var fullRange: Bool, ssx: Bool, ssy: Bool, csp: UInt8 = 0, separateUV = false
        if mono {
            fullRange = try r.flag()
            ssx = true
            ssy = true
        } else {
            if cp == 1 && tc == 13 && mc == 0 {   // BT.709 primaries, sRGB transfer, identity matrix
                fullRange = true
                ssx = false
                ssy = false
            } else {
                fullRange = try r.flag()
                switch profile {
                case 0: ssx = true; ssy = true
                case 1: ssx = false; ssy = false
                default:
                    if bitDepth == 12 {
                        ssx = try r.flag()
                        ssy = ssx ? try r.flag() : false
                    } else {
                        ssx = true
                        ssy = false
                    }
                }
                if ssx && ssy { csp = try r.u8(2) }
            }
            separateUV = try r.flag()
        }
        let filmGrain = try r.flag()
        var header = AV1SequenceHeader(
            seqProfile: profile, stillPicture: still, reducedStillPictureHeader: reduced,
            timingInfoPresent: timingPresent, numUnitsInDisplayTick: unitsInTick, timeScale: timeScale,
            equalPictureInterval: equal, decoderModelInfoPresent: decoderModelPresent, operatingPointsCount: opCount,
            operatingPointIDC0: opIDC0, seqLevelIdx0: level0, seqTier0: tier0, maxFrameWidth: maxWidth,
            maxFrameHeight: maxHeight, bitDepth: bitDepth, monochrome: mono, subsamplingX: ssx, subsamplingY: ssy,
            chromaSamplePosition: csp, colorDescriptionPresent: descPresent,
            colour: ColourCodes(primaries: cp, transfer: tc, matrix: mc, fullRange: fullRange),
            separateUVDeltaQ: separateUV, filmGrainParamsPresent: filmGrain)
        header.numTicksPerPictureMinus1 = ticksMinus1
        return header
    }

    /// The frame rate `timing_info()` states when pictures are equally spaced (§6.4.2:
    /// time_scale / (num_units_in_display_tick × (num_ticks_per_picture_minus_1 + 1))); nil otherwise.
    package var timingFrameRate: FrameRate? {
        guard timingInfoPresent, equalPictureInterval == true, let units = numUnitsInDisplayTick, let scale = timeScale,
              let ticks = numTicksPerPictureMinus1, ticks < UInt32.max else { return nil }
        return FrameRate(numerator: Int(scale), denominator: Int(units) * (Int(ticks) + 1))
    }

    /// `uvlc()` (§4.10.3): leading zeros then that many bits; 32 or more zeros give 2^32 − 1 (no value bits read).
    package static func readUVLC(_ r: inout BitReader) throws -> UInt32 {
        var leadingZeros = 0
        while try r.flag() == false { leadingZeros += 1 }  // bounded: flag() throws at the end of data
        if leadingZeros >= 32 { return UInt32.max }
        if leadingZeros == 0 { return 0 }
        let value = try r.bits(leadingZeros)
        return UInt32(truncatingIfNeeded: value + (UInt64(1) << UInt64(leadingZeros)) - 1)
    }
}
