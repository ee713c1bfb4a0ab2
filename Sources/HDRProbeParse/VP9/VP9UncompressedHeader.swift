import HDRProbeBytes

/// The start of a VP9 frame's `uncompressed_header()` (VP9 Bitstream & Decoding Process
/// Specification v0.6, §6.2 syntax, §7.2 semantics), read far enough for what the container may
/// not say: profile, bit depth, colour space, colour range, subsampling and the frame size.
///
/// ```
/// frame_marker f(2) = 2 ; profile_low_bit f(1) ; profile_high_bit f(1)   // Profile = (high << 1) + low
/// if Profile == 3: reserved_zero f(1)
/// show_existing_frame f(1)          // 1: no header follows
/// frame_type f(1)                   // 0 KEY_FRAME
/// show_frame f(1) ; error_resilient_mode f(1)
/// if KEY_FRAME: frame_sync_code (0x49 0x83 0x42) ; color_config() ; frame_size()
/// color_config(): if Profile >= 2: ten_or_twelve_bit f(1)   // BitDepth 12 : 10, else 8
///                 color_space f(3)
///                 if color_space != CS_RGB (7): color_range f(1)
///                     if Profile 1 or 3: subsampling_x f(1), subsampling_y f(1), reserved_zero f(1)
///                     else subsampling_x = subsampling_y = 1
///                 else: color_range = 1; Profile 1 or 3: subsampling 0/0, reserved_zero f(1)
/// frame_size(): frame_width_minus_1 f(16) ; frame_height_minus_1 f(16)
/// ```
/// Only key frames carry `color_config()`; other frames are rejected with `unsupported` (the
/// caller keeps the first key frame's values). A superframe's first frame starts at byte 0.
package struct VP9UncompressedHeader: Sendable, Equatable {
    package var profile: Int
    package var bitDepth: Int
    /// `color_space` (§7.2): 0 unknown, 1 BT.601, 2 BT.709, 3 SMPTE 170, 4 SMPTE 240, 5 BT.2020, 6 reserved, 7 sRGB.
    package var colorSpace: Int
    /// `color_range`: 1 full (studio swing 0).
    package var fullRange: Bool
    package var subsamplingX: Bool
    package var subsamplingY: Bool
    package var width: Int
    package var height: Int

    package static let syncCode: UInt32 = 0x498342
    package static let colorSpaceRGB = 7

    package static func parse<C: Collection>(_ frame: C) throws -> VP9UncompressedHeader where C.Element == UInt8 {
        var r = BitReader(frame)
        guard try r.bits(2) == 2 else { throw BitstreamError.invalid(.vp9FrameMarker) }
        let low = try r.int(1), high = try r.int(1)
        let profile = (high << 1) + low
        if profile == 3, try r.flag() { throw BitstreamError.invalid(.vp9ReservedZero) }
        if try r.flag() { throw BitstreamError.unsupported(.vp9ShowExistingFrame) }
        let keyFrame = try r.bits(1) == 0
        try r.skip(2) // show_frame, error_resilient_mode
        guard keyFrame else { throw BitstreamError.unsupported(.vp9NotKeyFrame) }
        guard try r.u32(24) == syncCode else { throw BitstreamError.invalid(.vp9FrameSyncCode) }
        var h = VP9UncompressedHeader(profile: profile, bitDepth: 8, colorSpace: 0, fullRange: false,
                                      subsamplingX: true, subsamplingY: true, width: 0, height: 0)
        if profile >= 2 { h.bitDepth = try r.flag() ? 12 : 10 }
        h.colorSpace = try r.int(3)
        let oddProfile = profile == 1 || profile == 3
        if h.colorSpace != colorSpaceRGB {
            h.fullRange = try r.flag()
            if oddProfile {
                h.subsamplingX = try r.flag()
                h.subsamplingY = try r.flag()
                try r.skip(1)
            }
        } else {
            h.fullRange = true
            h.subsamplingX = false
            h.subsamplingY = false
            if oddProfile { try r.skip(1) }
        }
        h.width = try r.int(16) + 1
        h.height = try r.int(16) + 1
        return h
    }

    /// `4:2:0`, `4:2:2`, `4:4:0` or `4:4:4`.
    package var chromaSubsampling: String {
        switch (subsamplingX, subsamplingY) {
        case (true, true): return "4:2:0"
        case (true, false): return "4:2:2"
        case (false, true): return "4:4:0"
        case (false, false): return "4:4:4"
        }
    }

    /// The `vpcC` / codecs-parameter chroma code (VP Codec ISO Media File Format Binding): 4:2:0 is
    /// given as 1 (colocated with luma (0,0), the binding's default) because the frame header does not
    /// say where chroma is sited; 2 for 4:2:2, 3 for 4:4:4; nil for 4:4:0, which the binding cannot name.
    package var codecStringChroma: Int? {
        switch (subsamplingX, subsamplingY) {
        case (true, true): return 1
        case (true, false): return 2
        case (false, false): return 3
        case (false, true): return nil
        }
    }

    /// H.273 matrix coefficients for `color_space` (nil for unknown / reserved): BT.601 and SMPTE 170 → 6,
    /// BT.709 → 1, SMPTE 240 → 7, BT.2020 → 9 (non-constant luminance), sRGB → 0 (identity).
    package var matrixCoefficients: Int? {
        [1: 6, 2: 1, 3: 6, 4: 7, 5: 9, 7: 0][colorSpace]
    }
}
