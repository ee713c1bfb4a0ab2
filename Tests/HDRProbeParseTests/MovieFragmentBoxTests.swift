@testable import HDRProbeParse
import Testing

/// `moof`/`traf`/`tfhd`/`tfdt`/`trun` and `trex` parsing (ISO/IEC 14496-12 §8.8,
/// `docs/rules/isobmff-sample-tables.md` §8) on boxes built here field by field from the layouts
/// of the standard, so each expected value is the one written; cut-short boxes and a hostile
/// sample count give nil, never a crash.
@Suite struct MovieFragmentBoxTests {
    static func u32(_ v: UInt32) -> [UInt8] { [UInt8(v >> 24), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }
    static func box(_ type: String, _ payload: [UInt8]) -> [UInt8] { u32(UInt32(8 + payload.count)) + Array(type.utf8) + payload }

    /// tfhd with every optional field: base data offset 0x1_0000_0010, description 1, duration 512,
    /// size 1000, flags 0x01010000, default-base-is-moof.
    static let tfhd = box("tfhd", u32(0x02_003B) + u32(7) + u32(1) + u32(0x10) + u32(1) + u32(512) + u32(1000) + u32(0x0101_0000))
    /// tfdt version 1: 2⁴⁰.
    static let tfdt = box("tfdt", u32(0x0100_0000) + u32(0x100) + u32(0))
    /// trun version 1, data offset −8, first-sample flags 0x02000000, two samples with duration,
    /// size, flags and composition offsets 1024 and −512.
    static let trun = box("trun", u32(0x0100_0F05) + u32(2) + u32(UInt32(bitPattern: -8)) + u32(0x0200_0000)
                          + u32(500) + u32(4000) + u32(0x0200_0000) + u32(1024)
                          + u32(501) + u32(300) + u32(0x0101_0000) + u32(UInt32(bitPattern: -512)))

    @Test func aTrackFragmentIsReadFieldByField() throws {
        let moof = Self.box("mfhd", Self.u32(0) + Self.u32(3)) + Self.box("traf", Self.tfhd + Self.tfdt + Self.trun)
        let fragment = try #require(MovieFragmentBox.parse(moof))
        #expect(fragment.boxTypes == ["mfhd", "traf"])
        let traf = try #require(fragment.trackFragments.first)
        #expect(traf.boxTypes == ["tfhd", "tfdt", "trun"])
        #expect(traf.header.trackID == 7 && traf.header.baseDataOffset == 0x1_0000_0010)
        #expect(traf.header.sampleDescriptionIndex == 1 && traf.header.defaultSampleDuration == 512)
        #expect(traf.header.defaultSampleSize == 1000 && traf.header.defaultSampleFlags == 0x0101_0000)
        #expect(traf.header.defaultBaseIsMoof && !traf.header.durationIsEmpty)
        #expect(traf.decodeTime == 1 << 40)
        let run = try #require(traf.runs.first)
        #expect(run.version == 1 && run.dataOffset == -8 && run.firstSampleFlags == 0x0200_0000)
        #expect(run.entries == [.init(duration: 500, size: 4000, flags: 0x0200_0000, compositionOffset: 1024),
                                .init(duration: 501, size: 300, flags: 0x0101_0000, compositionOffset: -512)])
    }

    @Test func absentFieldsStayAbsent() throws {
        // tfhd with no optional field; trun (version 0) with sizes only.
        let traf = Self.box("tfhd", Self.u32(0) + Self.u32(2)) + Self.box("trun", Self.u32(0x200) + Self.u32(1) + Self.u32(77))
        let fragment = try #require(MovieFragmentBox.parse(Self.box("traf", traf)))
        let t = try #require(fragment.trackFragments.first)
        #expect(t.header == TrackFragmentHeaderBox(flags: 0, trackID: 2))
        #expect(t.decodeTime == nil)
        #expect(t.runs == [TrackFragmentRunBox(version: 0, flags: 0x200, entries: [.init(size: 77)])])
    }

    @Test func trackExtendsDefaults() throws {
        let trex = Self.u32(0) + Self.u32(3) + Self.u32(1) + Self.u32(1024) + Self.u32(200) + Self.u32(0x0201_0000)
        #expect(TrackExtendsBox.parse(trex, payload: 0..<trex.count)
                == TrackExtendsBox(trackID: 3, defaultSampleDescriptionIndex: 1, defaultSampleDuration: 1024,
                                   defaultSampleSize: 200, defaultSampleFlags: 0x0201_0000))
        #expect(TrackExtendsBox.parse(trex, payload: 0..<(trex.count - 1)) == nil)
    }

    @Test func cutShortOrHostileBoxesGiveNil() {
        // Every cut of the trun payload (and of the tfhd) is refused, not read past.
        let trunPayload = Array(Self.trun.dropFirst(8))
        for n in 0..<trunPayload.count {
            #expect(TrackFragmentRunBox.parse(trunPayload, payload: 0..<n) == nil, "cut at \(n)")
        }
        let tfhdPayload = Array(Self.tfhd.dropFirst(8))
        for n in 0..<tfhdPayload.count {
            #expect(TrackFragmentHeaderBox.parse(tfhdPayload, payload: 0..<n) == nil, "cut at \(n)")
        }
        // A run claiming 2³² − 1 samples in a 20-byte box.
        let hostile = Self.u32(0x300) + Self.u32(.max) + Self.u32(1) + Self.u32(2)
        #expect(TrackFragmentRunBox.parse(hostile, payload: 0..<hostile.count) == nil)
        // A traf without tfhd.
        #expect(MovieFragmentBox.parse(Self.box("traf", Self.tfdt)) == nil)
    }
}
