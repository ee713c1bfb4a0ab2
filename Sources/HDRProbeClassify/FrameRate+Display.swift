/// A frame rate as displays use it: the standard rate a measured one snaps to, and whether sampled
/// timestamps show a variable rate. One type for the rate (``FrameRate``) with its formatters:
/// HLS's `FRAME-RATE` (``HLSFrameRate``, three decimals), DASH's `@frameRate` (`dashAttribute`).
///
/// Snaps a measured frame rate to the standard display rates, exactly as
/// `docs/rules/apple-playback.md` §5.2 states the rule (AetherEngine `FrameRateSnap`):
/// standard set 23.976, 24, 25, 29.97, 30, 48, 50, 59.94, 60; the film window 23.5…24.05 → 23.976
/// (24.000 included); otherwise the nearest member other than 23.976 within ±0.5, ties to the
/// lower; nothing within 0.5 → nil.
import HDRProbeParse

extension FrameRate {
    package static let standardDisplayRates: [Double] = [23.976, 24, 25, 29.97, 30, 48, 50, 59.94, 60]

    package static func snapped(_ raw: Double) -> Double? {
        guard raw.isFinite, raw > 0 else { return nil }
        if raw >= 23.5 && raw <= 24.05 { return 23.976 }
        var best: Double?
        var bestDelta = Double.infinity
        for rate in standardDisplayRates where rate != 23.976 {
            let delta = abs(raw - rate)
            if delta <= 0.5 && delta < bestDelta {
                best = rate
                bestDelta = delta
            }
        }
        return best
    }
}

/// Detects a variable frame rate from sampled presentation timestamps (decode order, in stream
/// time-base ticks): the stream is variable when a frame duration departs from the median by
/// more than 1.5 ticks and more than 2 % — Matroska's 1-ms rounding (41/42 ms for 23.976) is not
/// variability.
///
/// A bounded scan stops in decode order, so with B-frames the last few pictures in display order
/// are not read yet: the highest timestamps are dropped (the reorder window, at most 8) so that
/// the gap they leave is not mistaken for a variable rate.
extension FrameRate {
    package static func isVariable(presentationTimestamps pts: [Int64]) -> Bool {
        let deltas = durations(pts)
        guard deltas.count >= 3 else { return false }
        let median = Double(deltas.sorted()[deltas.count / 2])
        let tolerance = max(1.5, median * 0.02)
        return deltas.contains { abs(Double($0) - median) > tolerance }
    }

    /// The median frame duration of the sampled timestamps, in ticks (nil with fewer than 2).
    package static func medianDuration(presentationTimestamps pts: [Int64]) -> Int64? {
        let deltas = durations(pts)
        return deltas.isEmpty ? nil : deltas.sorted()[deltas.count / 2]
    }

    /// Positive steps between display-ordered timestamps, after dropping the reorder tail.
    package static func durations(_ pts: [Int64]) -> [Int64] {
        let sorted = displayOrdered(pts)
        guard sorted.count >= 2 else { return [] }
        return zip(sorted.dropFirst(), sorted).compactMap { $0 > $1 ? $0 - $1 : nil }
    }
}
