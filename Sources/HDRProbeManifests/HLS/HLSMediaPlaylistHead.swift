/// The start of a Media Playlist, read just far enough to fetch the first media: the
/// initialization section (`#EXT-X-MAP:URI="…"[,BYTERANGE="n@o"]`, RFC 8216 §4.3.2.5) in force for
/// the first segment, and the first Media Segment — its `#EXTINF:<duration>,[<title>]` (§4.3.2.1)
/// and the URI line after it. Segment tags between EXTINF and the URI (EXT-X-BYTERANGE,
/// EXT-X-DISCONTINUITY, …) are allowed and skipped. Reading stops at the first segment URI.
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
        let lines = try HLSPlaylistLine.split(bytes, allowByteOrderMark: allowByteOrderMark)
        try HLSPlaylistLine.checkHeader(lines)
        var head = HLSMediaPlaylistHead()
        var pendingExtinf: (line: Int, duration: Double)? = nil
        var pendingByteRange: HLSByteRange? = nil

        for line in lines.dropFirst() {
            if line.isBlank || line.isComment { continue }
            if line.isURI {
                guard let inf = pendingExtinf else {
                    throw HLSPlaylistError(.unexpectedURI, line: line.number, column: 1,
                                           "URI line '\(line.text.prefix(80))' is not preceded by #EXTINF")
                }
                head.firstSegmentURI = line.text
                head.firstSegmentLine = line.number
                head.firstSegmentDuration = inf.duration
                head.firstSegmentByteRange = pendingByteRange
                return head
            }
            let name = line.tagName
            switch name {
            case "EXTM3U":
                throw HLSPlaylistError(.duplicateTag, line: line.number, "#EXTM3U appears again")
            case "EXT-X-VERSION":
                head.version = try HLSTagCatalog.version(line, previous: head.version)
            case "EXT-X-TARGETDURATION":
                guard let v = line.tagValue.flatMap({ HLSAttributeValue(rawText: $0.text).decimalInteger }) else {
                    throw HLSPlaylistError(.invalidTagValue, line: line.number, column: (line.tagValue?.offset ?? 0) + 1,
                                           "#EXT-X-TARGETDURATION needs a decimal-integer")
                }
                head.targetDuration = v
            case "EXT-X-MAP":
                let a = try line.attributeList()
                try a.check("URI", .quotedString, required: true, tag: name, line: line.number)
                try a.check("BYTERANGE", .quotedString, tag: name, line: line.number)
                if let text = a["BYTERANGE"]?.quotedString, HLSByteRange(text) == nil {
                    throw HLSPlaylistError(.invalidAttributeValue, line: line.number,
                                           column: a.attribute("BYTERANGE")?.valueColumn,
                                           "#EXT-X-MAP: BYTERANGE=\"\(text)\" must be '<n>[@<o>]'")
                }
                head.initSegmentURI = a["URI"]?.quotedString
                head.initSegmentByteRange = a["BYTERANGE"]?.quotedString.flatMap(HLSByteRange.init)
                head.initSegmentLine = line.number
            case "EXT-X-BYTERANGE":
                guard let range = line.tagValue.flatMap({ HLSByteRange($0.text) }) else {
                    throw HLSPlaylistError(.invalidTagValue, line: line.number, column: (line.tagValue?.offset ?? 0) + 1,
                                           "#EXT-X-BYTERANGE needs '<n>[@<o>]'")
                }
                pendingByteRange = range
            case "EXTINF":
                if let inf = pendingExtinf {
                    throw HLSPlaylistError(.missingURI, line: inf.line,
                                           "#EXTINF is not followed by a URI line (found #EXTINF on line \(line.number))")
                }
                pendingExtinf = (line.number, try Self.extinfDuration(line))
            default:
                if HLSTagCatalog.multivariantPlaylistTags.contains(name) {
                    throw HLSPlaylistError(.multivariantPlaylistTag, line: line.number, column: 1,
                                           "#\(name) is a Multivariant Playlist tag: this is not a Media Playlist")
                }
            }
        }
        if let inf = pendingExtinf {
            throw HLSPlaylistError(.missingURI, line: inf.line, "#EXTINF is not followed by a URI line (end of playlist)")
        }
        return head
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
