import HDRProbeParse

/// The frame rate sampled presentation timestamps state (`frameRate.source` `timestamps`), for a
/// stream whose container declares none (`docs/report-contract.md`, frame rate).
///
/// A timestamp is a whole number of clock ticks, so an interval is known to a tick. On a fine
/// clock (a frame lasts at least ``fineClockTicks`` ticks: MP4's 90 kHz, TS's 90 kHz) the median
/// interval is the rate. On a coarse clock — Matroska's usual 1 ms, where 29.97 fps is 33 or 34 ms
/// — one interval is not: the rate is the standard rate every sampled timestamp lies within a tick
/// of, else the mean over the sampled span when that span is long enough to state it to 1 %,
/// else none (libwebm's two-frame test files are 2 ms apart: anything from 333 to 1000 fps).
/// One interval (two timestamps) never states a rate.
extension FrameRate {
    /// At or above this many ticks per frame, one tick is under 1 % of a frame.
    package static let fineClockTicks: Int64 = 100

    /// The rates a coarse clock is matched against: the display rates (`standardDisplayRates`) as
    /// exact rationals, and the high-frame-rate family.
    package static let timestampCandidates: [(Int, Int)] = [
        (24000, 1001), (24, 1), (25, 1), (30000, 1001), (30, 1), (48, 1), (50, 1), (60000, 1001), (60, 1),
        (100, 1), (120000, 1001), (120, 1),
    ]

    /// `timeBase`: seconds per tick as numerator / denominator.
    package static func fromTimestamps(_ pts: [Int64], timeBaseNumerator: Int, timeBaseDenominator: Int) -> FrameRate? {
        guard timeBaseNumerator > 0, timeBaseDenominator > 0 else { return nil }
        let deltas = durations(pts)
        guard deltas.count >= 2, let median = medianDuration(presentationTimestamps: pts), median > 0 else { return nil }
        if median >= fineClockTicks || isVariable(presentationTimestamps: pts) {
            return FrameRate(numerator: timeBaseDenominator, denominator: Int(median) * timeBaseNumerator)
        }
        let times = displayOrdered(pts)
        guard let first = times.first, let last = times.last, last > first else { return nil }
        // Rounding and truncation both keep every timestamp within a tick of the true time; of the
        // rates that fit so, the one nearest the least-squares slope (which truncation does not bias).
        let slope = Self.leastSquaresSlope(times)
        var best: (rate: FrameRate, distance: Double)?
        for (n, d) in timestampCandidates {
            // Ticks per frame at n/d fps.
            let ticks = Double(timeBaseDenominator) * Double(d) / (Double(timeBaseNumerator) * Double(n))
            let error = times.enumerated().map { abs(Double($0.element - first) - Double($0.offset) * ticks) }.max() ?? .infinity
            let distance = abs(ticks - slope)
            if error <= 1, distance < (best?.distance ?? .infinity), let rate = FrameRate(numerator: n, denominator: d) {
                best = (rate, distance)
            }
        }
        if let best { return best.rate }
        let span = last - first
        guard span >= fineClockTicks else { return nil }
        return FrameRate(numerator: (times.count - 1) * timeBaseDenominator, denominator: Int(span) * timeBaseNumerator)
    }

    /// Ticks per frame fitted to the timestamps (frame index against time).
    static func leastSquaresSlope(_ times: [Int64]) -> Double {
        let n = Double(times.count)
        let meanK = (n - 1) / 2
        let meanT = times.reduce(0.0) { $0 + Double($1) } / n
        var num = 0.0, den = 0.0
        for (k, t) in times.enumerated() {
            num += (Double(k) - meanK) * (Double(t) - meanT)
            den += (Double(k) - meanK) * (Double(k) - meanK)
        }
        return den > 0 ? num / den : 0
    }

    /// The sampled timestamps in display order without the reorder tail (as ``durations(_:)``).
    static func displayOrdered(_ pts: [Int64]) -> [Int64] {
        var sorted = pts.sorted()
        sorted.removeLast(min(8, sorted.count / 4))
        return sorted
    }
}
