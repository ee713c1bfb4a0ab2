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
    /// over the entries, read in place (a film's `ctts` has one entry per video frame).
    package func total(coveringExactly samples: Int, values: ClosedRange<Int>, in bytes: [UInt8]) -> Int64? {
        bytes.withUnsafeBytes { raw in
            var count = 0
            var total: Int64 = 0
            for at in stride(from: entriesStart, to: entriesStart + 8 * entryCount, by: 8) {
                let n = SampleTableBytes.u32(raw, at)
                let bits = SampleTableBytes.u32(raw, at + 4)
                let value = signedValues ? Int(Int32(truncatingIfNeeded: bits)) : bits
                count += n
                guard n > 0, values.contains(value), count <= samples else { return nil }
                total += Int64(n) * Int64(value)
            }
            return count == samples ? total : nil
        }
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
