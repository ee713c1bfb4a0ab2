@testable import HDRProbeParse
@testable import HDRProbeFix
import Testing

/// The `moov` rewriting of `hdrprobe fix` on hand-built boxes (`docs/rules/isobmff-rewrite.md`
/// §1–§3): the expected bytes come from the box layouts of ISO/IEC 14496-12 / 14496-15 and Dolby's
/// record layout, written out here independently of the writer, and are read back with hdrprobe's
/// parsers, which the corpus tests check against libavformat.
@Suite struct MovieBoxRewriterTests {
    static func box(_ type: String, _ payload: [UInt8]) -> [UInt8] {
        let size = payload.count + 8
        return [UInt8(size >> 24), UInt8((size >> 16) & 0xFF), UInt8((size >> 8) & 0xFF), UInt8(size & 0xFF)] + Array(type.utf8) + payload
    }

    static func u32(_ v: Int) -> [UInt8] { [UInt8(v >> 24), UInt8((v >> 16) & 0xFF), UInt8((v >> 8) & 0xFF), UInt8(v & 0xFF)] }

    /// An hvcC: 22 fixed bytes (Main 10, level 63), then the arrays (completeness 0) with one unit each.
    static func hvcC(_ types: [UInt8]) -> [UInt8] {
        var out: [UInt8] = [1, 0x02, 0x20, 0, 0, 0, 0x90, 0, 0, 0, 0, 0, 63, 0xF0, 0, 0xFC, 0xFD, 0xFA, 0xFA, 0, 0, 0x0F]
        out.append(UInt8(types.count))
        for t in types { out += [t, 0, 1, 0, 3, t << 1, 1, 0xAB] }
        return out
    }

    /// A visual sample entry: 78 bytes of fixed fields (128x72) and the children.
    static func entry(_ type: String, _ children: [[UInt8]]) -> [UInt8] {
        var fixed = [UInt8](repeating: 0, count: 78)
        fixed[7] = 1            // data_reference_index
        fixed[24] = 0; fixed[25] = 128; fixed[26] = 0; fixed[27] = 72
        return box(type, fixed + children.flatMap { $0 })
    }

    static let doviP5: [UInt8] = [1, 0, 0x0A, 0x0D] + [UInt8](repeating: 0, count: 20)   // profile 5, level 1, RPU+BL

    /// moov/trak(tkhd id 1)/mdia(hdlr vide)/minf/stbl(stsd, stco)
    static func moov(entry: [UInt8], offsets: [Int]) -> [UInt8] {
        let tkhd = box("tkhd", [0, 0, 0, 3] + u32(0) + u32(0) + u32(1) + [UInt8](repeating: 0, count: 72))
        let hdlr = box("hdlr", [0, 0, 0, 0] + u32(0) + Array("vide".utf8) + [UInt8](repeating: 0, count: 13))
        let stsd = box("stsd", [0, 0, 0, 0] + u32(1) + entry)
        let stco = box("stco", [0, 0, 0, 0] + u32(offsets.count) + offsets.flatMap(u32))
        let stbl = box("stbl", stsd + stco)
        return box("moov", box("trak", tkhd + box("mdia", hdlr + box("minf", stbl))))
    }

    static func parse(_ moov: [UInt8]) throws -> MovieBox {
        let walk = ISOBoxWalker.walk(moov)
        #expect(walk.issues.isEmpty)
        let box = try #require(walk.boxes.first)
        #expect(box.payload.upperBound == moov.count)
        return MovieBox.parse(Array(moov[box.payload]))
    }

    /// The entries of the first track's `stco`, found by walking moov/trak/mdia/minf/stbl.
    static func chunkOffsets(_ moov: [UInt8]) throws -> [Int] {
        var range = try #require(ISOBoxWalker.walk(moov).boxes.first).payload
        for type in ["trak", "mdia", "minf", "stbl", "stco"] {
            range = try #require(ISOBoxWalker.first(type, in: moov, range: range)).payload
        }
        let count = Int(moov[range.lowerBound + 7])
        return (0..<count).map { i in
            let at = range.lowerBound + 8 + 4 * i
            return Int(moov[at]) << 24 | Int(moov[at + 1]) << 16 | Int(moov[at + 2]) << 8 | Int(moov[at + 3])
        }
    }

