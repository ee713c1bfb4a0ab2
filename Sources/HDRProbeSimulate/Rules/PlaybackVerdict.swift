import HDRProbeModel

/// Rule step 6: what is shown, whether it is tone-mapped, the conversion the player made, the
/// outcome's one line and its status (`plays`, or `degraded` when tone-mapped, on the software
/// path, without Dolby Vision where the content has it, with a lossy conversion, or with judder;
/// `docs/rules/devices.md` §7; `docs/rules/players.md` §2.1: what a conversion costs).
package enum PlaybackVerdict {
    package static func finish(_ sim: inout PlaybackSimulation, shown: OutputRange, range: ContentRange.Result,
                       dolbyVision: DolbyVisionRoute.Result) -> PlaybackOutcome {
        let dolbyVisionNote = dolbyVision.note
        let content = range.content
        let conversion = converted(&sim, dolbyVision.conversion, shown: shown)
        let toneMapped = (shown == .sdr && content != .sdr) || (range.profile5 && shown != .dolbyVision)
            || sim.outcome.output?.toneMapped == true
        sim.outcome.output = PlaybackOutcome.Output(range: shown, toneMapped: toneMapped)
        var line = shown.label + (conversion.map { " " + $0.label } ?? "") + (toneMapped ? " tone-mapped" : "")
        if let dolbyVisionNote, sim.input.dolbyVision != nil { line += " (\(dolbyVisionNote))" }
        if content == .dolbyVision && [.hdr10, .hlg].contains(shown) && !range.profile5 { line += " (DV on a non-DV mode)" }
        if sim.outcome.pipeline == .software { line = "SW decode · " + line }
        if let c = sim.outcome.criteria { line += " · \(PlaybackSimulator.hz(c.refresh))" + (c.judder ? " judder" : "") }
        sim.outcome.outcome = line
        let degraded = toneMapped || sim.outcome.pipeline == .software || dolbyVisionNote != nil || sim.outcome.criteria?.judder == true
            || (content == .dolbyVision && shown != .dolbyVision) || conversion.map { !$0.lossless } == true
        sim.outcome.status = degraded ? .degraded : .plays
        sim.outcome.conversion = conversion
        sim.outcome.reasons = sim.reasons
        sim.outcome.causes = sim.causes
        sim.outcome.uncertain = Array(Set(sim.uncertain)).sorted()
        return sim.outcome
    }

    /// The conversion when Dolby Vision reaches the panel; without a Dolby Vision mode the player
    /// strips the record instead and converts nothing (`docs/rules/players.md` §2.1).
    package static func converted(_ sim: inout PlaybackSimulation, _ conversion: PlaybackConversion?, shown: OutputRange) -> PlaybackConversion? {
        guard let conversion else { return nil }
        guard shown == .dolbyVision else {
            sim.because("Dolby Vision \(conversion.from) is not converted without a Dolby Vision mode: \(sim.player.name) plays the base layer (players.md §2.1).",
                        cause: false)
            return nil
        }
        sim.because("\(sim.player.name) converts Dolby Vision \(conversion.from)\(conversion.recordContradicted ? " (the RPU's profile)" : "") to \(conversion.to) on the way to the decoder: the RPU as dovi_tool -m 2, the enhancement layer dropped — \(conversion.cost) (players.md §2.1).",
                    cause: !conversion.lossless)
        return conversion
    }
}
