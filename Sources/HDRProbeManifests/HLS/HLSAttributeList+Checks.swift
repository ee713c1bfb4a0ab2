
/// Typed checks of attribute lists against the tag definitions (RFC 8216 §4.3.4,
/// draft-pantos-hls-rfc8216bis §4.4.6), turning violations into ``HLSPlaylistError``s that name
/// the line, the column of the value and the attribute.
extension HLSAttributeList {
    /// Throws when `name` is absent and `required`, or present without the syntax of `type`.
    package func check(_ name: String, _ type: HLSAttributeType, required: Bool = false, tag: String,
               line: Int) throws(HLSPlaylistError) {
        guard let a = attribute(name) else {
            if required {
                throw HLSPlaylistError(.missingRequiredAttribute, line: line,
                                       "#\(tag) has no \(name) attribute (REQUIRED)")
            }
            return
        }
        guard a.value.conforms(to: type) else {
            throw HLSPlaylistError(.invalidAttributeValue, line: line, column: a.valueColumn,
                                   "#\(tag): \(name)=\(a.value.rawText) is not a \(type.rfcName)")
        }
    }

    /// Throws when `name` is present with a value outside `allowed` (or quoted).
    package func checkEnumerated(_ name: String, allowed: [String], required: Bool = false, tag: String,
                         line: Int) throws(HLSPlaylistError) {
        try check(name, .enumeratedString, required: required, tag: tag, line: line)
        guard let a = attribute(name) else { return }
        guard allowed.contains(a.value.rawText) else {
            throw HLSPlaylistError(.invalidAttributeValue, line: line, column: a.valueColumn,
                                   "#\(tag): \(name)=\(a.value.rawText) is not one of \(allowed.joined(separator: ", "))")
        }
    }
}
