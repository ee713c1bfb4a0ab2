import HDRProbeBytes

/// Dolby Vision extension block level 10 (CM v4.0): a custom target display.
///
/// `docs/rules/dolby-vision.md` §10.1: length 5 (`target_display_index` 8, `target_max_pq` 12,
/// `target_min_pq` 12, `target_primary_index` 8) or 21 (the same, then 8 × 16-bit chromaticities).
/// Up to 4 per RPU.
package struct DolbyVisionLevel10: DolbyVisionExtBlockPayload {
    package static let level: UInt8 = 10
    package static let lengths: [Int] = [5, 21]

    package var targetDisplayIndex: UInt8
    package var targetMaxPq: UInt16
    package var targetMinPq: UInt16
    package var targetPrimaryIndex: UInt8
    /// Present in the 21-byte form.
    package var targetPrimaries: DolbyVisionChromaticities?

    package init(payload: [UInt8]) throws {
        try Self.checkLength(payload)
        var r = BitReader(payload)
        targetDisplayIndex = try r.u8()
        targetMaxPq = try r.u16(12)
        targetMinPq = try r.u16(12)
        targetPrimaryIndex = try r.u8()
        if payload.count == 21 { targetPrimaries = try DolbyVisionChromaticities(&r) }
    }
}
