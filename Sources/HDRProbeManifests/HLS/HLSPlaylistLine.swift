/// One line of an HLS playlist and the splitting rules of RFC 8216 §4.1: lines end with LF or
/// CR LF; the text must be UTF-8 without a byte order mark ("clients SHOULD fail to parse
/// Playlists that contain a BOM or do not parse as UTF-8"); a line is a URI, blank, or starts with
/// `#` — a tag when it starts with `#EXT`, otherwise a comment (both case-sensitive). Caps from
/// ``HLSPlaylistLimits``.
package struct HLSPlaylistLine: Sendable, Equatable {
    /// 1-based line number.
    package let number: Int
    /// The line without its terminator.
    package let text: String

    package var isBlank: Bool { text.isEmpty }
    package var isTag: Bool { text.hasPrefix("#EXT") }
    package var isComment: Bool { text.hasPrefix("#") && !isTag }
    package var isURI: Bool { !isBlank && !text.hasPrefix("#") }

    /// The tag name without `#` (`EXT-X-STREAM-INF`), for tag lines.
    package var tagName: String {
        let body = text.dropFirst()
        return String(body.prefix { $0 != ":" })
    }

    /// The text after the first `:` of a tag line, and its 0-based offset in the line (in Unicode
    /// scalars); nil when the tag has no `:`.
    package var tagValue: (text: String, offset: Int)? {
        guard let colon = text.firstIndex(of: ":") else { return nil }
        let offset = text.unicodeScalars[..<colon].count + 1
        return (String(text[text.index(after: colon)...]), offset)
    }

    /// Splits playlist bytes into lines, enforcing the BOM, UTF-8 and size rules.
    package static func split(_ bytes: [UInt8], allowByteOrderMark: Bool) throws(HLSPlaylistError) -> [HLSPlaylistLine] {
        guard bytes.count <= HLSPlaylistLimits.maxBytes else {
            throw HLSPlaylistError(.limitExceeded, line: 1,
                                   "playlist is \(bytes.count) bytes, more than the \(HLSPlaylistLimits.maxBytes)-byte limit")
        }
        var start = 0
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
            guard allowByteOrderMark else {
                throw HLSPlaylistError(.byteOrderMark, line: 1, column: 1,
                                       "playlist starts with a UTF-8 byte order mark (RFC 8216 §4.1 forbids it)")
            }
            start = 3
        }
        var lines: [HLSPlaylistLine] = []
        while start < bytes.count {
            let number = lines.count + 1
            guard number <= HLSPlaylistLimits.maxLines else {
                throw HLSPlaylistError(.limitExceeded, line: number,
                                       "more than \(HLSPlaylistLimits.maxLines) lines")
            }
            var end = start
            while end < bytes.count && bytes[end] != 0x0A { end += 1 }
            let next = end + 1
            if end > start && bytes[end - 1] == 0x0D { end -= 1 }   // CR LF (or a final CR)
            guard end - start <= HLSPlaylistLimits.maxLineLength else {
                throw HLSPlaylistError(.limitExceeded, line: number,
                                       "line is \(end - start) bytes, more than the \(HLSPlaylistLimits.maxLineLength)-byte limit")
            }
            guard let text = String(validating: bytes[start..<end], as: UTF8.self) else {
                throw HLSPlaylistError(.invalidUTF8, line: number, "line is not valid UTF-8")
            }
            lines.append(HLSPlaylistLine(number: number, text: text))
            start = next
        }
        return lines
    }

    /// Checks `#EXTM3U` on line 1 (RFC 8216 §4.3.1.1: "MUST be the first line").
    package static func checkHeader(_ lines: [HLSPlaylistLine]) throws(HLSPlaylistError) {
        guard let first = lines.first, first.text == "#EXTM3U" else {
            let seen = lines.first.map { "'\($0.text.prefix(40))'" } ?? "an empty playlist"
            throw HLSPlaylistError(.missingHeader, line: 1, "first line must be #EXTM3U, found \(seen)")
        }
    }

    /// Parses the attribute list of a tag line; a tag without `:` has an empty list.
    package func attributeList() throws(HLSPlaylistError) -> HLSAttributeList {
        guard let (value, offset) = tagValue else { return HLSAttributeList(rawText: "", attributes: []) }
        do {
            return try HLSAttributeList.parse(value, columnOffset: offset)
        } catch {
            throw HLSPlaylistError(.invalidAttributeList, line: number, column: error.column,
                                   "#\(tagName): \(error.message)", attributeError: error)
        }
    }
}
