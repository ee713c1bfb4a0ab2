/// One `#EXT-X-SESSION-DATA` (RFC 8216 §4.3.4.4): DATA-ID (REQUIRED quoted-string) with either a
/// VALUE or a URI (quoted-strings; "MUST contain either a VALUE or URI attribute, but not both"),
/// and an optional LANGUAGE.
package struct HLSSessionData: Sendable, Equatable, Codable {
    package var line: Int
    package var attributes: HLSAttributeList

    package init(line: Int, attributes: HLSAttributeList) {
        self.line = line
        self.attributes = attributes
    }

    package var dataID: String? { attributes["DATA-ID"]?.quotedString }
    package var value: String? { attributes["VALUE"]?.quotedString }
    package var uri: String? { attributes["URI"]?.quotedString }
    package var language: String? { attributes["LANGUAGE"]?.quotedString }

    package static let tag = "EXT-X-SESSION-DATA"

    package static func check(_ a: HLSAttributeList, line: Int) throws(HLSPlaylistError) {
        try a.check("DATA-ID", .quotedString, required: true, tag: tag, line: line)
        for name in ["VALUE", "URI", "LANGUAGE"] {
            try a.check(name, .quotedString, tag: tag, line: line)
        }
        switch (a["VALUE"], a["URI"]) {
        case (nil, nil):
            throw HLSPlaylistError(.conflictingAttributes, line: line, "#\(tag) needs a VALUE or a URI attribute")
        case (.some, .some):
            throw HLSPlaylistError(.conflictingAttributes, line: line, column: a.attribute("URI")?.column,
                                   "#\(tag) must not have both VALUE and URI")
        default:
            break
        }
    }
}
