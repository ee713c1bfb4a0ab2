import HDRProbeModel

/// The Dolby Vision profile 7 route of the player (`docs/rules/players.md` §2.1, §2.3): converted to
/// 8.1 on the way to the decoder (the RPU as `dovi_tool -m 2`, the enhancement layer dropped), or
/// handed whole to a device whose decoder takes profile 7. Nil for a player that plays the base
/// layer: the policy's verdict on profile 7 decides then, as for any profile.
package enum Profile7Route {
    package struct Route {
        /// The profile class the device's decoder gets.
        package var profileClass: String
        package var conversion: PlaybackConversion?
    }

    package static func route(_ sim: inout PlaybackSimulation, recordContradicted: Bool) -> Route? {
        let player = sim.player
        sim.relyPlayer(player.dvProfile7, "profile 7 handling")
        switch player.dvProfile7.value {
        case .baseLayer:
            return nil
        case .convertTo81:
            let layer = sim.input.enhancementLayer
            return Route(profileClass: "8.1",
                         conversion: PlaybackConversion(kind: .dolbyVisionProfile7To81, from: "7", to: "8.1", recordContradicted: recordContradicted,
                                                        enhancementLayer: layer, lossless: layer == .mel))
        case .device:
            sim.because("\(player.name) hands profile 7 (base and enhancement layer) to \(sim.device.name)'s Dolby Vision decoder (players.md §2.3).",
                        cause: false)
            if sim.input.enhancementLayer == .fel {
                // The one device that takes profile 7 is reported to use the base layer and RPU only.
                sim.uncertain.append("\(sim.device.name): whether a FEL refinement is applied (players.md §2.3)")
            }
            return Route(profileClass: "7")
        }
    }
}
