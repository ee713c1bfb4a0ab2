import Testing
@testable import HDRProbeParse
@testable import HDRProbeManifests
import HDRProbeTestSupport

/// Segment addressing by ISO/IEC 23009-1's rules; each test states the rule its expected URLs come from.
@Suite struct SegmentAddressingTests {
    static func segments(_ mpd: String, at location: HLSResourceLocation = .remote("https://cdn.example/show/manifest.mpd"))
        throws -> [RepresentationSegments] {
        let parsed = try MPD.parse(bytes: Array(mpd.utf8))
        return try RepresentationContext.all(in: parsed, location: location).map { c throws in try RepresentationSegments(c) }
    }

    @Test("§5.3.9.4.4: identifiers, width format tags and $$")
    func templateIdentifiers() throws {
        let t = try SegmentTemplateString("$RepresentationID$/$Number%05d$-$Time$-$Bandwidth%02d$$$.m4s")
        #expect(try t.expand(representationID: "v1", number: 42, time: 9000, bandwidth: 7) == "v1/00042-9000-07$.m4s")
        // The width is a minimum: wider numbers are not cut.
        #expect(try SegmentTemplateString("$Number%02d$").expand(representationID: "", number: 12345) == "12345")
        #expect(throws: SegmentTemplateString.Error.unknownIdentifier("Foo")) { try SegmentTemplateString("a$Foo$") }
        #expect(throws: SegmentTemplateString.Error.unclosed) { try SegmentTemplateString("a$Number") }
        // $RepresentationID$ takes no format tag.
        #expect(throws: SegmentTemplateString.Error.invalidFormatTag("RepresentationID%05d")) {
            try SegmentTemplateString("$RepresentationID%05d$")
        }
        #expect(throws: SegmentTemplateString.Error.invalidFormatTag("%5d")) { try SegmentTemplateString("$Number%5d$") }
        #expect(throws: SegmentTemplateString.Error.missingValue(.time)) {
            try SegmentTemplateString("$Time$").expand(representationID: "a", number: 1)
        }
    }

    @Test("BaseURL at every level, resolved by RFC 3986 §5.2; template with @duration numbered from startNumber")
    func baseURLsAndDuration() throws {
        let mpd = """
        <MPD xmlns="urn:mpeg:dash:schema:mpd:2011" mediaPresentationDuration="PT10S">
          <BaseURL>https://origin.example/root/</BaseURL>
          <Period><BaseURL>p1/</BaseURL>
            <AdaptationSet><BaseURL>../video/</BaseURL>
              <SegmentTemplate initialization="$RepresentationID$/init.mp4" media="$RepresentationID$/$Number%03d$.m4s"
                               timescale="1000" duration="4000" startNumber="5"/>
              <Representation id="hd" bandwidth="800000"><BaseURL>/abs/</BaseURL></Representation>
              <Representation id="sd" bandwidth="400000"/>
            </AdaptationSet>
          </Period>
        </MPD>
        """
        let reps = try Self.segments(mpd)
        // hd: "/abs/" replaces the path (absolute-path reference).
        #expect(reps[0].initialization?.location == .remote("https://origin.example/abs/hd/init.mp4"))
        // 10 s / 4 s → ceil = 3 segments, numbered 5, 6, 7 (§5.3.9.5.3), each 4 s long.
        #expect(reps[0].media.map(\.location.description) == [
            "https://origin.example/abs/hd/005.m4s", "https://origin.example/abs/hd/006.m4s", "https://origin.example/abs/hd/007.m4s",
        ])
        #expect(reps[0].media.map(\.duration) == [4, 4, 4])
        // sd: root/ + p1/ + ../video/ = root/video/.
        #expect(reps[1].media.first?.location == .remote("https://origin.example/root/video/sd/005.m4s"))
        #expect(reps[1].addressing == "SegmentTemplate")
    }

    @Test("SegmentTimeline: @t, @r, @r=-1 up to the Period end; $Time$ is each S's start, $Number$ counts from startNumber")
    func timeline() throws {
        let mpd = """
        <MPD xmlns="urn:mpeg:dash:schema:mpd:2011" mediaPresentationDuration="PT10S"><Period>
          <AdaptationSet>
            <SegmentTemplate timescale="90000" media="$RepresentationID$_$Time$_$Number$.m4s" initialization="i_$Bandwidth$.mp4">
              <SegmentTimeline>
                <S t="0" d="180000" r="1"/>
                <S d="90000"/>
                <S d="270000" r="-1"/>
              </SegmentTimeline>
            </SegmentTemplate>
            <Representation id="r" bandwidth="1234"/>
          </AdaptationSet></Period></MPD>
        """
        let rep = try #require(try Self.segments(mpd, at: .file("/d/m.mpd")).first)
        #expect(rep.initialization?.location == .file("/d/i_1234.mp4"))
        // 0, 180000 (r=1 → two of 2 s); 360000 (1 s, @t absent → previous end); then 3 s segments from 450000
        // up to the Period end 10 s × 90000 = 900000: 450000, 720000 (ceil((900000 − 450000) / 270000) = 2).
        #expect(rep.media.map(\.location.description) == [
            "/d/r_0_1.m4s", "/d/r_180000_2.m4s", "/d/r_360000_3.m4s", "/d/r_450000_4.m4s", "/d/r_720000_5.m4s",
        ])
        #expect(rep.media.map(\.duration) == [2, 2, 1, 3, 3])
        #expect(rep.media.map(\.line) == [5, 5, 6, 7, 7])
    }

    @Test("SegmentTemplate attributes inherit from the AdaptationSet and Period, attribute by attribute (§5.3.9.1)")
    func templateInheritance() throws {
        let mpd = """
        <MPD xmlns="urn:mpeg:dash:schema:mpd:2011" mediaPresentationDuration="PT4S"><Period>
          <SegmentTemplate timescale="10" duration="20"/>
          <AdaptationSet><SegmentTemplate media="a/$Number$.m4s" initialization="a/init.mp4"/>
            <Representation id="x" bandwidth="1"><SegmentTemplate media="x/$Number$.m4s" startNumber="0"/></Representation>
          </AdaptationSet></Period></MPD>
        """
        let rep = try #require(try Self.segments(mpd, at: .file("m.mpd")).first)
        #expect(rep.initialization?.location == .file("a/init.mp4"))
        // duration 20/10 = 2 s over 4 s → 2 segments, numbered from 0.
        #expect(rep.media.map(\.location.description) == ["x/0.m4s", "x/1.m4s"])
    }

    @Test("SegmentList: Initialization@sourceURL, SegmentURL@media/@mediaRange, a SegmentURL without @media is the BaseURL")
    func segmentList() throws {
        let mpd = """
        <MPD xmlns="urn:mpeg:dash:schema:mpd:2011"><Period><AdaptationSet>
          <Representation id="l" bandwidth="1"><BaseURL>media/file.mp4</BaseURL>
            <SegmentList timescale="1000" duration="2000">
              <Initialization sourceURL="init.mp4"/>
              <SegmentURL media="s1.m4s"/>
              <SegmentURL mediaRange="100-199"/>
            </SegmentList>
          </Representation></AdaptationSet></Period></MPD>
        """
        let rep = try #require(try Self.segments(mpd, at: .remote("http://h/m/x.mpd")).first)
        #expect(rep.initialization?.location == .remote("http://h/m/media/init.mp4"))
        #expect(rep.media.map(\.location.description) == ["http://h/m/media/s1.m4s", "http://h/m/media/file.mp4"])
        #expect(rep.media[1].range == MPDByteRange(first: 100, last: 199))
        #expect(rep.media.map(\.duration) == [2, 2])
    }

    /// A `sidx` v0 written by hand from ISO/IEC 14496-12 §8.16.3's syntax: timescale 1000,
    /// first_offset 16, two media references of 500 and 700 bytes (2 s and 1.5 s).
    static let sidx: [UInt8] = hex("""
        0000 0038 7369 6478 00000000 00000001 000003e8 00000000 00000010 0000 0002
        000001f4 000007d0 90000000
        000002bc 000005dc 90000000
        """)

    @Test("SegmentBase: Initialization@range, @indexRange → sidx → media byte ranges")
    func segmentBase() throws {
        let mpd = """
        <MPD xmlns="urn:mpeg:dash:schema:mpd:2011"><Period><AdaptationSet>
          <Representation id="b" bandwidth="1"><BaseURL>v.mp4</BaseURL>
            <SegmentBase indexRange="800-855"><Initialization range="0-799"/></SegmentBase>
          </Representation></AdaptationSet></Period></MPD>
        """
        let rep = try #require(try Self.segments(mpd, at: .file("/x/m.mpd")).first)
        #expect(rep.addressing == "SegmentBase")
        #expect(rep.initialization?.range == MPDByteRange(first: 0, last: 799))
        #expect(rep.index?.range == MPDByteRange(first: 800, last: 855))
        #expect(rep.media.isEmpty)
        let box = try SegmentIndexBox.parse(Self.sidx)
        #expect(box.boxSize == 56)
        let indexed = rep.withIndex(box)
        // First media byte: index start 800 + box size 56 + first_offset 16 = 872; then 500 and 700 bytes.
        #expect(indexed.media.map(\.range) == [MPDByteRange(first: 872, last: 1371), MPDByteRange(first: 1372, last: 2071)])
        #expect(indexed.media.map(\.duration) == [2, 1.5])
        #expect(indexed.media.allSatisfy { $0.location == .file("/x/v.mp4") })
    }

    @Test("a sidx that is cut off or not a sidx is an error, not a crash")
    func badSidx() {
        #expect(throws: SegmentIndexBox.ParseError.notSidx) { try SegmentIndexBox.parse(hex("00000008 6d6f6f76")) }
        #expect(throws: SegmentIndexBox.ParseError.truncated) { try SegmentIndexBox.parse(Array(Self.sidx.prefix(40))) }
        var lying = Self.sidx
        lying[31] = 0xFF  // reference_count 255, with room for 2
        #expect(throws: SegmentIndexBox.ParseError.truncated) { try SegmentIndexBox.parse(lying) }
    }

    @Test("a BaseURL with another scheme is refused with its line")
    func refusedScheme() throws {
        let mpd = """
        <MPD xmlns="urn:mpeg:dash:schema:mpd:2011"><Period><AdaptationSet>
          <Representation id="b" bandwidth="1">
            <BaseURL>concat:a.mp4|b.mp4</BaseURL></Representation></AdaptationSet></Period></MPD>
        """
        #expect(throws: RepresentationSegments.Error.unresolvable(
            "BaseURL \"concat:a.mp4|b.mp4\": URI scheme 'concat:' is not supported (only http, https and local files)", line: 3)) {
            _ = try Self.segments(mpd)
        }
    }
}
