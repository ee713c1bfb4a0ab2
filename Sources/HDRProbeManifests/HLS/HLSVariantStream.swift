/// One `#EXT-X-STREAM-INF` of a Multivariant Playlist and the URI line that follows it
/// (RFC 8216 §4.3.4.2; attributes of draft-pantos-hls-rfc8216bis §4.4.6.2;
/// `docs/rules/hls-signalling.md` §5, §9–§14). The attribute list is kept whole and in order;
/// typed accessors come from ``HLSVariantAttributes``.
package struct HLSVariantStream: HLSVariantAttributes, Sendable, Equatable, Codable {
    /// Line of the `#EXT-X-STREAM-INF` tag.
    package var line: Int
    package var attributes: HLSAttributeList
    /// The Media Playlist URI, as written.
    package var uri: String
    package var uriLine: Int

    package init(line: Int, attributes: HLSAttributeList, uri: String, uriLine: Int) {
        self.line = line
        self.attributes = attributes
        self.uri = uri
        self.uriLine = uriLine
    }

    /// `FRAME-RATE` (decimal-floating-point, frames/s).
    package var frameRate: Double? { attributes["FRAME-RATE"]?.decimalFloatingPoint }
    /// `FRAME-RATE` as written (`23.976`), for exact comparison.
    package var frameRateText: String? { attributes["FRAME-RATE"]?.rawText }
    package var audioGroup: String? { attributes["AUDIO"]?.quotedString }
    package var subtitlesGroup: String? { attributes["SUBTITLES"]?.quotedString }
    /// `CLOSED-CAPTIONS`: a group id (quoted) or `NONE` (enumerated).
    package var closedCaptions: String? {
        guard let v = attributes["CLOSED-CAPTIONS"] else { return nil }
        return v.quotedString ?? v.enumeratedString
    }

    package static let tag = "EXT-X-STREAM-INF"

    /// Type checks of the attributes hdrprobe reads (REQUIRED BANDWIDTH; quoted-string /
    /// enumerated / numeric syntax as the RFC defines each).
    package static func check(_ a: HLSAttributeList, line: Int) throws(HLSPlaylistError) {
        try a.check("BANDWIDTH", .decimalInteger, required: true, tag: tag, line: line)
        try a.check("AVERAGE-BANDWIDTH", .decimalInteger, tag: tag, line: line)
        for name in ["CODECS", "SUPPLEMENTAL-CODECS", "AUDIO", "VIDEO", "SUBTITLES", "STABLE-VARIANT-ID"] {
            try a.check(name, .quotedString, tag: tag, line: line)
        }
        try a.check("RESOLUTION", .decimalResolution, tag: tag, line: line)
        try a.check("FRAME-RATE", .decimalFloatingPoint, tag: tag, line: line)
        try a.check("SCORE", .decimalFloatingPoint, tag: tag, line: line)
        try a.check("HDCP-LEVEL", .enumeratedString, tag: tag, line: line)
        try a.check("VIDEO-RANGE", .enumeratedString, tag: tag, line: line)
        if let cc = a.attribute("CLOSED-CAPTIONS"), cc.value.quotedString == nil, cc.value.rawText != "NONE" {
            throw HLSPlaylistError(.invalidAttributeValue, line: line, column: cc.valueColumn,
                                   "#\(tag): CLOSED-CAPTIONS=\(cc.value.rawText) must be a quoted-string or NONE")
        }
    }
}
