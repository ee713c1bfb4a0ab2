import HDRProbeParse
import HDRProbeModel
import HDRProbeClassify

/// Rule step 5 on an HDMI player (Apple TV): the display mode and refresh rate Match Content
/// picks, what the panel shows in that mode, and judder (`docs/rules/devices.md` §8, Match Content
/// semantics; `docs/rules/apple-playback.md` §5, §6: frame-rate snapping, display criteria).
package enum DisplayCriteria {
    package static func apply(_ sim: inout PlaybackSimulation, range: ContentRange.Result) -> OutputRange {
        let device = sim.device, display = sim.display, content = range.content
        let match = device.matchContent.value
        sim.rely(device.matchContent, "Match Content")
        let rangeMatching = sim.target.matchDynamicRange && match == .rangeAndRate
        let rateMatching = sim.target.matchFrameRate && match != .none
        let snapped = FrameRate.snapped(sim.fps) ?? sim.fps
        let (mode, requestedRange) = self.mode(&sim, range: range, rangeMatching: rangeMatching, snapped: snapped, match: match)
        let dvOnOtherMode = content == .dolbyVision && mode != .dolbyVision
        let shown = dvOnOtherMode ? display.shown(range.base == .sdr ? .hdr10 : range.base, in: mode)
            : display.shown(content, in: mode)
        if dvOnOtherMode {
            sim.because("Dolby Vision content on a \(mode.rawValue) mode plays as \(shown == .sdr ? "SDR" : "its \(shown.rawValue) base (static metadata)"); tvOS does not convert Dolby Vision to HDR10+ (devices.md §7, MR).")
        }
        let (refresh, requestedRefresh) = self.refresh(&sim, mode: mode, rangeMatching: rangeMatching,
                                                       rateMatching: rateMatching, snapped: snapped)
        let ratio = refresh / sim.fps
        let judder = abs(ratio - ratio.rounded()) > 0.005 || ratio < 0.99
        if judder {
            sim.because("\(HLSFrameRate(framesPerSecond: sim.fps)?.string ?? "?") fps at \(PlaybackSimulator.hz(refresh)) is uneven (judder).")
        }
        sim.outcome.criteria = PlaybackOutcome.Criteria(requestedRange: requestedRange, requestedRefresh: requestedRefresh,
                                                        mode: mode, refresh: refresh, judder: judder)
        return shown
    }

    /// Match Dynamic Range: the mode the player asks for and the one the display takes; without
    /// it the Apple TV stays in the format with the highest refresh rate.
    package static func mode(_ sim: inout PlaybackSimulation, range: ContentRange.Result, rangeMatching: Bool, snapped: Double,
                     match: PlayerDevice.MatchContent) -> (mode: OutputRange, requested: OutputRange?) {
        let display = sim.display, content = range.content
        guard rangeMatching else {
            let mode = display.defaultMode.range
            let player = sim.device.kind == .appletv ? "the Apple TV" : sim.device.name
            sim.because("Match Dynamic Range \(match == .rangeAndRate ? "off" : "absent"): \(player) stays in the format with the highest refresh rate, \(mode.rawValue) at \(Int(display.defaultMode.refresh)) Hz (HT208288, devices.md §8).",
                        cause: mode != content.mode)
            return (mode, nil)
        }
        var mode = display.bestMatch(for: content, base: range.base).mode
        if let top = display.maxRefresh(mode), snapped > top + 0.01, mode == .dolbyVision {
            mode = .hdr10
            sim.because("\(display.name) takes Dolby Vision only up to \(Int(top)) Hz; \(HLSFrameRate(framesPerSecond: sim.fps)?.string ?? "") fps content gets HDR10 (HT208288).")
        }
        sim.because("Match Dynamic Range: the player asks for \(content.mode.rawValue); the display takes \(mode.rawValue) (devices.md §8).",
                    cause: mode != content.mode)
        return (mode, content.mode)
    }

    /// Match Frame Rate: the refresh rate the display switches to, when it has that mode.
    package static func refresh(_ sim: inout PlaybackSimulation, mode: OutputRange, rangeMatching: Bool, rateMatching: Bool,
                        snapped: Double) -> (refresh: Double, requested: Double?) {
        let display = sim.display
        var refresh = display.maxRefresh(mode) ?? display.defaultMode.refresh
        sim.relyDisplay(display.refreshRates, "refresh rates")
        if rateMatching {
            if display.refreshRates.value.contains(where: { abs($0 - snapped) < 0.01 }), snapped <= refresh + 0.01 {
                refresh = snapped
                sim.because("Match Frame Rate: the display switches to \(PlaybackSimulator.hz(snapped)) (apple-playback.md §5.2 snap).", cause: false)
            } else {
                sim.because("Match Frame Rate asks for \(PlaybackSimulator.hz(snapped)) but \(display.name) has no such mode in \(mode.rawValue); it stays at \(PlaybackSimulator.hz(refresh)).")
            }
            return (refresh, snapped)
        }
        if !rangeMatching { return (display.defaultMode.refresh, nil) }
        sim.because("Match Frame Rate off: the refresh rate stays at \(PlaybackSimulator.hz(refresh)).", cause: false)
        return (refresh, nil)
    }
}
