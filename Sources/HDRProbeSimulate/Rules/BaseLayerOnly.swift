import HDRProbeModel

/// The player setting `dolbyVisionHandling = baseLayerOnly` (`docs/rules/players.md` §3): the base
/// layer of a Dolby Vision source plays, without the record or SUPPLEMENTAL-CODECS; profile 5 style
/// content, which has no base layer to show, keeps Dolby Vision. Players without the setting
/// ignore it.
package enum BaseLayerOnly {
    /// The outcome note when the base layer plays; nil when Dolby Vision takes its usual route.
    package static func apply(_ sim: inout PlaybackSimulation, dv: DolbyVisionProfile) -> String? {
        let player = sim.player
        sim.relyPlayer(player.baseLayerOnly, "base-layer-only setting")
        guard player.baseLayerOnly.value else {
            sim.because("\(player.name) has no base-layer-only setting; dolbyVisionHandling is ignored (players.md §3).", cause: false)
            return nil
        }
        guard dv.hasCompatibleBaseLayer else {
            sim.because("baseLayerOnly keeps Dolby Vision \(dv.string): it has no base layer to show (players.md §3).", cause: false)
            return nil
        }
        sim.because("dolbyVisionHandling = baseLayerOnly: \(player.name) plays the \(sim.input.videoRange.rawValue) base layer without the Dolby Vision record or SUPPLEMENTAL-CODECS (players.md §3).")
        return "DV off: base layer only"
    }
}
