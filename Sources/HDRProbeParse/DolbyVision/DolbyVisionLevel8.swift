import HDRProbeBytes

/// Dolby Vision extension block level 8 (CM v4.0): trims for one target display.
///
/// `docs/rules/dolby-vision.md` §10.1: length 10, 12, 13, 19 or 25 bytes. `target_display_index`
/// 8, then `trim_slope`, `trim_offset`, `trim_power`, `trim_chroma_weight`, `trim_saturation_gain`,
/// `ms_weight` 12 bits each; when the length is above 10 `target_mid_contrast` 12; above 12
/// `clip_trim` 12; above 13 `saturation_vector_field0…5` 8 each; above 19 `hue_vector_field0…5`
/// 8 each; zero padding to the length. Up to 5 per RPU; order kept as coded
/// (`unordered_l8_blocks.bin`).
package struct DolbyVisionLevel8: DolbyVisionExtBlockPayload {
    package static let level: UInt8 = 8
    package static let lengths: [Int] = [10, 12, 13, 19, 25]

    /// The coded length (10, 12, 13, 19 or 25): which optional fields are present.
    package var length: Int
    package var targetDisplayIndex: UInt8
    package var trimSlope: UInt16
    package var trimOffset: UInt16
    package var trimPower: UInt16
    package var trimChromaWeight: UInt16
    package var trimSaturationGain: UInt16
    package var msWeight: UInt16
    package var targetMidContrast: UInt16?
    package var clipTrim: UInt16?
    /// Six values when present.
    package var saturationVectorField: [UInt8]?
    /// Six values when present.
    package var hueVectorField: [UInt8]?

    package init(payload: [UInt8]) throws {
        try Self.checkLength(payload)
        var r = BitReader(payload)
        length = payload.count
        targetDisplayIndex = try r.u8()
        trimSlope = try r.u16(12)
        trimOffset = try r.u16(12)
        trimPower = try r.u16(12)
        trimChromaWeight = try r.u16(12)
        trimSaturationGain = try r.u16(12)
        msWeight = try r.u16(12)
        if length > 10 { targetMidContrast = try r.u16(12) }
        if length > 12 { clipTrim = try r.u16(12) }
        if length > 13 { saturationVectorField = try (0..<6).map { _ in try r.u8() } }
        if length > 19 { hueVectorField = try (0..<6).map { _ in try r.u8() } }
    }

    /// The target display's peak as dovi_tool's `info` names it (§10.1): index 16/18/21 → 48,
    /// 42 → 108, 24/25 → 300, 27/28 → 600, 48/49 → 1000, 37/38 → 2000, anything else → 100 cd/m².
    package var targetDisplayNits: Int {
        switch targetDisplayIndex {
        case 16, 18, 21: return 48
        case 42: return 108
        case 24, 25: return 300
        case 27, 28: return 600
        case 48, 49: return 1000
        case 37, 38: return 2000
        default: return 100
        }
    }
}