    @Test func promotionColourAndSEIDropInOneEntry() throws {
        let original = Self.moov(entry: Self.entry("hvc1", [Self.box("hvcC", Self.hvcC([32, 33, 34, 39])), Self.box("dvcC", Self.doviP5)]),
                                 offsets: [500, 900])
        let edits = TrackEdit(trackID: 1, entry: "hvc1", edits: [
            .rename(to: "dvh1"), .markParameterSetArraysComplete, .dropConfigurationArrays(nalTypes: [39]),
            .writeColour(ColourCodes(primaries: 9, transfer: 16, matrix: 9, fullRange: true)),
        ])
        let moov = try MovieBoxRewriter.rewrite(original, edits: [edits], shift: nil)
        let movie = try Self.parse(moov)
        let entry = try #require(movie.tracks.first?.sampleEntries.first)
        #expect(entry.fourCC == "dvh1")
        #expect(entry.width == 128 && entry.height == 72)
        #expect(entry.colour?.codes == ColourCodes(primaries: 9, transfer: 16, matrix: 9, fullRange: true))
        #expect(entry.doviBoxType == .dvcC && entry.doviPayload == Self.doviP5)
        let record = try HEVCDecoderConfigurationRecord.parse(try #require(entry.codecConfigurations["hvcC"]))
        #expect(record.arrays.map(\.nalType) == [32, 33, 34])
        #expect(record.arrays.allSatisfy { $0.arrayCompleteness })
        #expect(record.generalLevelIDC == 63)
        // A 19-byte colr box (8 header, "nclx", 3 × u16, range byte) added, an 8-byte SEI array dropped.
        #expect(moov.count == original.count + (8 + 11) - 8)
        // No shift asked: the chunk offsets stay.
        #expect(try Self.chunkOffsets(moov) == [500, 900])
    }

    @Test func chunkOffsetsBehindMoovMoveAndThoseBeforeStay() throws {
        let original = Self.moov(entry: Self.entry("hvc1", [Self.box("hvcC", Self.hvcC([32, 33, 34]))]), offsets: [20, 5000, 9000])
        let moov = try MovieBoxRewriter.rewrite(original, edits: [], shift: FileOffsetShift(from: 1000, delta: -24))
        _ = try Self.parse(moov)
        #expect(try Self.chunkOffsets(moov) == [20, 4976, 8976])
        #expect(moov.count == original.count)
    }

    @Test func aChunkOffsetPast32BitsIsRefused() throws {
        let original = Self.moov(entry: Self.entry("hvc1", []), offsets: [Int(UInt32.max) - 4])
        #expect(throws: MovieBoxRewriteError.chunkOffsetOverflow(UInt64(UInt32.max) - 4)) {
            _ = try MovieBoxRewriter.rewrite(original, edits: [], shift: FileOffsetShift(from: 0, delta: 8))
        }
    }

