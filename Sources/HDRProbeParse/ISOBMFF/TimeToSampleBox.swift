/// `stts` (ISO/IEC 14496-12 §8.6.1.2) and `ctts` (§8.6.1.3), `docs/rules/isobmff-sample-tables.md`
/// §5: run-length tables of (sample_count, value) — the decode-time delta of each sample, or its
/// composition offset (CT = DT + offset). `ctts` offsets are read as signed 32-bit in both versions,
/// as version 1 defines them and as libavformat reads version 0 too.
package struct TimeToSampleBox: Sendable, Equatable {
    package var entryCount: Int
    package var entriesStart: Int
    package var signedValues: Bool

    package static func parse(_ bytes: [UInt8], type: String, payload: Range<Int>) -> TimeToSampleBox? {
        guard let count = SampleTableBytes.entryCount(bytes, payload: payload, entrySize: 8) else { return nil }
        return TimeToSampleBox(entryCount: count, entriesStart: payload.lowerBound + 8, signedValues: type == "ctts")
    }

    /// count × value added up over the entries when each entry counts at least one sample, every
    /// value lies in `values` and the counts add up to exactly `samples`; nil otherwise. One pass
    /// over the entries, read in place (a film's `ctts` has one entry per video frame), with the
    /// checks made once after it: `samples` is at most 2³² − 1 (an `stsz` count) and `values` lie
    /// within Int32, so when the counts add up to `samples` no sum can have overflowed and they
    /// run unchecked.
    package func total(coveringExactly samples: Int, values: ClosedRange<Int>, in bytes: [UInt8]) -> Int64? {
        precondition(values.lowerBound >= Int(Int32.min) && values.upperBound <= Int(Int32.max), "values beyond Int32")
        guard samples >= 0, samples <= Int(UInt32.max), entryCount <= samples else { return nil }
        guard entryCount > 0 else { return samples == 0 ? 0 : nil }
        return bytes.withUnsafeBytes { raw in
            let sums = signedValues ? Self.sums(raw, entriesStart, entryCount) { Int64(Int32(bitPattern: $0)) }
                : Self.sums(raw, entriesStart, entryCount) { Int64($0) }
            guard sums.smallestCount > 0, sums.count == UInt64(samples),
                  values.contains(Int(sums.smallest)), values.contains(Int(sums.largest)) else { return nil }
            return sums.total
        }
    }

    /// The counts and count × value added up (wrapping), the smallest count, the smallest and
    /// largest value, over `entryCount` entries from `start`.
    @inline(__always)
    private static func sums(_ raw: UnsafeRawBufferPointer, _ start: Int, _ entryCount: Int, _ value: (UInt32) -> Int64)
        -> (count: UInt64, total: Int64, smallestCount: UInt32, smallest: Int64, largest: Int64) {
        var count: UInt64 = 0, total: Int64 = 0
        var smallestCount = UInt32.max, smallest = Int64.max, largest = Int64.min
        let entries = raw.baseAddress! + start
        for i in 0..<entryCount {
            let n = UInt32(bigEndian: entries.loadUnaligned(fromByteOffset: i &* 8, as: UInt32.self))
            let v = value(UInt32(bigEndian: entries.loadUnaligned(fromByteOffset: i &* 8 &+ 4, as: UInt32.self)))
            count &+= UInt64(n)
            total &+= Int64(n) &* v
            smallestCount = min(smallestCount, n)
            smallest = min(smallest, v)
            largest = max(largest, v)
        }
        return (count, total, smallestCount, smallest, largest)
    }

    /// Entry `index`: how many samples, and their delta (stts) or offset (ctts).
    package func entry(_ index: Int, in bytes: [UInt8]) -> (count: Int, value: Int) {
        let at = entriesStart + 8 * index
        let value = signedValues ? SampleTableBytes.i32(bytes, at + 4) : SampleTableBytes.u32(bytes, at + 4)
        return (SampleTableBytes.u32(bytes, at), value)
    }
}

/// `stss` (ISO/IEC 14496-12 §8.6.2): the 1-based numbers of the sync samples, increasing; absent =
/// every sample is a sync sample.
package struct SyncSampleBox: Sendable, Equatable {
    package var entryCount: Int
    package var entriesStart: Int

    package static func parse(_ bytes: [UInt8], payload: Range<Int>) -> SyncSampleBox? {
        guard let count = SampleTableBytes.entryCount(bytes, payload: payload, entrySize: 4) else { return nil }
        return SyncSampleBox(entryCount: count, entriesStart: payload.lowerBound + 8)
    }

    package func sampleNumber(_ index: Int, in bytes: [UInt8]) -> Int { SampleTableBytes.u32(bytes, entriesStart + 4 * index) }
}
