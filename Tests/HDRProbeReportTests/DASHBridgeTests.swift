import HDRProbeParse
import Testing
@testable import HDRProbeModel
@testable import HDRProbeManifests
@testable import HDRProbeSignal
@testable import HDRProbeReport

/// The MPD → HLS mapping of `docs/rules/dash-signalling.md` §2 / `docs/rules/dash-manifests.md` §4 on hand-written
/// MPDs, and the media playlist `hls --from-dash` writes (RFC 8216 §4.3.2 tags). Expected values are the rules' own.
@Suite struct DASHBridgeTests {
    static func context(_ representation: String, set: String = "") throws -> RepresentationContext {
        let mpd = """
        <MPD xmlns="urn:mpeg:dash:schema:mpd:2011" xmlns:scte214="urn:scte:dash:scte214-extensions" mediaPresentationDuration="PT4S">
        <Period><AdaptationSet contentType="video" \(set)>
        <SupplementalProperty schemeIdUri="urn:mpeg:mpegB:cicp:TransferCharacteristics" value="18"/>
        \(representation)
        </AdaptationSet></Period></MPD>
        """
        return try #require(RepresentationContext.all(in: try MPD.parse(bytes: Array(mpd.utf8)), location: .file("/m/x.mpd")).first)
    }

    @Test("§2: supplementalCodecs/Profiles joined by '/', the brand sets the range, @frameRate to three decimals")
    func dolbyVision() throws {
        let c = try Self.context(#"<Representation id="a" bandwidth="5000" codecs="hvc1.2.4.L153.B0" width="3840" height="2160" frameRate="24000/1001" scte214:supplementalCodecs="dvh1.08.06" scte214:supplementalProfiles="db4h"/>"#)
        let v = DASHBridgeVariant(c)
        #expect(v.supplementalCodecs == "dvh1.08.06/db4h")
        #expect(v.videoRange == .hlg)  // db4h → HLG, whatever the descriptor says
        #expect(v.frameRate?.string == "23.976")
        #expect(v.attributeList(audioCodecs: ["mp4a.40.2"], audioGroup: "audio")
                == #"BANDWIDTH=5000,CODECS="hvc1.2.4.L153.B0,mp4a.40.2",SUPPLEMENTAL-CODECS="dvh1.08.06/db4h",RESOLUTION=3840x2160,FRAME-RATE=23.976,VIDEO-RANGE=HLG,AUDIO="audio""#)
    }

    @Test("§2: VIDEO-RANGE from TransferCharacteristics (18 → HLG); P5 as @codecs forces PQ")
    func ranges() throws {
        #expect(DASHBridgeVariant(try Self.context(#"<Representation id="a" bandwidth="1" codecs="hvc1.2.4.L93.B0"/>"#)).videoRange == .hlg)
        #expect(DASHBridgeVariant(try Self.context(#"<Representation id="a" bandwidth="1" codecs="dvh1.05.06"/>"#)).videoRange == .pq)
    }

    @Test("FrameRateType: N or N/D with non-zero terms", arguments: [
        ("25", true), ("24000/1001", true), ("16000/0", false), ("0", false), ("25.0", false), ("", false), ("/25", false),
    ])
    func frameRates(_ text: String, _ valid: Bool) {
        #expect((FrameRate(dashAttribute: text) != nil) == valid)
    }

    @Test("media playlist: EXT-X-MAP with BYTERANGE, EXTINF and EXT-X-BYTERANGE per segment, VOD end")
    func mediaPlaylist() {
        let file = HLSResourceLocation.file("/m/v.mp4")
        let segments = RepresentationSegments(
            initialization: SegmentReference(location: file, range: MPDByteRange(first: 0, last: 799), line: 1),
            media: [SegmentReference(location: file, range: MPDByteRange(first: 856, last: 1355), duration: 2, line: 1),
                    SegmentReference(location: file, range: MPDByteRange(first: 1356, last: 2055), duration: 1.5, line: 1)],
            index: nil, addressing: "SegmentBase")
        let text = HLSFromDASH.mediaPlaylist(segments, key: nil, dynamic: false) { _ in "v.mp4" }
        #expect(text == """
            #EXTM3U
            #EXT-X-VERSION:7
            #EXT-X-TARGETDURATION:2
            #EXT-X-MEDIA-SEQUENCE:0
            #EXT-X-PLAYLIST-TYPE:VOD
            #EXT-X-INDEPENDENT-SEGMENTS
            #EXT-X-MAP:URI="v.mp4",BYTERANGE="800@0"
            #EXTINF:2,
            #EXT-X-BYTERANGE:500@856
            v.mp4
            #EXTINF:1.5,
            #EXT-X-BYTERANGE:700@1356
            v.mp4
            #EXT-X-ENDLIST

            """)
        // The playlist parses as a Media Playlist (RFC 8216 grammar).
        #expect((try? HLSMediaPlaylistHead.parse(bytes: Array(text.utf8)))?.firstSegmentURI == "v.mp4")
    }

    @Test("would-write wording: descriptors as elements, attributes as name=\"value\"")
    func wouldWrite() {
        let d = DASHCheckFinding(.dashColourMismatch, line: 3, attribute: "EssentialProperty urn:mpeg:mpegB:cicp:TransferCharacteristics",
                                 declared: "2", expected: "16", "x")
        #expect(DASHCheckSummary.wouldWrite(d) == #"<EssentialProperty schemeIdUri="urn:mpeg:mpegB:cicp:TransferCharacteristics" value="16"/>"#)
        let a = DASHCheckFinding(.dashCodecsMismatch, line: 3, attribute: "@codecs", declared: "hvc1", expected: "hvc1.2.4.L30.90", "x")
        #expect(DASHCheckSummary.wouldWrite(a) == #"@codecs="hvc1.2.4.L30.90""#)
    }
}
