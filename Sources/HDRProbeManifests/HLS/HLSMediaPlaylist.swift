/// A whole Media Playlist (RFC 8216bis §4.4.3, §4.4.4): every Media Segment with its duration,
/// byte range, the Media Initialization Section it uses, the discontinuity before it and whether
/// it is encrypted — what validating a whole presentation walks (`docs/rules/hls-presentation.md`).
/// ``HLSMediaPlaylistHead`` stays the quick read of the first segment only.
///
/// Byte ranges without an offset continue where the previous range of the same resource ended
/// (§4.4.4.2); they are stored resolved. Tags this reading does not need are skipped.
package struct HLSMediaPlaylist: Sendable, Equatable {
    package struct Segment: Sendable, Equatable {
        package var uri: String
        /// The line of the URI.
        package var line: Int
        /// `#EXTINF` duration in seconds.
        package var duration: Double
        /// The resolved byte range, nil for the whole resource.
        package var byteRange: HLSByteRange?
        /// The `#EXT-X-MAP` in force: URI and byte range.
        package var mapURI: String?
        package var mapByteRange: HLSByteRange?
        /// `#EXT-X-DISCONTINUITY` before this segment.
        package var discontinuity: Bool
        /// The `#EXT-X-KEY` METHOD in force (`NONE` when clear).
        package var keyMethod: String
    }

    package var version: UInt64?
    package var targetDuration: UInt64?
    package var playlistType: String?
    package var endList = false
    /// `#EXT-X-I-FRAMES-ONLY`: each segment is one I-frame (a byte range of a media segment).
    package var iFramesOnly = false
    package var segments: [Segment] = []

    package init() {}

    package static func parse(bytes: [UInt8]) throws(HLSPlaylistError) -> HLSMediaPlaylist {
        guard bytes.count <= HLSPlaylistLimits.maxBytes else {
            throw HLSPlaylistError(.limitExceeded, line: 1, "playlist is \(bytes.count) bytes, more than the \(HLSPlaylistLimits.maxBytes)-byte limit")
        }
        let lines = try HLSPlaylistLine.split(bytes, allowByteOrderMark: false)
        try HLSPlaylistLine.checkHeader(lines)
        var playlist = HLSMediaPlaylist()
        var extinf: (line: Int, duration: Double)?
        var range: HLSByteRange?
        var mapURI: String?, mapRange: HLSByteRange?
        var discontinuity = false
        var keyMethod = "NONE"
        var rangeEnds: [String: Int] = [:]
        for line in lines.dropFirst() {
            if line.isBlank || line.isComment { continue }
            if line.isURI {
                guard let inf = extinf else {
                    throw HLSPlaylistError(.unexpectedURI, line: line.number, column: 1, "URI line '\(line.text.prefix(80))' is not preceded by #EXTINF")
                }
                var resolved = range
                if var r = range {
                    if r.offset == nil {
                        guard let end = rangeEnds[line.text] else {
                            throw HLSPlaylistError(.invalidTagValue, line: inf.line,
                                                   "#EXT-X-BYTERANGE without an offset follows no earlier range of \(line.text.prefix(80))")
                        }
                        r.offset = end
                    }
                    rangeEnds[line.text] = r.offset! + r.length
                    resolved = r
                }
                playlist.segments.append(Segment(uri: line.text, line: line.number, duration: inf.duration, byteRange: resolved,
                                                 mapURI: mapURI, mapByteRange: mapRange, discontinuity: discontinuity, keyMethod: keyMethod))
                guard playlist.segments.count <= HLSPlaylistLimits.maxSegments else {
                    throw HLSPlaylistError(.limitExceeded, line: line.number, "more than \(HLSPlaylistLimits.maxSegments) segments")
                }
                extinf = nil
                range = nil
                discontinuity = false
                continue
            }
            switch line.tagName {
            case "EXTM3U": throw HLSPlaylistError(.duplicateTag, line: line.number, "#EXTM3U appears again")
            case "EXT-X-VERSION": playlist.version = try HLSTagCatalog.version(line, previous: playlist.version)
            case "EXT-X-TARGETDURATION":
                guard let v = line.tagValue.flatMap({ HLSAttributeValue(rawText: $0.text).decimalInteger }) else {
                    throw HLSPlaylistError(.invalidTagValue, line: line.number, "#EXT-X-TARGETDURATION needs a decimal-integer")
                }
                playlist.targetDuration = v
            case "EXT-X-PLAYLIST-TYPE": playlist.playlistType = line.tagValue?.text
            case "EXT-X-ENDLIST": playlist.endList = true
            case "EXT-X-I-FRAMES-ONLY": playlist.iFramesOnly = true
            case "EXT-X-DISCONTINUITY": discontinuity = true
            case "EXT-X-KEY":
                keyMethod = (try line.attributeList())["METHOD"]?.enumeratedString ?? "NONE"
            case "EXT-X-MAP":
                let a = try line.attributeList()
                guard let uri = a["URI"]?.quotedString else {
                    throw HLSPlaylistError(.invalidTagValue, line: line.number, "#EXT-X-MAP needs URI")
                }
                mapURI = uri
                mapRange = a["BYTERANGE"]?.quotedString.flatMap(HLSByteRange.init)
            case "EXT-X-BYTERANGE":
                guard let r = line.tagValue.flatMap({ HLSByteRange($0.text) }) else {
                    throw HLSPlaylistError(.invalidTagValue, line: line.number, "#EXT-X-BYTERANGE needs '<n>[@<o>]'")
                }
                range = r
            case "EXTINF":
                if let inf = extinf {
                    throw HLSPlaylistError(.missingURI, line: inf.line, "#EXTINF is not followed by a URI line (found #EXTINF on line \(line.number))")
                }
                guard let value = line.tagValue?.text, let comma = value.firstIndex(of: ","),
                      let d = HLSAttributeValue(rawText: String(value[..<comma])).decimalFloatingPoint else {
                    throw HLSPlaylistError(.invalidTagValue, line: line.number, "#EXTINF needs '<duration>,[<title>]' with a decimal duration")
                }
                extinf = (line.number, d)
            default:
                if HLSTagCatalog.multivariantPlaylistTags.contains(line.tagName) {
                    throw HLSPlaylistError(.multivariantPlaylistTag, line: line.number, column: 1,
                                           "#\(line.tagName) is a Multivariant Playlist tag: this is not a Media Playlist")
                }
            }
        }
        if let inf = extinf { throw HLSPlaylistError(.missingURI, line: inf.line, "#EXTINF is not followed by a URI line (end of playlist)") }
        return playlist
    }
}
