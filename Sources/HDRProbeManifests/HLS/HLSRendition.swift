/// One `#EXT-X-MEDIA` (RFC 8216 §4.3.4.1): an alternative rendition. TYPE (AUDIO, VIDEO,
/// SUBTITLES, CLOSED-CAPTIONS), GROUP-ID and NAME are REQUIRED; URI must not be present for
/// CLOSED-CAPTIONS, whose INSTREAM-ID is REQUIRED; DEFAULT / AUTOSELECT / FORCED are YES or NO.
package struct HLSRendition: Sendable, Equatable, Codable {
    package var line: Int
    package var attributes: HLSAttributeList

    package init(line: Int, attributes: HLSAttributeList) {
        self.line = line
        self.attributes = attributes
    }

    package var type: String? { attributes["TYPE"]?.enumeratedString }
    package var groupID: String? { attributes["GROUP-ID"]?.quotedString }
    package var name: String? { attributes["NAME"]?.quotedString }
    package var uri: String? { attributes["URI"]?.quotedString }
    package var language: String? { attributes["LANGUAGE"]?.quotedString }
    /// `CHANNELS` (`"2"`, `"16/JOC"` for Atmos — docs/rules/hls-signalling.md §8).
    package var channels: String? { attributes["CHANNELS"]?.quotedString }
    package var isDefault: Bool { attributes["DEFAULT"]?.rawText == "YES" }
    package var isAutoselect: Bool { attributes["AUTOSELECT"]?.rawText == "YES" }

    package static let tag = "EXT-X-MEDIA"
    package static let types = ["AUDIO", "VIDEO", "SUBTITLES", "CLOSED-CAPTIONS"]

    package static func check(_ a: HLSAttributeList, line: Int) throws(HLSPlaylistError) {
        try a.checkEnumerated("TYPE", allowed: types, required: true, tag: tag, line: line)
        try a.check("GROUP-ID", .quotedString, required: true, tag: tag, line: line)
        try a.check("NAME", .quotedString, required: true, tag: tag, line: line)
        for name in ["URI", "LANGUAGE", "ASSOC-LANGUAGE", "INSTREAM-ID", "CHARACTERISTICS", "CHANNELS"] {
            try a.check(name, .quotedString, tag: tag, line: line)
        }
        for name in ["DEFAULT", "AUTOSELECT", "FORCED"] {
            try a.checkEnumerated(name, allowed: ["YES", "NO"], tag: tag, line: line)
        }
        if a["TYPE"]?.rawText == "CLOSED-CAPTIONS" {
            if let uri = a.attribute("URI") {
                throw HLSPlaylistError(.conflictingAttributes, line: line, column: uri.column,
                                       "#\(tag): URI must not be present when TYPE is CLOSED-CAPTIONS")
            }
            try a.check("INSTREAM-ID", .quotedString, required: true, tag: tag, line: line)
        }
    }
}
