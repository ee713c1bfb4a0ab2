import HDRProbeBytes

/// Dolby Vision extension block level 2 (CM v2.9): trims for one target display.
///
/// `docs/rules/dolby-vision.md` §10.1 (length 11 bytes: `target_max_pq`, `trim_slope`,
/// `trim_offset`, `trim_power`, `trim_chroma_weight`, `trim_saturation_gain` 12 bits each,
/// `ms_weight` 13 bits in two's complement — a coded value above 4095 means value − 8192, valid
/// −1…4095 — then 3 padding bits). dovi_tool's "L2 trims: N nits" lists pq2nits(target_max_pq / 4095)
/// (§14, `tests/rpu/info.rs`).
package struct DolbyVisionLevel2: DolbyVisionExtBlockPayload {
    package static let level: UInt8 = 2
    package static let lengths: [Int] = [11]

    package var targetMaxPq: UInt16
    package var trimSlope: UInt16
    package var trimOffset: UInt16
    package var trimPower: UInt16
    package var trimChromaWeight: UInt16
    package var trimSaturationGain: UInt16
    /// Signed: the coded 13-bit value, minus 8192 when above 4095.
    package var msWeight: Int16

    package init(targetMaxPq: UInt16, trimSlope: UInt16, trimOffset: UInt16, trimPower: UInt16,
                trimChromaWeight: UInt16, trimSaturationGain: UInt16, msWeight: Int16) {
        self.targetMaxPq = targetMaxPq
        self.trimSlope = trimSlope
        self.trimOffset = trimOffset
        self.trimPower = trimPower
        self.trimChromaWeight = trimChromaWeight
        self.trimSaturationGain = trimSaturationGain
        self.msWeight = msWeight
    }

    package init(payload: [UInt8]) throws {
        try Self.checkLength(payload)
        var r = BitReader(payload)
        let fields = try (0..<6).map { _ in try r.u16(12) }
        let ms = Int16(try r.u16(13))
        self.init(targetMaxPq: fields[0], trimSlope: fields[1], trimOffset: fields[2], trimPower: fields[3],
                  trimChromaWeight: fields[4], trimSaturationGain: fields[5], msWeight: ms > 4095 ? ms - 8192 : ms)
    }

    /// The target display's peak in cd/m² (ST 2084 of `target_max_pq` / 4095, §10.3).
    package var targetMaxNits: Double { DolbyVisionPQ.nits(code: targetMaxPq) }
}
