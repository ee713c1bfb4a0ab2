import HDRProbeBytes

/// The leading VUI fields that H.264 (§E.1.1) and H.265 (§E.2.1) share bit for bit:
///
/// ```
/// aspect_ratio_info_present_flag u(1) [aspect_ratio_idc u(8) [== 255: sar_width u(16) sar_height u(16)]]
/// overscan_info_present_flag u(1) [overscan_appropriate_flag u(1)]
/// video_signal_type_present_flag u(1) [video_format u(3) video_full_range_flag u(1)
///     colour_description_present_flag u(1) [colour_primaries u(8) transfer_characteristics u(8) matrix_coeffs u(8)]]
/// chroma_loc_info_present_flag u(1) [chroma_sample_loc_type_top_field ue chroma_sample_loc_type_bottom_field ue]
/// ```
/// The colour code points are ITU-T H.273's.
package struct VUIVideoSignalInfo: Sendable, Equatable {
    package var aspectRatioIDC: UInt8?
    package var sarWidth: UInt16?
    package var sarHeight: UInt16?
    package var overscanAppropriate: Bool?
    /// Present when video_signal_type_present_flag is 1.
    package var videoFormat: UInt8?
    package var videoFullRangeFlag: Bool?
    package var colourDescriptionPresent = false
    package var colourPrimaries: UInt8?
    package var transferCharacteristics: UInt8?
    package var matrixCoefficients: UInt8?
    package var chromaSampleLocTypeTopField: UInt32?
    package var chromaSampleLocTypeBottomField: UInt32?

    package init() {}

    /// The colour code points and range as ``ColourCodes`` (nil members where not signalled).
    package var colour: ColourCodes {
        ColourCodes(primaries: colourPrimaries.map(Int.init), transfer: transferCharacteristics.map(Int.init),
                    matrix: matrixCoefficients.map(Int.init), fullRange: videoFullRangeFlag)
    }

    package static func parse(_ r: inout BitReader) throws -> VUIVideoSignalInfo {
        var v = VUIVideoSignalInfo()
        if try r.flag() {
            let idc = try r.u8()
            v.aspectRatioIDC = idc
            if idc == 255 {
                v.sarWidth = try r.u16()
                v.sarHeight = try r.u16()
            }
        }
        if try r.flag() { v.overscanAppropriate = try r.flag() }
        if try r.flag() {
            v.videoFormat = try r.u8(3)
            v.videoFullRangeFlag = try r.flag()
            v.colourDescriptionPresent = try r.flag()
            if v.colourDescriptionPresent {
                v.colourPrimaries = try r.u8()
                v.transferCharacteristics = try r.u8()
                v.matrixCoefficients = try r.u8()
            }
        }
        if try r.flag() {
            v.chromaSampleLocTypeTopField = try r.ue()
            v.chromaSampleLocTypeBottomField = try r.ue()
        }
        return v
    }
}
