/// `stsc` (ISO/IEC 14496-12 §8.7.4, `docs/rules/isobmff-sample-tables.md` §4): runs of chunks with
/// the same samples-per-chunk and sample description; entry i covers chunks first_chunk(i) …
/// first_chunk(i+1) − 1 (the last entry runs to the last chunk). first_chunk is 1-based.
package struct SampleToChunkBox: Sendable, Equatable {
    package struct Entry: Sendable, Equatable {
        package var firstChunk: Int
        package var samplesPerChunk: Int
        package var sampleDescriptionIndex: Int
    }

    package var entryCount: Int
    package var entriesStart: Int

    package static func parse(_ bytes: [UInt8], payload: Range<Int>) -> SampleToChunkBox? {
        guard let count = SampleTableBytes.entryCount(bytes, payload: payload, entrySize: 12) else { return nil }
        return SampleToChunkBox(entryCount: count, entriesStart: payload.lowerBound + 8)
    }

    package func entry(_ index: Int, in bytes: [UInt8]) -> Entry {
        let at = entriesStart + 12 * index
        return Entry(firstChunk: SampleTableBytes.u32(bytes, at), samplesPerChunk: SampleTableBytes.u32(bytes, at + 4),
                     sampleDescriptionIndex: SampleTableBytes.u32(bytes, at + 8))
    }
}
