import HDRProbeModel
import HDRProbeClassify

/// Rule step 2, the Dolby Vision route: whether Dolby Vision engages, or why not (the note of the
/// outcome line), or a refusal that ends the simulation (`docs/rules/apple-playback.md` §1.1–§1.5,
/// Dolby Vision routes and refusals; `docs/rules/devices.md` §1, primary and supplemental profiles;
/// `docs/rules/players.md` §2–§4: what the player converts, believes and carries).
package enum DolbyVisionRoute {
    package struct Result {
        /// Dolby Vision can engage on the native path.
        package var engageable = false
        /// Why it does not (shown in the outcome line), nil when it engages or there is none.
        package var note: String?
        /// The conversion the player performs when Dolby Vision engages.
        package var conversion: PlaybackConversion?
    }

    package static func decide(_ sim: inout PlaybackSimulation, decode: PlaybackOutcome.Decode) throws(PlaybackStop) -> Result {
        guard sim.input.dolbyVision != nil else { return Result() }
        let recordContradicted = ContradictedRecord.route(&sim)
        guard let dv = sim.dolbyVision else { return Result() }
        try refusals(&sim, dv: dv, decode: decode)
        let cls = DolbyVisionPolicy.profileClass(of: dv)
        if sim.target.dolbyVisionHandling == .baseLayerOnly, let note = BaseLayerOnly.apply(&sim, dv: dv) {
            return Result(note: note)
        }
        var conversion: PlaybackConversion?
        var routeClass = cls
        if dv.profile == 7, sim.input.hasDolbyVisionRecord, let p7 = Profile7Route.route(&sim, recordContradicted: recordContradicted) {
            conversion = p7.conversion
            routeClass = p7.profileClass
        } else if !sim.input.dolbyVisionAccepted {
            sim.because("Dolby Vision \(dv.string) is refused by the policy (\(sim.input.dolbyVisionVerdict?.rawValue ?? "refused")); the base layer plays (apple-playback.md §1.3).")
            return Result(note: "DV refused: \(cls)")
        }
        if !sim.input.hasDolbyVisionRecord {
            sim.because(sim.device.platform == .apple ? "Only RPUs, no configuration record: Apple players never engage Dolby Vision (apple-playback.md §1.1)."
                        : "Only RPUs, no configuration record: \(sim.player.name) is taken not to engage Dolby Vision without one (players.md §4).")
            return Result(note: "no DV record")
        }
        if let note = try containerRoute(&sim, dv: dv) { return Result(note: note) }
        var result = deviceRoute(&sim, dv: dv, profileClass: routeClass, decode: decode)
        if result.engageable { result.conversion = conversion }
        return result
    }

    /// Records AVPlayer refuses, and profiles without a compatible base layer where nothing can
    /// show them correctly.
    package static func refusals(_ sim: inout PlaybackSimulation, dv: DolbyVisionProfile,
                         decode: PlaybackOutcome.Decode) throws(PlaybackStop) {
        let device = sim.device
        if [4, 9, 20].contains(dv.profile) && sim.input.codec == VideoCodec.hevc.rawValue && device.platform == .apple
            && !(dv.profile == 20 && device.dvPrimaryProfiles.value.contains("20")) {
            sim.because("AVPlayer refuses HEVC with a Dolby Vision \(dv.string) record: 'unsupported Dolby Vision profile' (apple-playback.md §1.4).")
            sim.outcome.pipeline = .refused
            throw sim.fail("won't play: Dolby Vision \(dv.string) refused")
        }
        if !dv.hasCompatibleBaseLayer && decode == .software {
            sim.because("Dolby Vision \(dv.string) has no compatible base layer and cannot be colour-correctly decoded on the software path (apple-playback.md §1.4).")
            sim.outcome.pipeline = .refused
            throw sim.fail("won't play: DV \(dv.string) needs hardware")
        }
        if !dv.hasCompatibleBaseLayer && !device.dolbyVision.value {
            sim.rely(device.dolbyVision, "Dolby Vision decoder")
            sim.because("Without a Dolby Vision decoder the IPT-PQ-c2 picture of profile \(dv.string) is read as YCbCr: green/purple (apple-playback.md §1.3, #176).")
            sim.outcome.pipeline = .native
            sim.outcome.output = PlaybackOutcome.Output(range: .sdr, toneMapped: false)
            throw sim.fail("won't play correctly: green/purple (no DV decoder)")
        }
    }

    /// Whether Dolby Vision reaches the decoder from this container (`docs/rules/players.md` §4):
    /// a note when the base layer plays instead; profile 5 style content, which has no base layer to
    /// fall back to, shows wrong colours.
    package static func containerRoute(_ sim: inout PlaybackSimulation, dv: DolbyVisionProfile) throws(PlaybackStop) -> String? {
        let player = sim.player
        guard sim.device.dolbyVision.value, let family = ContainerFamily(format: sim.input.container) else { return nil }
        sim.relyPlayer(player.dvContainers, "Dolby Vision containers")
        guard !player.dvContainers.value.contains(family) else { return nil }
        let name = family == .matroska ? "MKV" : family == .mpegts ? "MPEG-TS" : "MP4"
        if !dv.hasCompatibleBaseLayer {
            sim.because("\(player.name) does not engage Dolby Vision from \(name) (players.md §4); profile \(dv.string) has no base layer to fall back to and shows wrong colours.")
            sim.outcome.output = PlaybackOutcome.Output(range: .sdr, toneMapped: false)
            throw sim.fail("won't play correctly: DV \(dv.string) not engaged in \(name)")
        }
        sim.because("\(player.name) does not engage Dolby Vision from \(name) (players.md §4); the base layer plays.")
        return "DV not in \(name)"
    }

    /// The device's Dolby Vision decoder, its profile routes, its level cap, the hardware path.
    package static func deviceRoute(_ sim: inout PlaybackSimulation, dv: DolbyVisionProfile, profileClass cls: String,
                            decode: PlaybackOutcome.Decode) -> Result {
        let device = sim.device
        sim.rely(device.dolbyVision, "Dolby Vision decoder")
        let routes = device.dvPrimaryProfiles.value + device.dvSupplementalProfiles.value
        sim.rely(dv.hasCompatibleBaseLayer ? device.dvSupplementalProfiles : device.dvPrimaryProfiles, "Dolby Vision \(cls) route")
        if !device.dolbyVision.value {
            sim.because("\(device.name) has no Dolby Vision decoder (devices.md); the \(sim.input.videoRange.rawValue) base layer plays.")
            return Result(note: "no DV decoder")
        }
        if !routes.contains(cls) {
            sim.because("\(device.name) takes Dolby Vision \(routes.joined(separator: ", ")) but not \(cls) (devices.md, APPLE rule 1.9).")
            return Result(note: "DV \(cls) not supported")
        }
        if let level = sim.input.dolbyVisionLevel, level > device.dvMaxLevel.value {
            sim.rely(device.dvMaxLevel, "Dolby Vision level cap")
            sim.because("Dolby Vision level \(level) is above \(device.name)'s cap of \(device.dvMaxLevel.value) (APPLE rule 1.9).")
            return Result(note: "DV level \(level) > \(device.dvMaxLevel.value)")
        }
        if decode != .hardware {
            sim.because("Dolby Vision engages only on the native hardware path (apple-playback.md §1.5).")
            return Result(note: "DV needs hardware")
        }
        return Result(engageable: true)
    }
}