    @Test func theRecordIsStrippedAddedOrRewritten() throws {
        let stored = Self.moov(entry: Self.entry("hvc1", [Self.box("hvcC", Self.hvcC([32, 33, 34])), Self.box("dvcC", Self.doviP5)]), offsets: [])
        let stripped = try Self.parse(MovieBoxRewriter.rewrite(stored, edits: [TrackEdit(trackID: 1, entry: "hvc1", edits: [.removeDolbyVisionRecord])], shift: nil))
        #expect(stripped.tracks[0].sampleEntries[0].doviBoxType == nil)

        let bare = Self.moov(entry: Self.entry("hvc1", [Self.box("hvcC", Self.hvcC([32, 33, 34])), Self.box("btrt", [UInt8](repeating: 0, count: 12))]), offsets: [])
        let added = DolbyVisionRecordBytes.record(profile: 8, level: 6, compatibilityId: 1)
        let withRecord = try Self.parse(MovieBoxRewriter.rewrite(bare, edits: [TrackEdit(trackID: 1, entry: "hvc1", edits: [
            .writeDolbyVisionRecord(box: .dvvC, payload: added)])], shift: nil))
        let entry = withRecord.tracks[0].sampleEntries[0]
        #expect(entry.doviBoxType == .dvvC)
        let record = try DOVIDecoderConfigurationRecord.parse(try #require(entry.doviPayload))
        #expect(record.profile == 8 && record.level == 6 && record.compatibilityId == 1)
        #expect(record.rpuPresent && record.blPresent && !record.elPresent && record.issues.isEmpty)
    }

    /// `docs/rules/apple-playback.md` §2.6: profile 8, compatibility 1, no EL; the rest kept.
    @Test func aRecordRewrittenTo81KeepsLevelAndFlags() throws {
        // Profile 7, level 6, RPU + EL + BL, compatibility 6, md_compression 0.
        let p7: [UInt8] = [1, 0, 0x0E, 0x37, 0x60] + [UInt8](repeating: 0, count: 19)
        let before = try DOVIDecoderConfigurationRecord.parse(p7)
        #expect(before.profile == 7 && before.level == 6 && before.elPresent && before.compatibilityId == 6)
        let after = try DOVIDecoderConfigurationRecord.parse(DolbyVisionRecordBytes.rewrittenTo81(p7))
        #expect(after.profile == 8 && after.compatibilityId == 1 && !after.elPresent)
        #expect(after.level == 6 && after.rpuPresent && after.blPresent && after.issues.isEmpty)
    }

    @Test func anotherEntryThanPlannedIsRefused() throws {
        let original = Self.moov(entry: Self.entry("hev1", [Self.box("hvcC", Self.hvcC([32, 33, 34]))]), offsets: [])
        #expect(throws: MovieBoxRewriteError.entryMismatch(trackID: 1, expected: "hvc1", found: "hev1")) {
            _ = try MovieBoxRewriter.rewrite(original, edits: [TrackEdit(trackID: 1, entry: "hvc1", edits: [.rename(to: "dvh1")])], shift: nil)
        }
        #expect(throws: MovieBoxRewriteError.trackNotFound(7)) {
            _ = try MovieBoxRewriter.rewrite(original, edits: [TrackEdit(trackID: 7, entry: "hev1", edits: [])], shift: nil)
        }
    }

    /// `tfhd` base_data_offset (flag 1) moves; a `tfhd` without it is unchanged.
    @Test func fragmentBaseDataOffsetsMove() throws {
        let withOffset = Self.box("tfhd", [0, 0, 0, 1] + Self.u32(1) + [0, 0, 0, 0] + Self.u32(4000))
        let relative = Self.box("tfhd", [0, 2, 0, 0] + Self.u32(2))
        let moof = Self.box("moof", Self.box("mfhd", [0, 0, 0, 0] + Self.u32(1)) + Self.box("traf", withOffset) + Self.box("traf", relative))
        let moved = try MovieFragmentOffsetShift.moof(moof, shift: FileOffsetShift(from: 100, delta: 16))
        #expect(moved.count == moof.count)
        let at = 8 + 16 + 8 + 8 + 8
        #expect(Array(moved[at..<(at + 8)]) == [0, 0, 0, 0] + Self.u32(4016))
        #expect(Array(moved[(at + 8)...]) == Array(moof[(at + 8)...]))
    }

    @Test func hvcCArraysRunningPastTheRecordAreRefused() {
        var record = Self.hvcC([32, 33])
        record.removeLast(2)
        #expect(throws: MovieBoxRewriteError.self) { _ = try HEVCConfigurationArrays.dropping([39], from: record) }
    }
}
