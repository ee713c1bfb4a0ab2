import HDRProbeParse
import Testing

/// The sample-table walk against hand-built `stbl` boxes. Every expected offset, size and time is
/// worked out here from ISO/IEC 14496-12 (`docs/rules/isobmff-sample-tables.md`): §8.7.4 `stsc` —
/// entry (first_chunk, samples_per_chunk, sample_description_index) covers chunks first_chunk … next
/// entry's first_chunk − 1; §8.7.5 `stco`/`co64` — a chunk's samples lie back to back from its
/// offset, in `stsz` (§8.7.3) order; §8.6.1.2 `stts` — DT(n+1) = DT(n) + delta(n), DT(0) = 0;
/// §8.6.1.3 `ctts` — CT(n) = DT(n) + offset(n); §8.6.2 `stss` — 1-based sync sample numbers.
@Suite struct SampleTableBoxTests {
    static func box(_ type: String, _ payload: [UInt8]) -> [UInt8] {
        be32(8 + payload.count) + Array(type.utf8) + payload
    }
    static func be32(_ v: Int) -> [UInt8] { [UInt8(v >> 24 & 0xFF), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }
    static func be64(_ v: UInt64) -> [UInt8] { be32(Int(v >> 32)) + be32(Int(v & 0xFFFF_FFFF)) }
    static func full(_ type: String, version: UInt8 = 0, _ body: [UInt8]) -> [UInt8] { box(type, [version, 0, 0, 0] + body) }
    static func table(_ type: String, _ rows: [[Int]]) -> [UInt8] {
        full(type, be32(rows.count) + rows.flatMap { $0.flatMap(be32) })
    }

    /// Five samples of sizes 100…500; chunks 1–2 hold two samples each, chunk 3 one (stsc runs
    /// (1, 2) and (3, 1)); chunk offsets 1000, 5000, 9000.
    static func stbl(chunkOffsets: [UInt8]? = nil, stsc: [[Int]] = [[1, 2, 1], [3, 1, 1]],
                     stts: [[Int]] = [[3, 1001], [2, 2002]]) -> [UInt8] {
        let stsz = full("stsz", be32(0) + be32(5) + [100, 200, 300, 400, 500].flatMap(be32))
        let stco = chunkOffsets ?? table("stco", [[1000], [5000], [9000]])
        let ctts = table("ctts", [[1, 2002], [1, 5005], [3, 0]])
        let stss = table("stss", [[1], [4]])
        return box("stbl", stsz + table("stsc", stsc) + stco + table("stts", stts) + ctts + stss)
    }

    static func parse(_ bytes: [UInt8]) throws -> SampleTableBox {
        try #require(SampleTableBox.parse(bytes, payload: 8..<bytes.count))
    }

    @Test func locatesEverySampleFromTheTables() throws {
        let samples = try #require(try Self.parse(Self.stbl()).samples(limit: 10))
        // chunk 1: 1000, 1000+100; chunk 2: 5000, 5000+300; chunk 3: 9000
        #expect(samples.map(\.offset) == [1000, 1100, 5000, 5300, 9000])
        #expect(samples.map(\.size) == [100, 200, 300, 400, 500])
        // stts: three deltas of 1001, then 2002
        #expect(samples.map(\.decodeTime) == [0, 1001, 2002, 3003, 5005])
        #expect(samples.map(\.compositionOffset) == [2002, 5005, 0, 0, 0])
        #expect(samples.map(\.isSync) == [true, false, false, true, false])
        #expect(samples.allSatisfy { $0.sampleDescriptionIndex == 1 })
    }

    @Test func firstSamplesNeedOnlyTheirEntries() throws {
        // stts covers only two samples: enough for the first two, a contradiction for all five.
        let table = try Self.parse(Self.stbl(stts: [[2, 1001]]))
        let two = try #require(table.samples(limit: 2))
        #expect(two.map(\.offset) == [1000, 1100])
        #expect(table.samples(limit: 5) == nil)
    }

    @Test func sixtyFourBitChunkOffsets() throws {
        let big: UInt64 = 5 << 30 // past 4 GiB: only co64 can say it
        let co64 = Self.full("co64", Self.be32(3) + [big, big + 10_000, big + 20_000].flatMap(Self.be64))
        let samples = try #require(try Self.parse(Self.stbl(chunkOffsets: co64)).samples(limit: 5))
        let b = Int(big)
        #expect(samples.map(\.offset) == [b, b + 100, b + 10_000, b + 10_300, b + 20_000])
    }

    @Test func compactSampleSizes() throws {
        // stz2 (§8.7.3.3): 4-bit fields, two per byte, high nibble first: sizes 1, 2, 3 (+ pad).
        let stz2 = Self.full("stz2", [0, 0, 0, 4] + Self.be32(3) + [0x12, 0x30])
        let rest = Self.table("stsc", [[1, 3, 1]]) + Self.table("stco", [[64]]) + Self.table("stts", [[3, 1]])
        let samples = try #require(try Self.parse(Self.box("stbl", stz2 + rest)).samples(limit: 3))
        #expect(samples.map(\.size) == [1, 2, 3])
        #expect(samples.map(\.offset) == [64, 65, 67])
    }

    @Test func contradictionsAreRefused() throws {
        // the first stsc run must start at chunk 1
        #expect(try Self.parse(Self.stbl(stsc: [[2, 2, 1]])).samples(limit: 1) == nil)
        // runs must move forward
        #expect(try Self.parse(Self.stbl(stsc: [[1, 1, 1], [1, 2, 1]])).samples(limit: 3) == nil)
        // five samples need more chunks than stco lists when every chunk holds one
        #expect(try Self.parse(Self.stbl(stsc: [[1, 1, 1]])).samples(limit: 5) == nil)
        // an stsz whose entries run past the box
        let short = Self.box("stbl", Self.full("stsz", Self.be32(0) + Self.be32(1000) + Self.be32(1))
                             + Self.table("stsc", [[1, 1, 1]]) + Self.table("stco", [[0]]) + Self.table("stts", [[1, 1]]))
        #expect(SampleTableBox.parse(short, payload: 8..<short.count) == nil)
    }

    @Test func editListsBothVersions() throws {
        // §8.6.6: version 0 — u32 segment_duration, s32 media_time; version 1 — u64, s64; then
        // s16 media_rate_integer, s16 media_rate_fraction.
        let v0 = Self.full("elst", Self.be32(2) + Self.be32(500) + Self.be32(-1 & 0xFFFF_FFFF) + [0, 1, 0, 0]
                           + Self.be32(90_000) + Self.be32(2002) + [0, 1, 0, 0])
        let e0 = try #require(EditListBox.parse(v0, payload: 8..<v0.count))
        #expect(e0.entries.map(\.mediaTime) == [-1, 2002])
        #expect(e0.entries.map(\.segmentDuration) == [500, 90_000])
        let v1 = Self.full("elst", version: 1, Self.be32(1) + Self.be64(1 << 33) + Self.be64(1001) + [0, 1, 0, 0])
        let e1 = try #require(EditListBox.parse(v1, payload: 8..<v1.count))
        #expect(e1.entries == [EditListBox.Entry(segmentDuration: 1 << 33, mediaTime: 1001, rateInteger: 1, rateFraction: 0)])
    }
}
