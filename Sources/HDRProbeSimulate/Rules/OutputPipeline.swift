import HDRProbeModel

/// Rule step 3, the pipeline and what the native path signals: the sample entry, and the
/// SUPPLEMENTAL-CODECS the player keeps — all of it when Dolby Vision engages on a Dolby Vision
/// panel, only an HDR10+ (`cdm4`) declaration otherwise (`docs/rules/apple-playback.md` §1.3, §2.1,
/// §3: the fallback variant and what the native path signals). A profile 7 stream converted to 8.1
/// is signalled as 8.1 (`docs/rules/players.md` §2.1). Only Apple's HLS path has these strings.
package enum OutputPipeline {
    package static func apply(_ sim: inout PlaybackSimulation, decode: PlaybackOutcome.Decode, dolbyVision: DolbyVisionRoute.Result) {
        sim.outcome.pipeline = decode == .hardware ? .native : .software
        guard sim.outcome.pipeline == .native else {
            if sim.device.platform == .apple {
                sim.because("Software decode (\(sim.input.codec)): played by the app's own decoder, not AVPlayer's native HLS path (apple-playback.md §7).")
            } else {
                sim.because("Software decode (\(sim.input.codec)): played by \(sim.player.name)'s own decoder (players.md §5).")
            }
            return
        }
        guard sim.device.platform == .apple else { return }
        let input = sim.input, engages = dolbyVision.engageable
        sim.outcome.sampleEntry = dolbyVision.conversion != nil ? "hvc1" : input.sampleEntry
        let panelDV = sim.display.supports(.dolbyVision) || sim.device.output == .builtIn
        let level = input.dolbyVisionLevel ?? 6
        let convertedCodecs = "dvh1.08.\(level < 10 ? "0" : "")\(level)/db1p"
        let codecs = dolbyVision.conversion != nil ? convertedCodecs : input.supplementalCodecs
        sim.outcome.supplementalCodecs = engages && panelDV ? codecs
            : input.supplementalCodecs.flatMap { SupplementalCodecs(parsing: $0).declaresHDR10PlusWithoutDolbyVision ? $0 : nil }
        if engages && !panelDV && codecs != nil {
            sim.because("The panel has no Dolby Vision: the player strips the record and SUPPLEMENTAL-CODECS (the fallback variant; hvc1 + dvvC fails with -11868, apple-playback.md §1.3).")
        }
    }
}
