/// `stco` / `co64` (ISO/IEC 14496-12 §8.7.5, `docs/rules/isobmff-sample-tables.md` §3): the file
/// offset of each chunk, 32- or 64-bit. Read in place.
package struct ChunkOffsetBox: Sendable, Equatable {
    package var entryCount: Int
    package var is64: Bool
    package var entriesStart: Int

    package static func parse(_ bytes: [UInt8], type: String, payload: Range<Int>) -> ChunkOffsetBox? {
        let is64 = type == "co64"
        guard let count = SampleTableBytes.entryCount(bytes, payload: payload, entrySize: is64 ? 8 : 4) else { return nil }
        return ChunkOffsetBox(entryCount: count, is64: is64, entriesStart: payload.lowerBound + 8)
    }

    /// The largest chunk offset: one pass over the entries, read in place (0 without entries).
    package func largestOffset(in bytes: [UInt8]) -> UInt64 {
        bytes.withUnsafeBytes { raw in
            guard let base = raw.baseAddress else { return 0 }
            var largest: UInt64 = 0
            if is64 {
                for at in stride(from: entriesStart, to: entriesStart + 8 * entryCount, by: 8) {
                    largest = max(largest, UInt64(bigEndian: base.loadUnaligned(fromByteOffset: at, as: UInt64.self)))
                }
            } else {
                for at in stride(from: entriesStart, to: entriesStart + 4 * entryCount, by: 4) {
                    largest = max(largest, UInt64(UInt32(bigEndian: base.loadUnaligned(fromByteOffset: at, as: UInt32.self))))
                }
            }
            return largest
        }
    }

    /// The offset of chunk `index` (0-based), nil past `Int.max`.
    package func offset(_ index: Int, in bytes: [UInt8]) -> Int? {
        if !is64 { return SampleTableBytes.u32(bytes, entriesStart + 4 * index) }
        let value = SampleTableBytes.u64(bytes, entriesStart + 8 * index)
        return value > UInt64(Int.max) ? nil : Int(value)
    }
}
