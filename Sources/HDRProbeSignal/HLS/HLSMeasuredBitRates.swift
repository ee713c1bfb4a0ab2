/// A Media Playlist's bit rates measured as Apple defines them (`docs/rules/hls-presentation.md` §2;
/// HLS authoring specification, "Bit rates"): a segment's bit rate is its size × 8 / EXTINF; the
/// peak is the largest bit rate of any contiguous run of segments lasting between 0.5 and 1.5
/// target durations (plus 0.5 s); the average is the playlist's bits over its duration. Each
/// discontinuity domain is measured on its own, since a discontinuity may change the encoding.
package struct HLSMeasuredBitRates: Sendable, Equatable {
    /// One segment's share: its size in bytes and EXTINF duration.
    package struct Segment: Sendable, Equatable {
        package var bytes: Int
        package var duration: Double
        /// `#EXT-X-DISCONTINUITY` before it: a new domain starts.
        package var discontinuity: Bool

        package init(bytes: Int, duration: Double, discontinuity: Bool = false) {
            self.bytes = bytes
            self.duration = duration
            self.discontinuity = discontinuity
        }
    }

    /// One discontinuity domain's measure.
    package struct Domain: Sendable, Equatable {
        /// Index of its first segment in the playlist.
        package var firstSegment: Int
        package var segmentCount: Int
        /// Bits per second.
        package var peak: Int
        package var average: Int
    }

    package var domains: [Domain]

    /// The largest peak of any domain.
    package var peak: Int { domains.map(\.peak).max() ?? 0 }
    /// The average over the whole playlist's duration.
    package var average: Int

    package init(segments: [Segment], targetDuration: Double) {
        var domains: [Domain] = []
        var start = 0
        for i in segments.indices where i > start && segments[i].discontinuity {
            domains.append(Self.measure(segments, start..<i, targetDuration: targetDuration))
            start = i
        }
        if start < segments.count { domains.append(Self.measure(segments, start..<segments.count, targetDuration: targetDuration)) }
        self.domains = domains
        let seconds = segments.reduce(0) { $0 + $1.duration }
        average = seconds > 0 ? Int((Double(segments.reduce(0) { $0 + $1.bytes }) * 8 / seconds).rounded()) : 0
    }

    static func measure(_ segments: [Segment], _ range: Range<Int>, targetDuration: Double) -> Domain {
        let low = 0.5 * targetDuration, high = 1.5 * targetDuration + 0.5
        var peak = 0.0
        var bytes = 0, seconds = 0.0
        for i in range {
            bytes += segments[i].bytes
            seconds += segments[i].duration
            var runBytes = 0, runSeconds = 0.0
            for j in i..<range.upperBound {
                runBytes += segments[j].bytes
                runSeconds += segments[j].duration
                if runSeconds > high { break }
                if runSeconds >= low { peak = max(peak, Double(runBytes) * 8 / runSeconds) }
            }
        }
        // No run fits the window (a domain shorter than half a target duration, or segments
        // longer than the window): the largest segment bit rate stands for the peak.
        if peak == 0 {
            for i in range where segments[i].duration > 0 {
                peak = max(peak, Double(segments[i].bytes) * 8 / segments[i].duration)
            }
        }
        return Domain(firstSegment: range.lowerBound, segmentCount: range.count, peak: Int(peak.rounded()),
                      average: seconds > 0 ? Int((Double(bytes) * 8 / seconds).rounded()) : 0)
    }
}
