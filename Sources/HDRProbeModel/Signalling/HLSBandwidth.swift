
/// `BANDWIDTH` and `AVERAGE-BANDWIDTH` of a variant (`docs/rules/hls-signalling.md` §13).
///
/// RFC 8216: BANDWIDTH (REQUIRED) is the peak segment bit rate; Apple 9.13/9.14: it MUST be the
/// largest sum of peak segment bit rates of any playable combination of renditions, and
/// AVERAGE-BANDWIDTH MUST be included. No source mandates how to measure a file, so hdrprobe
/// decides (§13):
///
/// * AVERAGE-BANDWIDTH = total bytes × 8 / duration of the streams in the variant;
/// * BANDWIDTH = the maximum over 6-second windows (Apple's target duration, rule 7.5) of
///   bytes × 8 / 6, windows starting at keyframes when there are any (where segments would start),
///   else at every sample;
/// * both rounded up to an integer.
///
/// Choices §13 leaves open, made here: a file shorter than one window is one window of its own
/// duration; BANDWIDTH is never below AVERAGE-BANDWIDTH (a peak is at least the mean).
/// ``check(declared:measured:live:)`` applies APPX "Declared versus measured values of
/// bandwidths".
package struct HLSBandwidth: Sendable, Equatable, Codable {
    /// One access unit (video frame, audio packet) of any stream in the variant.
    package struct Sample: Sendable, Equatable {
        /// Decode or presentation time in seconds (one clock for all streams).
        package var time: Double
        package var size: Int
        /// A random-access point of the video (where a segment may start).
        package var isKeyframe: Bool

        package init(time: Double, size: Int, isKeyframe: Bool = false) {
            self.time = time
            self.size = size
            self.isKeyframe = isKeyframe
        }
    }

    /// AVERAGE-BANDWIDTH, bits per second.
    package var average: Int?
    /// BANDWIDTH, bits per second.
    package var peak: Int

    package init(average: Int?, peak: Int) {
        self.average = average
        self.peak = peak
    }

    /// Apple's target segment duration (rule 7.5).
    package static let windowSeconds = 6.0

    /// Measures a variant from its samples; nil without samples or with a non-positive duration.
    package static func measure(samples: [Sample], duration: Double,
                               window: Double = windowSeconds) -> HLSBandwidth? {
        guard !samples.isEmpty, duration.isFinite, duration > 0, window > 0 else { return nil }
        // Swift's sort is stable: an input already in time order stays as it is (a film's index is).
        let sorted = isInTimeOrder(samples) ? samples : samples.sorted { $0.time < $1.time }
        let totalBytes = sorted.reduce(0) { $0 + $1.size }
        let average = (Double(totalBytes) * 8 / duration).rounded(.up)
        let span = min(window, duration)
        let startsAtKeyframes = sorted.contains(where: \.isKeyframe)
        // Sliding window: for each start, the bytes of the samples with start ≤ time < start + span.
        var maxBytes = 0, end = 0, bytesInWindow = 0
        for sample in sorted {
            while end < sorted.count, sorted[end].time < sample.time + span {
                bytesInWindow += sorted[end].size
                end += 1
            }
            if !startsAtKeyframes || sample.isKeyframe { maxBytes = max(maxBytes, bytesInWindow) }
            bytesInWindow -= sample.size
        }
        let peak = max((Double(maxBytes) * 8 / span).rounded(.up), average)
        return HLSBandwidth(average: Int(average), peak: Int(peak))
    }

    /// The samples of two streams in one time order: the same order as `(a + b)` sorted by time with
    /// Swift's stable sort (on equal times `a`'s samples first), by merging when each list is already
    /// in time order (a film's two indexes: linear instead of sorting some 100,000 samples).
    package static func merged(_ a: [Sample], _ b: [Sample]) -> [Sample] {
        guard isInTimeOrder(a), isInTimeOrder(b) else { return (a + b).sorted { $0.time < $1.time } }
        var out: [Sample] = []
        out.reserveCapacity(a.count + b.count)
        var i = 0, j = 0
        while i < a.count && j < b.count {
            if b[j].time < a[i].time {
                out.append(b[j]); j += 1
            } else {
                out.append(a[i]); i += 1
            }
        }
        out += a[i...]
        out += b[j...]
        return out
    }

    package static func isInTimeOrder(_ samples: [Sample]) -> Bool {
        var previous = -Double.infinity
        for sample in samples {
            guard !(sample.time < previous) else { return false }
            previous = sample.time
        }
        return true
    }

    /// APPX tolerances: VOD — measured average within 10 % of AVERAGE-BANDWIDTH, measured peak
    /// within 10 % of BANDWIDTH, peak below 200 % of the average; live — average below 110 % of
    /// AVERAGE-BANDWIDTH, peak below 125 % of BANDWIDTH.
    package static func check(declared: HLSBandwidth, measured: HLSBandwidth, live: Bool = false) -> [HLSSignalIssue] {
        var issues: [HLSSignalIssue] = []
        func percent(_ a: Int, of b: Int) -> Int { b == 0 ? 0 : Int((Double(a) * 100 / Double(b)).rounded()) }
        if live {
            if let declaredAverage = declared.average, let average = measured.average,
               Double(average) >= 1.10 * Double(declaredAverage) {
                issues.append(HLSSignalIssue(.bandwidthLiveAverageExceeded,
                                             "Measured average \(average) b/s is \(percent(average, of: declaredAverage)) % of AVERAGE-BANDWIDTH \(declaredAverage); live streams must stay below 110 %."))
            }
            if Double(measured.peak) >= 1.25 * Double(declared.peak) {
                issues.append(HLSSignalIssue(.bandwidthPeakMismatch,
                                             "Measured peak \(measured.peak) b/s is \(percent(measured.peak, of: declared.peak)) % of BANDWIDTH \(declared.peak); live streams must stay below 125 %."))
            }
            return issues
        }
        if let declaredAverage = declared.average, let average = measured.average,
           abs(Double(average) - Double(declaredAverage)) > 0.10 * Double(declaredAverage) {
            issues.append(HLSSignalIssue(.bandwidthAverageMismatch,
                                         "Measured average \(average) b/s is \(percent(average, of: declaredAverage)) % of AVERAGE-BANDWIDTH \(declaredAverage); Apple allows ±10 %."))
        }
        if abs(Double(measured.peak) - Double(declared.peak)) > 0.10 * Double(declared.peak) {
            issues.append(HLSSignalIssue(.bandwidthPeakMismatch,
                                         "Measured peak \(measured.peak) b/s is \(percent(measured.peak, of: declared.peak)) % of BANDWIDTH \(declared.peak); Apple allows ±10 %."))
        }
        if let average = measured.average, average > 0, Double(measured.peak) >= 2 * Double(average) {
            issues.append(HLSSignalIssue(.bandwidthPeakToAverage,
                                         "Measured peak \(measured.peak) b/s is \(percent(measured.peak, of: average)) % of the measured average \(average); Apple wants below 200 %."))
        }
        return issues
    }
}
