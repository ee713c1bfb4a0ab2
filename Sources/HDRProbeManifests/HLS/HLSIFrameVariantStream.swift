/// One `#EXT-X-I-FRAME-STREAM-INF` (RFC 8216 §4.3.4.3): the EXT-X-STREAM-INF attributes except
/// FRAME-RATE, AUDIO, SUBTITLES and CLOSED-CAPTIONS, plus a REQUIRED `URI` (quoted-string) naming
/// the I-frame Media Playlist. No URI line follows it.
package struct HLSIFrameVariantStream: HLSVariantAttributes, Sendable, Equatable, Codable {
    package var line: Int
    package var attributes: HLSAttributeList

    package init(line: Int, attributes: HLSAttributeList) {
        self.line = line
        self.attributes = attributes
    }

    /// The I-frame playlist URI (REQUIRED).
    package var uri: String? { attributes["URI"]?.quotedString }

    package static let tag = "EXT-X-I-FRAME-STREAM-INF"

    package static func check(_ a: HLSAttributeList, line: Int) throws(HLSPlaylistError) {
        try a.check("BANDWIDTH", .decimalInteger, required: true, tag: tag, line: line)
        try a.check("URI", .quotedString, required: true, tag: tag, line: line)
        try a.check("AVERAGE-BANDWIDTH", .decimalInteger, tag: tag, line: line)
        for name in ["CODECS", "SUPPLEMENTAL-CODECS", "VIDEO"] {
            try a.check(name, .quotedString, tag: tag, line: line)
        }
        try a.check("RESOLUTION", .decimalResolution, tag: tag, line: line)
        try a.check("HDCP-LEVEL", .enumeratedString, tag: tag, line: line)
        try a.check("VIDEO-RANGE", .enumeratedString, tag: tag, line: line)
    }
}
