/// Rule step 3, the pipeline and what the native path signals: the sample entry, and the
/// SUPPLEMENTAL-CODECS the player keeps — all of it when Dolby Vision engages on a Dolby Vision
/// panel, only an HDR10+ (`cdm4`) declaration otherwise (`docs/rules/apple-playback.md` §1.3, §2.1,
/// §3: the fallback variant and what the native path signals).
enum OutputPipeline {
    static func apply(_ sim: inout PlaybackSimulation, decode: PlaybackOutcome.Decode, dolbyVisionEngages: Bool) {
        sim.outcome.pipeline = decode == .hardware ? .native : .software
        guard sim.outcome.pipeline == .native else {
            sim.because("Software decode (\(sim.input.codec)): played by the app's own decoder, not AVPlayer's native HLS path (apple-playback.md §7).")
            return
        }
        let input = sim.input
        sim.outcome.sampleEntry = input.sampleEntry
        let panelDV = sim.display.supports(.dolbyVision) || sim.device.output == .builtIn
        sim.outcome.supplementalCodecs = dolbyVisionEngages && panelDV ? input.supplementalCodecs
            : input.supplementalCodecs.flatMap { SupplementalCodecs(parsing: $0).declaresHDR10PlusWithoutDolbyVision ? $0 : nil }
        if dolbyVisionEngages && !panelDV && input.supplementalCodecs != nil {
            sim.because("The panel has no Dolby Vision: the player strips the record and SUPPLEMENTAL-CODECS (the fallback variant; hvc1 + dvvC fails with -11868, apple-playback.md §1.3).")
        }
    }
}
