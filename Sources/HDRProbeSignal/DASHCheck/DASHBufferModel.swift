/// The MPEG-DASH bandwidth rule (ISO/IEC 23009-1 §5.3.5.2; `docs/rules/hls-presentation.md` §5): a
/// Representation delivered at `@bandwidth` bits per second from any segment start (a SAP), once
/// `@bandwidth` × `@minBufferTime` bits have arrived, must let every later segment be complete
/// when its playout begins. For a run of segments i…j that is
/// bits(i…j) ≤ bandwidth × (minBufferTime + duration(i…j−1)), so the bandwidth the run needs is
/// bits(i…j) / (minBufferTime + duration(i…j−1)), and the Representation needs the largest.
package enum DASHBufferModel {
    package struct Need: Sendable, Equatable {
        /// Bits per second.
        package var bandwidth: Int
        /// The run that needs it: indexes of its first and last segment.
        package var first: Int
        package var last: Int
    }

    /// Runs of at most `window` segments are measured (the rule's binding runs are short: the
    /// buffer fills at the delivery rate as playout advances).
    package static func need(segments: [(bytes: Int, duration: Double)], minBufferTime: Double, window: Int = 256) -> Need? {
        guard minBufferTime > 0 || segments.contains(where: { $0.duration > 0 }) else { return nil }
        var best: Need?
        var bestRate = 0.0
        for i in segments.indices {
            var bits = 0.0, before = 0.0
            for j in i..<min(segments.count, i + window) {
                bits += Double(segments[j].bytes) * 8
                let time = minBufferTime + before
                if time > 0, bits / time > bestRate {
                    bestRate = bits / time
                    best = Need(bandwidth: Int(bestRate.rounded(.up)), first: i, last: j)
                }
                before += segments[j].duration
            }
        }
        return best
    }
}
