/// The start of a Media Playlist, read just far enough to fetch the first media: the
/// initialization section (`#EXT-X-MAP:URI="…"[,BYTERANGE="n@o"]`, RFC 8216 §4.3.2.5) in force for
/// the first segment, and the first Media Segment — its `#EXTINF:<duration>,[<title>]` (§4.3.2.1)
/// and the URI line after it: ``HLSMediaPlaylist``'s read, stopped at the first segment URI.
///
/// Same line grammar, header check, caps and error type as ``HLSMultivariantPlaylist``; a
/// Multivariant Playlist tag (EXT-X-STREAM-INF, …) is an error (``HLSPlaylistError/Kind/multivariantPlaylistTag``).
package struct HLSMediaPlaylistHead: Sendable, Equatable, Codable {
    package var version: UInt64?
    /// `EXT-X-TARGETDURATION`, when it comes before the first segment.
    package var targetDuration: UInt64?
    /// `EXT-X-MAP` URI in force for the first segment (the last one before it).
    package var initSegmentURI: String?
    /// `EXT-X-MAP` BYTERANGE.
    package var initSegmentByteRange: HLSByteRange?
    package var initSegmentLine: Int?
    package var firstSegmentURI: String?
    /// `EXT-X-BYTERANGE` of the first segment, when it is a sub-range.
    package var firstSegmentByteRange: HLSByteRange?
    package var firstSegmentLine: Int?
    /// The first EXTINF duration, seconds.
    package var firstSegmentDuration: Double?

    package init() {}

    package static func parse(_ text: String, allowByteOrderMark: Bool = false) throws(HLSPlaylistError) -> HLSMediaPlaylistHead {
        guard text.utf8.count <= HLSPlaylistLimits.maxBytes else {
            throw HLSPlaylistError(.limitExceeded, line: 1,
                                   "playlist is \(text.utf8.count) bytes, more than the \(HLSPlaylistLimits.maxBytes)-byte limit")
        }
        return try parse(bytes: Array(text.utf8), allowByteOrderMark: allowByteOrderMark)
    }

    package static func parse(bytes: [UInt8], allowByteOrderMark: Bool = false) throws(HLSPlaylistError) -> HLSMediaPlaylistHead {
        let playlist = try HLSMediaPlaylist.parse(bytes: bytes, segmentLimit: 1, allowByteOrderMark: allowByteOrderMark)
        var head = HLSMediaPlaylistHead()
        head.version = playlist.version
        head.targetDuration = playlist.targetDuration
        let first = playlist.segments.first
        if let map = first?.map ?? playlist.mapInForce {
            head.initSegmentURI = map.uri
            head.initSegmentByteRange = map.byteRange
            head.initSegmentLine = map.line
        }
        head.firstSegmentURI = first?.uri
        head.firstSegmentByteRange = first?.byteRange
        head.firstSegmentLine = first?.line
        head.firstSegmentDuration = first?.duration
        return head
    }
}
