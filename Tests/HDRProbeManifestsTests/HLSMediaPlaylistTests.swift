import Testing
import HDRProbeManifests

/// The whole Media Playlist (RFC 8216bis §4.4.3–§4.4.4): segments with durations, resolved byte
/// ranges (§4.4.4.2: no offset continues the previous range of the same resource), the map in
/// force, discontinuities and the key method. Expected values are read off the text below.
@Suite struct HLSMediaPlaylistTests {
    static let text = """
    #EXTM3U
    #EXT-X-VERSION:7
    #EXT-X-TARGETDURATION:4
    #EXT-X-PLAYLIST-TYPE:VOD
    #EXT-X-MAP:URI="init.mp4",BYTERANGE="700@0"
    #EXTINF:4.0,
    #EXT-X-BYTERANGE:1000@700
    media.mp4
    #EXTINF:3.5,
    #EXT-X-BYTERANGE:2000
    media.mp4
    #EXT-X-DISCONTINUITY
    #EXT-X-KEY:METHOD=SAMPLE-AES,URI="skd://key"
    #EXTINF:2.0,
    other.m4s
    #EXT-X-ENDLIST
    """

    @Test func segmentsRangesAndState() throws {
        let p = try HLSMediaPlaylist.parse(bytes: Array(Self.text.utf8))
        #expect(p.targetDuration == 4 && p.playlistType == "VOD" && p.endList && !p.iFramesOnly)
        #expect(p.segments.map(\.uri) == ["media.mp4", "media.mp4", "other.m4s"])
        #expect(p.segments.map(\.duration) == [4.0, 3.5, 2.0])
        #expect(p.segments[0].byteRange == HLSByteRange(length: 1000, offset: 700))
        #expect(p.segments[1].byteRange == HLSByteRange(length: 2000, offset: 1700))
        #expect(p.segments[2].byteRange == nil)
        #expect(p.segments.map(\.discontinuity) == [false, false, true])
        #expect(p.segments.map(\.keyMethod) == ["NONE", "NONE", "SAMPLE-AES"])
        #expect(p.segments.allSatisfy { $0.map?.uri == "init.mp4" && $0.map?.byteRange == HLSByteRange(length: 700, offset: 0) && $0.map?.line == 5 })
        #expect(p.segments.map(\.line) == [8, 11, 15])
    }

    @Test("a range without an offset on a resource not ranged before starts at 0; the read stops at the segment limit")
    func firstRangeAndLimit() throws {
        let text = "#EXTM3U\n#EXT-X-TARGETDURATION:4\n#EXTINF:4,\n#EXT-X-BYTERANGE:100\na.ts\n#EXTINF:4,\nb.ts\n"
        let p = try HLSMediaPlaylist.parse(bytes: Array(text.utf8))
        #expect(p.segments.first?.byteRange == HLSByteRange(length: 100, offset: 0) && p.segments.count == 2)
        #expect(try HLSMediaPlaylist.parse(bytes: Array(text.utf8), segmentLimit: 1).segments.map(\.uri) == ["a.ts"])
    }
}
