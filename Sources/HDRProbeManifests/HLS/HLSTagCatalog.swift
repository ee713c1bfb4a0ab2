/// Which tags belong to which playlist type (RFC 8216 §4.3.2 Media Segment tags, §4.3.3 Media
/// Playlist tags, §4.3.4 Master Playlist tags; draft-pantos-hls-rfc8216bis §4.4.3–§4.4.5 adds the
/// low-latency and gap tags). "A Playlist MUST NOT be both a Media and a Master Playlist"
/// (RFC 8216 §4.3.4): finding a tag of the other type is an error.
package enum HLSTagCatalog {
    package static let mediaPlaylistTags: Set<String> = [
        // RFC 8216 §4.3.2 / §4.3.3
        "EXTINF", "EXT-X-BYTERANGE", "EXT-X-DISCONTINUITY", "EXT-X-KEY", "EXT-X-MAP", "EXT-X-PROGRAM-DATE-TIME",
        "EXT-X-DATERANGE", "EXT-X-TARGETDURATION", "EXT-X-MEDIA-SEQUENCE", "EXT-X-DISCONTINUITY-SEQUENCE",
        "EXT-X-ENDLIST", "EXT-X-PLAYLIST-TYPE", "EXT-X-I-FRAMES-ONLY",
        // draft-pantos-hls-rfc8216bis
        "EXT-X-GAP", "EXT-X-BITRATE", "EXT-X-PART", "EXT-X-PART-INF", "EXT-X-SERVER-CONTROL", "EXT-X-SKIP",
        "EXT-X-PRELOAD-HINT", "EXT-X-RENDITION-REPORT",
    ]

    package static let multivariantPlaylistTags: Set<String> = [
        // RFC 8216 §4.3.4
        "EXT-X-MEDIA", "EXT-X-STREAM-INF", "EXT-X-I-FRAME-STREAM-INF", "EXT-X-SESSION-DATA", "EXT-X-SESSION-KEY",
        // draft-pantos-hls-rfc8216bis
        "EXT-X-CONTENT-STEERING",
    ]

    /// `#EXT-X-VERSION:<n>` (RFC 8216 §4.3.1.2): a decimal-integer, at most once per playlist.
    package static func version(_ line: HLSPlaylistLine, previous: UInt64?) throws(HLSPlaylistError) -> UInt64 {
        guard previous == nil else {
            throw HLSPlaylistError(.duplicateTag, line: line.number, "#EXT-X-VERSION appears more than once")
        }
        guard let v = line.tagValue.flatMap({ HLSAttributeValue(rawText: $0.text).decimalInteger }) else {
            throw HLSPlaylistError(.invalidTagValue, line: line.number, column: (line.tagValue?.offset ?? 0) + 1,
                                   "#EXT-X-VERSION needs a decimal-integer, found '\(line.tagValue?.text ?? "")'")
        }
        return v
    }
}
