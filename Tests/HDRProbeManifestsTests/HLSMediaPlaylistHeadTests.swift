import Testing
@testable import HDRProbeManifests

/// The media-playlist reader: EXT-X-MAP (RFC 8216 §4.3.2.5) in force for the first segment and the
/// first EXTINF (§4.3.2.1) + URI; errors with line numbers.

@Test func fragmentedMP4PlaylistHead() throws {
    let text = """
        #EXTM3U
        #EXT-X-VERSION:7
        #EXT-X-TARGETDURATION:6
        #EXT-X-MEDIA-SEQUENCE:0
        #EXT-X-PLAYLIST-TYPE:VOD
        #EXT-X-INDEPENDENT-SEGMENTS
        #EXT-X-MAP:URI="init.mp4"
        #EXTINF:6.006,
        segment0.m4s
        #EXTINF:6.006,
        segment1.m4s
        #EXT-X-ENDLIST
        """
    let h = try HLSMediaPlaylistHead.parse(text)
    #expect(h.version == 7 && h.targetDuration == 6)
    #expect(h.initSegmentURI == "init.mp4" && h.initSegmentLine == 7 && h.initSegmentByteRange == nil)
    #expect(h.firstSegmentURI == "segment0.m4s" && h.firstSegmentLine == 9 && h.firstSegmentDuration == 6.006)
    // CRLF gives the same.
    #expect(try HLSMediaPlaylistHead.parse(text.replacingOccurrences(of: "\n", with: "\r\n")) == h)
}

@Test func byteRangeMapAndTheLastMapBeforeTheFirstSegment() throws {
    let text = """
        #EXTM3U
        #EXT-X-TARGETDURATION:4
        #EXT-X-MAP:URI="old.mp4"
        #EXT-X-MAP:URI="main.mp4",BYTERANGE="720@0"
        # comment
        #EXTINF:4,title with, commas
        #EXT-X-BYTERANGE:1000@720
        main.mp4
        #EXTINF:not-a-number,
        """
    let h = try HLSMediaPlaylistHead.parse(text)
    #expect(h.initSegmentURI == "main.mp4" && h.initSegmentByteRange == HLSByteRange(length: 720, offset: 0) && h.initSegmentLine == 4)
    #expect(h.firstSegmentURI == "main.mp4" && h.firstSegmentLine == 8 && h.firstSegmentDuration == 4)
    // Reading stops at the first segment: the malformed EXTINF on line 9 is never reached.
}

@Test func transportStreamPlaylistHasNoInitSegment() throws {
    let h = try HLSMediaPlaylistHead.parse("#EXTM3U\n#EXT-X-TARGETDURATION:10\n#EXTINF:9.97,\nseg0.ts\n")
    #expect(h.initSegmentURI == nil && h.firstSegmentURI == "seg0.ts" && h.firstSegmentLine == 4)
    let empty = try HLSMediaPlaylistHead.parse("#EXTM3U\n#EXT-X-TARGETDURATION:10\n")
    #expect(empty.firstSegmentURI == nil && empty.targetDuration == 10)
}

@Test(arguments: [
    ("#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=1\na.m3u8\n", HLSPlaylistError.Kind.multivariantPlaylistTag, 2),
    ("#EXTM3U\n#EXT-X-MAP:URI=\"i.mp4\"\n#EXTINF:6,\n", .missingURI, 3),
    ("#EXTM3U\n#EXTINF:6,\n#EXTINF:6,\nseg.ts\n", .missingURI, 2),
    ("#EXTM3U\n#EXT-X-TARGETDURATION:6\nseg.ts\n", .unexpectedURI, 3),
    ("#EXTM3U\n#EXTINF:six,\nseg.ts\n", .invalidTagValue, 2),
    ("#EXTM3U\n#EXTINF:6\nseg.ts\n", .invalidTagValue, 2),
    ("#EXTM3U\n#EXT-X-TARGETDURATION:6.5\n", .invalidTagValue, 2),
    ("#EXTM3U\n#EXT-X-MAP:BYTERANGE=\"1@0\"\n", .missingRequiredAttribute, 2),
    ("#EXTM3U\n#EXT-X-MAP:URI=init.mp4\n", .invalidAttributeValue, 2),
    ("#EXT-X-VERSION:3\n#EXTINF:6,\nseg.ts\n", .missingHeader, 1),
] as [(String, HLSPlaylistError.Kind, Int)])
func mediaPlaylistErrors(_ text: String, _ kind: HLSPlaylistError.Kind, _ line: Int) {
    do {
        let h = try HLSMediaPlaylistHead.parse(text)
        Issue.record("parsed without error: \(h)")
    } catch {
        #expect(error.kind == kind)
        #expect(error.line == line)
    }
}
