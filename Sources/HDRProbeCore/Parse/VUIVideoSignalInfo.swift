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
public struct VUIVideoSignalInfo: Sendable, Equatable {
    public var aspectRatioIDC: UInt8?
    public var sarWidth: UInt16?
    public var sarHeight: UInt16?
    public var overscanAppropriate: Bool?
    /// Present when video_signal_type_present_flag is 1.
    public var videoFormat: UInt8?
    public var videoFullRangeFlag: Bool?
    public var colourDescriptionPresent = false
    public var colourPrimaries: UInt8?
    public var transferCharacteristics: UInt8?
    public var matrixCoefficients: UInt8?
    public var chromaSampleLocTypeTopField: UInt32?
    public var chromaSampleLocTypeBottomField: UInt32?

    public init() {}

    /// The colour code points and range as ``ColourCodes`` (nil members where not signalled).
    public var colour: ColourCodes {
        ColourCodes(primaries: colourPrimaries.map(Int.init), transfer: transferCharacteristics.map(Int.init),
                    matrix: matrixCoefficients.map(Int.init), fullRange: videoFullRangeFlag)
    }

    public static func parse(_ r: inout BitReader) throws -> VUIVideoSignalInfo {
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
