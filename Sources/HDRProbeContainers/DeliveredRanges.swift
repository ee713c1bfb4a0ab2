/// The byte ranges of a file the I/O bridge has handed to libavformat, merged: what the read budget
/// (``AVIOBridge/limitReads(to:)``) counts is bytes libavformat had not seen before, so a demuxer that
/// seeks back and reads the same bytes again (libavformat's stream analysis of MPEG-TS rewinds after
/// estimating the duration from the file's end) is never cut short by what it already read.
package struct DeliveredRanges {
    /// Sorted, non-overlapping, non-adjacent.
    package private(set) var ranges: [Range<Int>] = []

    package init() {}

    /// Adds `range`; returns how many of its bytes were not covered before.
    package mutating func insert(_ range: Range<Int>) -> Int {
        guard !range.isEmpty else { return 0 }
        var merged = range
        var covered = 0
        var kept: [Range<Int>] = []
        kept.reserveCapacity(ranges.count + 1)
        for r in ranges {
            if r.upperBound < merged.lowerBound || r.lowerBound > merged.upperBound {
                kept.append(r)
            } else {
                covered += max(0, min(r.upperBound, range.upperBound) - max(r.lowerBound, range.lowerBound))
                merged = min(r.lowerBound, merged.lowerBound)..<max(r.upperBound, merged.upperBound)
            }
        }
        let index = kept.firstIndex { $0.lowerBound > merged.lowerBound } ?? kept.endIndex
        kept.insert(merged, at: index)
        ranges = kept
        return range.count - covered
    }

    /// How many bytes from `offset` on were delivered before, without a gap (0 when `offset` was not).
    package func coveredRun(from offset: Int) -> Int {
        guard let r = ranges.first(where: { $0.contains(offset) }) else { return 0 }
        return r.upperBound - offset
    }
}

/// Bytes shown to libavformat in place of the file's own at `offset` (a box type it would
/// otherwise misread, ``ContainerHeaders``).
package struct ByteMask: Equatable {
    package var offset: Int
    package var bytes: [UInt8]
}
