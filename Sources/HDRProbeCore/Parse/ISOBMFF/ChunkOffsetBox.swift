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

    /// The offset of chunk `index` (0-based), nil past `Int.max`.
    package func offset(_ index: Int, in bytes: [UInt8]) -> Int? {
        if !is64 { return SampleTableBytes.u32(bytes, entriesStart + 4 * index) }
        let value = SampleTableBytes.u64(bytes, entriesStart + 8 * index)
        return value > UInt64(Int.max) ? nil : Int(value)
    }
}
