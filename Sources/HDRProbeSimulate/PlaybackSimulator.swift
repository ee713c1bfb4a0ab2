import HDRProbeModel

/// Decides what a target does with a stream as a sequence of named rule steps, each citing its
/// rule (`docs/rules/apple-playback.md` §1, §4–§7: Dolby Vision routes and refusals, VIDEO-RANGE,
/// frame-rate snapping, display criteria, native vs software decode; `docs/rules/devices.md` §1–§8:
/// device rows, what an Apple TV does with each TV family, Match Content semantics;
/// `docs/rules/players.md` §2–§5: what the player converts, believes, carries and decodes itself):
/// ``DecodeRoute`` → ``DolbyVisionRoute`` → ``OutputPipeline`` → ``ContentRange`` → the display
/// (``DisplayCriteria`` on HDMI, the built-in panel otherwise) → ``PlaybackVerdict``. Each reason
/// names its rule.
package enum PlaybackSimulator {
    package static func simulate(_ input: PlaybackInput, target: PlaybackTarget, catalog: DeviceCatalog) -> PlaybackOutcome? {
        guard let device = catalog.device(target.device), let player = catalog.player(target.player),
              let display = catalog.display(target.display) else { return nil }
        return simulate(input, target: target, device: device, player: player, display: display)
    }

    package static func simulate(_ input: PlaybackInput, target: PlaybackTarget, device: PlayerDevice, player: PlaybackPlayer,
                                display: DisplayProfile) -> PlaybackOutcome {
        var sim = PlaybackSimulation(input: input, target: target, device: device, player: player, display: display)
        do throws(PlaybackStop) {
            let decode = try DecodeRoute.decide(&sim)
            let dolbyVision = try DolbyVisionRoute.decide(&sim, decode: decode)
            OutputPipeline.apply(&sim, decode: decode, dolbyVision: dolbyVision)
            let range = ContentRange.resolve(&sim, dolbyVisionEngages: dolbyVision.engageable)
            let shown = onDisplay(&sim, range: range)
            return PlaybackVerdict.finish(&sim, shown: shown, range: range, dolbyVision: dolbyVision)
        } catch {
            return error.outcome
        }
    }

    /// Rule step 5: the range the display shows — Match Content on an HDMI player, the built-in
    /// panel's own HDR engagement otherwise — and the profile 5 tone-mapping note.
    package static func onDisplay(_ sim: inout PlaybackSimulation, range: ContentRange.Result) -> OutputRange {
        var shown = sim.display.bestMatch(for: range.content, base: range.base)
        sim.relyDisplay(sim.display.modes, "modes")
        if sim.device.output == .hdmi {
            shown = DisplayCriteria.apply(&sim, range: range)
        } else if shown != range.content {
            sim.because("The built-in panel shows \(shown.rawValue) for \(range.content.rawValue) content (it engages HDR on demand; devices.md §2).")
        } else if range.content != .sdr {
            sim.because("The built-in panel engages \(range.content.rawValue) on demand (devices.md §2).", cause: false)
        }
        if range.profile5 && range.content == .hdr10 && sim.device.dolbyVision.value && sim.input.dolbyVisionAccepted
            && sim.device.platform == .apple {
            sim.because("Profile 5 on a panel without Dolby Vision: the system Dolby Vision decoder tone-maps it to HDR10 (apple-playback.md §1.3, device-verified on tvOS/iOS 26.5).")
        }
        return shown
    }

    package static func hz(_ rate: Double) -> String {
        let r = (rate * 1000).rounded() / 1000
        return r == r.rounded() ? "\(Int(r)) Hz" : "\(HLSFrameRate(framesPerSecond: r)?.string ?? "\(r)") Hz"
    }
}
