/// An HLS attribute list (RFC 8216 §4.2): a comma-separated list of `AttributeName=AttributeValue`
/// pairs, no whitespace. Names use `[A-Z]`, `[0-9]` and `-` and must not repeat; a value is either a
/// quoted-string (`"…"`, which may contain commas but no CR, LF or `"`) or an unquoted token that
/// runs to the next comma (decimal-integer, hexadecimal-sequence, decimal-floating-point,
/// signed-decimal-floating-point, decimal-resolution, enumerated-string — see
/// ``HLSAttributeValue`` for reading each type).
///
/// Order and raw text are preserved: ``attributes`` is in playlist order and ``rawText`` is the
/// list exactly as given. An empty text is an empty list. At most
/// ``HLSPlaylistLimits/maxAttributesPerList`` attributes.
package struct HLSAttributeList: Sendable, Equatable, Codable {
    package let rawText: String
    package let attributes: [HLSAttribute]

    package init(rawText: String, attributes: [HLSAttribute]) {
        self.rawText = rawText
        self.attributes = attributes
    }

    /// The attribute called `name` (names are case-sensitive).
    package subscript(name: String) -> HLSAttributeValue? {
        attributes.first { $0.name == name }?.value
    }

    package func attribute(_ name: String) -> HLSAttribute? {
        attributes.first { $0.name == name }
    }

    package var names: [String] { attributes.map(\.name) }

    /// Parses `text`. `columnOffset` is the number of characters before the list in its line
    /// (e.g. 18 for `#EXT-X-STREAM-INF:`), so error columns are line columns.
    package static func parse(_ text: String, columnOffset: Int = 0) throws(HLSAttributeListError) -> HLSAttributeList {
        let s = Array(text.unicodeScalars)
        var attributes: [HLSAttribute] = []
        var seen = Set<String>()
        var i = 0
        func column(_ index: Int) -> Int { columnOffset + index + 1 }
        guard !s.isEmpty else { return HLSAttributeList(rawText: text, attributes: []) }

        while true {
            // AttributeName
            let nameStart = i
            while i < s.count, s[i] != "=", s[i] != "," {
                let c = s[i]
                guard (c >= "A" && c <= "Z") || (c >= "0" && c <= "9") || c == "-" else {
                    throw HLSAttributeListError(column: column(i), reason: .invalidNameCharacter(String(c)))
                }
                i += 1
            }
            let name = String(String.UnicodeScalarView(s[nameStart..<i]))
            guard !name.isEmpty else { throw HLSAttributeListError(column: column(i), reason: .expectedAttributeName) }
            guard i < s.count, s[i] == "=" else {
                throw HLSAttributeListError(column: column(i), reason: .missingEquals(name: name))
            }
            guard !seen.contains(name) else {
                throw HLSAttributeListError(column: column(nameStart), reason: .duplicateAttribute(name: name))
            }
            guard attributes.count < HLSPlaylistLimits.maxAttributesPerList else {
                throw HLSAttributeListError(column: column(nameStart),
                                            reason: .tooManyAttributes(limit: HLSPlaylistLimits.maxAttributesPerList))
            }
            i += 1   // '='
            // AttributeValue
            let valueStart = i
            if i < s.count, s[i] == "\"" {
                i += 1
                while i < s.count, s[i] != "\"" {
                    guard s[i] != "\r", s[i] != "\n" else {
                        throw HLSAttributeListError(column: column(i), reason: .invalidCharacterInQuotedString(name: name))
                    }
                    i += 1
                }
                guard i < s.count else {
                    throw HLSAttributeListError(column: column(valueStart), reason: .unterminatedQuotedString(name: name))
                }
                i += 1   // closing quote
                guard i == s.count || s[i] == "," else {
                    throw HLSAttributeListError(column: column(i), reason: .expectedCommaAfterQuotedString(name: name))
                }
            } else {
                while i < s.count, s[i] != "," {
                    let c = s[i]
                    guard c != "\"", !HLSAttributeValue.isWhitespace(c) else {
                        throw HLSAttributeListError(column: column(i),
                                                    reason: .invalidCharacterInValue(name: name, character: String(c)))
                    }
                    i += 1
                }
                guard i > valueStart else {
                    throw HLSAttributeListError(column: column(valueStart), reason: .emptyValue(name: name))
                }
            }
            let raw = String(String.UnicodeScalarView(s[valueStart..<i]))
            attributes.append(HLSAttribute(name: name, value: HLSAttributeValue(rawText: raw), column: column(nameStart)))
            seen.insert(name)
            if i == s.count { break }
            i += 1   // ','
            if i == s.count { throw HLSAttributeListError(column: column(i), reason: .expectedAttributeName) }
        }
        return HLSAttributeList(rawText: text, attributes: attributes)
    }
}
