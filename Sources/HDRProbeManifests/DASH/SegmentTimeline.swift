/// `SegmentTimeline` (ISO/IEC 23009-1 §5.3.9.6): a run of `S` elements, each `@t` (start, in the
/// timescale; absent: the end of the previous one, 0 for the first), `@d` (duration, required) and
/// `@r` (repeat count: `r` more segments of the same duration; -1 = repeat until the next `S@t` or
/// the end of the Period).
package struct SegmentTimeline: Sendable, Equatable, Codable {
    package struct Entry: Sendable, Equatable, Codable {
        package var t: Int?
        package var d: Int
        package var r: Int
        package var line: Int
    }

    package var entries: [Entry]
    package var line: Int

    package init(element: MPDXMLElement) throws(MPDError) {
        line = element.line
        var entries: [Entry] = []
        for s in element.children("S") {
            guard let d = try s.unsigned("d") else { throw MPDError(.missingAttribute, line: s.line, "S has no @d") }
            guard d > 0 else { throw MPDError(.invalidValue, line: s.line, "S@d=\"0\": a segment lasts more than 0") }
            let r = try s.integer("r") ?? 0
            guard r >= -1 else { throw MPDError(.invalidValue, line: s.line, "S@r=\"\(r)\" is below -1") }
            entries.append(Entry(t: try s.unsigned("t"), d: d, r: r, line: s.line))
        }
        self.entries = entries
    }

    /// One segment of the expanded timeline: start time and duration in the timescale, and the
    /// `S` element's line.
    package struct Segment: Sendable, Equatable {
        package var time: Int
        package var duration: Int
        package var line: Int
    }

    /// The segments, in order (§5.3.9.6.1). `periodEnd` (in the timescale, relative to the same
    /// origin as `@t`) bounds an `@r="-1"`; without it such an entry yields one segment. At most
    /// ``MPDLimits/maxSegments``.
    package func segments(periodEnd: Int?) -> [Segment] {
        var out: [Segment] = []
        var time = 0
        for (i, entry) in entries.enumerated() {
            if let t = entry.t { time = t }
            var count = entry.r + 1
            if entry.r == -1 {
                let end = i + 1 < entries.count ? entries[i + 1].t : periodEnd
                if let end, end > time {
                    count = (end - time + entry.d - 1) / entry.d
                } else {
                    count = 1
                }
            }
            for _ in 0..<max(0, count) {
                if out.count >= MPDLimits.maxSegments { return out }
                out.append(Segment(time: time, duration: entry.d, line: entry.line))
                time += entry.d
            }
        }
        return out
    }
}
