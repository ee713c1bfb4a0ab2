/// Why an HLS playlist could not be read, with the 1-based line number (and the 1-based column,
/// in Unicode scalars, when one position is at fault). Grammar from RFC 8216 §4.1 (lines, BOM,
/// UTF-8), §4.2 (attribute lists), §4.3 (tags); caps from ``HLSPlaylistLimits``.
package struct HLSPlaylistError: Error, Sendable, Equatable, Codable, CustomStringConvertible {
    package enum Kind: String, Sendable, Equatable, Codable, CaseIterable {
        /// Line 1 is not `#EXTM3U` (RFC 8216 §4.3.1.1).
        case missingHeader
        /// The text starts with a byte order mark; RFC 8216 §4.1: "clients SHOULD fail to parse".
        case byteOrderMark
        /// A line is not valid UTF-8 (RFC 8216 §4.1).
        case invalidUTF8
        /// Input, line count or line length beyond ``HLSPlaylistLimits``.
        case limitExceeded
        /// An attribute list breaks the RFC 8216 §4.2 grammar (see `attributeError`).
        case invalidAttributeList
        /// A REQUIRED attribute is absent (e.g. BANDWIDTH).
        case missingRequiredAttribute
        /// An attribute value has the wrong type or an unknown enumerated value.
        case invalidAttributeValue
        /// Attributes that exclude or require each other (e.g. VALUE and URI in EXT-X-SESSION-DATA).
        case conflictingAttributes
        /// A tag's own value is malformed (EXT-X-VERSION, EXTINF duration, …).
        case invalidTagValue
        /// A tag that may appear once appears again (EXT-X-VERSION).
        case duplicateTag
        /// EXT-X-STREAM-INF or EXTINF not followed by a URI line.
        case missingURI
        /// A URI line with no tag that introduces it.
        case unexpectedURI
        /// A Media Playlist tag (EXTINF, EXT-X-TARGETDURATION, …) where a Multivariant Playlist was
        /// expected — "A Playlist MUST NOT be both" (RFC 8216 §4.1 / §4.3.4).
        case mediaPlaylistTag
        /// A Multivariant Playlist tag (EXT-X-STREAM-INF, …) where a Media Playlist was expected.
        case multivariantPlaylistTag
    }

    package let kind: Kind
    package let line: Int
    package let column: Int?
    package let message: String
    /// The attribute-list error behind an ``Kind/invalidAttributeList``.
    package let attributeError: HLSAttributeListError?

    package init(_ kind: Kind, line: Int, column: Int? = nil, _ message: String,
                attributeError: HLSAttributeListError? = nil) {
        self.kind = kind
        self.line = line
        self.column = column
        self.message = message
        self.attributeError = attributeError
    }

    package var description: String {
        "line \(line)" + (column.map { ", column \($0)" } ?? "") + ": " + message
    }
}
