/// A Media Playlist (RFC 8216bis §4.4.3, §4.4.4): every Media Segment with its duration, byte range,
/// the Media Initialization Section it uses, the discontinuity before it and whether it is
/// encrypted — what validating a whole presentation walks (`docs/rules/hls-presentation.md`).
/// ``HLSMediaPlaylistHead`` is this read stopped at the first segment.
///
/// Same line grammar, header check, caps and error type as ``HLSMultivariantPlaylist``; a
/// Multivariant Playlist tag (EXT-X-STREAM-INF, …) is an error
/// (``HLSPlaylistError/Kind/multivariantPlaylistTag``). Byte ranges without an offset continue where
/// the previous range of the same resource ended (§4.4.4.2), or start at 0 on a resource not ranged
/// before; they are stored resolved. Tags the walk does not need are skipped.
package struct HLSMediaPlaylist: Sendable, Equatable {
    /// An `EXT-X-MAP`: the Media Initialization Section (§4.4.4.5).
    package struct Map: Sendable, Equatable {
        package var uri: String
        package var byteRange: HLSByteRange?
        package var line: Int
    }

    package struct Segment: Sendable, Equatable {
        package var uri: String
        /// The line of the URI.
        package var line: Int
        /// `#EXTINF` duration in seconds.
        package var duration: Double
        /// The resolved byte range, nil for the whole resource.
        package var byteRange: HLSByteRange?
        /// The `#EXT-X-MAP` in force.
        package var map: Map?
        /// `#EXT-X-DISCONTINUITY` before this segment.
        package var discontinuity: Bool
        /// The `#EXT-X-KEY` METHOD in force (`NONE` when clear).
        package var keyMethod: String
        /// `#EXT-X-GAP` (§4.4.4.7): the segment is absent on purpose; a client does not load it.
        package var gap = false
    }

    package var version: UInt64?
    package var targetDuration: UInt64?
    package var playlistType: String?
    package var endList = false
    /// `#EXT-X-I-FRAMES-ONLY`: each segment is one I-frame (a byte range of a media segment).
    package var iFramesOnly = false
    package var segments: [Segment] = []
    /// The `#EXT-X-MAP` in force where the read stopped (a playlist may name one before any segment).
    package var mapInForce: Map?

    package init() {}

    /// `segmentLimit`: stop after this many segments (the rest of the playlist is not read).
    package static func parse(bytes: [UInt8], segmentLimit: Int = HLSPlaylistLimits.maxSegments,
                              allowByteOrderMark: Bool = false) throws(HLSPlaylistError) -> HLSMediaPlaylist {
        guard bytes.count <= HLSPlaylistLimits.maxBytes else {
            throw HLSPlaylistError(.limitExceeded, line: 1, "playlist is \(bytes.count) bytes, more than the \(HLSPlaylistLimits.maxBytes)-byte limit")
        }
        let lines = try HLSPlaylistLine.split(bytes, allowByteOrderMark: allowByteOrderMark)
        try HLSPlaylistLine.checkHeader(lines)
        var playlist = HLSMediaPlaylist()
        var extinf: (line: Int, duration: Double)?
        var range: HLSByteRange?
        var discontinuity = false
        var gap = false
        var keyMethod = "NONE"
        var rangeEnds: [String: Int] = [:]
        for line in lines.dropFirst() {
            if line.isBlank || line.isComment { continue }
            if line.isURI {
                guard let inf = extinf else {
                    throw HLSPlaylistError(.unexpectedURI, line: line.number, column: 1, "URI line '\(line.text.prefix(80))' is not preceded by #EXTINF")
                }
                if var r = range {
                    r.offset = r.offset ?? rangeEnds[line.text] ?? 0
                    rangeEnds[line.text] = r.offset! + r.length
                    range = r
                }
                playlist.segments.append(Segment(uri: line.text, line: line.number, duration: inf.duration, byteRange: range,
                                                 map: playlist.mapInForce, discontinuity: discontinuity, keyMethod: keyMethod, gap: gap))
                if playlist.segments.count >= segmentLimit { return playlist }
                extinf = nil
                range = nil
                discontinuity = false
                gap = false
                continue
            }
            let name = line.tagName
            switch name {
            case "EXTM3U": throw HLSPlaylistError(.duplicateTag, line: line.number, "#EXTM3U appears again")
            case "EXT-X-VERSION": playlist.version = try HLSTagCatalog.version(line, previous: playlist.version)
            case "EXT-X-TARGETDURATION":
                guard let v = line.tagValue.flatMap({ HLSAttributeValue(rawText: $0.text).decimalInteger }) else {
                    throw HLSPlaylistError(.invalidTagValue, line: line.number, column: (line.tagValue?.offset ?? 0) + 1,
                                           "#EXT-X-TARGETDURATION needs a decimal-integer")
                }
                playlist.targetDuration = v
            case "EXT-X-PLAYLIST-TYPE": playlist.playlistType = line.tagValue?.text
            case "EXT-X-ENDLIST": playlist.endList = true
            case "EXT-X-I-FRAMES-ONLY": playlist.iFramesOnly = true
            case "EXT-X-DISCONTINUITY": discontinuity = true
            case "EXT-X-GAP": gap = true
            case "EXT-X-KEY": keyMethod = (try line.attributeList())["METHOD"]?.enumeratedString ?? "NONE"
            case "EXT-X-MAP":
                let a = try line.attributeList()
                try a.check("URI", .quotedString, required: true, tag: name, line: line.number)
                try a.check("BYTERANGE", .quotedString, tag: name, line: line.number)
                if let text = a["BYTERANGE"]?.quotedString, HLSByteRange(text) == nil {
                    throw HLSPlaylistError(.invalidAttributeValue, line: line.number, column: a.attribute("BYTERANGE")?.valueColumn,
                                           "#EXT-X-MAP: BYTERANGE=\"\(text)\" must be '<n>[@<o>]'")
                }
                playlist.mapInForce = a["URI"]?.quotedString.map {
                    Map(uri: $0, byteRange: a["BYTERANGE"]?.quotedString.flatMap(HLSByteRange.init), line: line.number)
                }
            case "EXT-X-BYTERANGE":
                guard let r = line.tagValue.flatMap({ HLSByteRange($0.text) }) else {
                    throw HLSPlaylistError(.invalidTagValue, line: line.number, column: (line.tagValue?.offset ?? 0) + 1,
                                           "#EXT-X-BYTERANGE needs '<n>[@<o>]'")
                }
                range = r
            case "EXTINF":
                if let inf = extinf {
                    throw HLSPlaylistError(.missingURI, line: inf.line, "#EXTINF is not followed by a URI line (found #EXTINF on line \(line.number))")
                }
                extinf = (line.number, try extinfDuration(line))
            default:
                if HLSTagCatalog.multivariantPlaylistTags.contains(name) {
                    throw HLSPlaylistError(.multivariantPlaylistTag, line: line.number, column: 1,
                                           "#\(name) is a Multivariant Playlist tag: this is not a Media Playlist")
                }
            }
        }
        if let inf = extinf { throw HLSPlaylistError(.missingURI, line: inf.line, "#EXTINF is not followed by a URI line (end of playlist)") }
        return playlist
    }

    /// `#EXTINF:<duration>,[<title>]`: duration is a decimal-integer or decimal-floating-point.
    private static func extinfDuration(_ line: HLSPlaylistLine) throws(HLSPlaylistError) -> Double {
        guard let value = line.tagValue?.text, let comma = value.firstIndex(of: ","),
              let d = HLSAttributeValue(rawText: String(value[..<comma])).decimalFloatingPoint else {
            throw HLSPlaylistError(.invalidTagValue, line: line.number, column: (line.tagValue?.offset ?? 0) + 1,
                                   "#EXTINF needs '<duration>,[<title>]' with a decimal duration")
        }
        return d
    }
}
