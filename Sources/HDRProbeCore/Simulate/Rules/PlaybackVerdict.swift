/// Rule step 6: what is shown, whether it is tone-mapped, the outcome's one line and its status
/// (`plays`, or `degraded` when tone-mapped, on the software path, without Dolby Vision where the
/// content has it, or with judder; `docs/rules/devices.md` §7).
enum PlaybackVerdict {
    static func finish(_ sim: inout PlaybackSimulation, shown: OutputRange, range: ContentRange.Result,
                       dolbyVisionNote: String?) -> PlaybackOutcome {
        let content = range.content
        let toneMapped = (shown == .sdr && content != .sdr) || (range.profile5 && shown != .dolbyVision)
            || sim.outcome.output?.toneMapped == true
        sim.outcome.output = PlaybackOutcome.Output(range: shown, toneMapped: toneMapped)
        var line = shown.label + (toneMapped ? " tone-mapped" : "")
        if let dolbyVisionNote, sim.input.dolbyVision != nil { line += " (\(dolbyVisionNote))" }
        if content == .dolbyVision && [.hdr10, .hlg].contains(shown) && !range.profile5 { line += " (DV on a non-DV mode)" }
        if sim.outcome.pipeline == .software { line = "SW decode · " + line }
        if let c = sim.outcome.criteria { line += " · \(PlaybackSimulator.hz(c.refresh))" + (c.judder ? " judder" : "") }
        sim.outcome.outcome = line
        let degraded = toneMapped || sim.outcome.pipeline == .software || dolbyVisionNote != nil || sim.outcome.criteria?.judder == true
            || (content == .dolbyVision && shown != .dolbyVision)
        sim.outcome.status = degraded ? .degraded : .plays
        sim.outcome.reasons = sim.reasons
        sim.outcome.causes = sim.causes
        sim.outcome.uncertain = Array(Set(sim.uncertain)).sorted()
        return sim.outcome
    }
}
