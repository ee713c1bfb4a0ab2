import HDRProbeModel

/// Before the Dolby Vision route: a profile 5 record whose own RPUs read profile 7 (a residual or
/// an NLQ, which profile 5 cannot carry) is routed as profile 7 by a player that believes the RPU
/// over the record (`docs/rules/players.md` §2.2). Players without the rule route the record as
/// it stands, as before.
package enum ContradictedRecord {
    /// True when the player routes the stream as profile 7 (``PlaybackSimulation/dolbyVision`` then says 7).
    package static func route(_ sim: inout PlaybackSimulation) -> Bool {
        guard let dv = sim.input.dolbyVision, dv.profile == 5, !dv.fromRPU, sim.input.rpuProfile == 7 else { return false }
        let player = sim.player
        sim.relyPlayer(player.dvContradictedRecord, "routing a contradicted record")
        guard player.dvContradictedRecord.value else { return false }
        sim.dolbyVision = DolbyVisionProfile(profile: 7, compatibilityId: 6, fromRPU: true)
        sim.because("The Dolby Vision profile 5 record is contradicted by its own RPU (profile 7: a residual / NLQ, which profile 5 cannot carry); \(player.name) routes it as profile 7 (players.md §2.2).",
                    cause: false)
        return true
    }
}
