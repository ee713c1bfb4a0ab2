import HDRProbeParse

/// One Dolby Vision trim: the tone-mapping adjustments an RPU carries for one target display —
/// level 2 (CM v2.9, the target named by its peak, `target_max_pq`) or level 8 (CM v4.0, the target
/// named by `target_display_index`, whose peak a level 10 block of the same index gives when the
/// display is a custom one) (`docs/rules/dolby-vision.md` §10.1). The adjustments are kept as coded
/// (12-bit, 2048 = no change); the report page lists them beside the colour-volume picture.
package struct DolbyVisionTrim: Sendable, Equatable {
    package enum Level: Int, Sendable { case l2 = 2, l8 = 8 }

    package var level: Level
    /// The target display's peak in cd/m² (L2 always; L8 when a level 10 block names the index).
    package var targetNits: Double?
    /// L8 only.
    package var targetDisplayIndex: Int?
    package var slope: Int
    package var offset: Int
    package var power: Int
    package var chromaWeight: Int
    package var saturationGain: Int
    package var msWeight: Int

    /// The trims of one RPU, L2 then L8, in coded order.
    package static func of(_ rpu: DolbyVisionRPU) -> [DolbyVisionTrim] {
        guard let dm = rpu.dm else { return [] }
        let l2 = dm.level2, l8 = dm.level8
        if l2.isEmpty && l8.isEmpty { return [] }
        let custom = Dictionary(dm.level10.map { (Int($0.targetDisplayIndex), DolbyVisionPQ.nits(code: $0.targetMaxPq)) },
                                uniquingKeysWith: { a, _ in a })
        return l2.map {
            DolbyVisionTrim(level: .l2, targetNits: DolbyVisionPQ.nits(code: $0.targetMaxPq), targetDisplayIndex: nil,
                            slope: Int($0.trimSlope), offset: Int($0.trimOffset), power: Int($0.trimPower),
                            chromaWeight: Int($0.trimChromaWeight), saturationGain: Int($0.trimSaturationGain), msWeight: Int($0.msWeight))
        } + l8.map {
            DolbyVisionTrim(level: .l8, targetNits: custom[Int($0.targetDisplayIndex)], targetDisplayIndex: Int($0.targetDisplayIndex),
                            slope: Int($0.trimSlope), offset: Int($0.trimOffset), power: Int($0.trimPower),
                            chromaWeight: Int($0.trimChromaWeight), saturationGain: Int($0.trimSaturationGain), msWeight: Int($0.msWeight))
        }
    }
}
