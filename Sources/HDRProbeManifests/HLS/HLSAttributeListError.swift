/// Why an HLS attribute list could not be parsed (RFC 8216 §4.2 grammar), and where: `column` is
/// 1-based, counted in Unicode scalars within the playlist line (the caller passes the offset of
/// the list inside its line).
package struct HLSAttributeListError: Error, Sendable, Equatable, Codable, CustomStringConvertible {
    package enum Reason: Sendable, Equatable, Codable {
        /// An attribute name was expected here (start of the list, or after a `,`) but the text is
        /// empty or starts with `=`.
        case expectedAttributeName
        /// A name character outside `[A-Z]`, `[0-9]` and `-` (e.g. lower case, whitespace).
        case invalidNameCharacter(String)
        /// The name is not followed by `=`.
        case missingEquals(name: String)
        /// `NAME=` with nothing after the `=`.
        case emptyValue(name: String)
        /// A quoted-string without its closing `"`.
        case unterminatedQuotedString(name: String)
        /// A CR or LF inside a quoted-string.
        case invalidCharacterInQuotedString(name: String)
        /// Something other than `,` or the end of the list right after a closing `"`.
        case expectedCommaAfterQuotedString(name: String)
        /// Whitespace or `"` inside an unquoted value.
        case invalidCharacterInValue(name: String, character: String)
        /// The same AttributeName twice ("MUST NOT appear more than once").
        case duplicateAttribute(name: String)
        /// More attributes than ``HLSPlaylistLimits/maxAttributesPerList``.
        case tooManyAttributes(limit: Int)
    }

    package let column: Int
    package let reason: Reason

    package init(column: Int, reason: Reason) {
        self.column = column
        self.reason = reason
    }

    package var message: String {
        switch reason {
        case .expectedAttributeName:
            return "expected an attribute name"
        case .invalidNameCharacter(let c):
            return "invalid character \(Self.show(c)) in attribute name (allowed: A-Z, 0-9, '-')"
        case .missingEquals(let name):
            return "attribute \(name) has no '='"
        case .emptyValue(let name):
            return "attribute \(name) has an empty value"
        case .unterminatedQuotedString(let name):
            return "unterminated quoted-string in attribute \(name)"
        case .invalidCharacterInQuotedString(let name):
            return "carriage return or line feed inside the quoted-string of attribute \(name)"
        case .expectedCommaAfterQuotedString(let name):
            return "expected ',' after the quoted-string of attribute \(name)"
        case .invalidCharacterInValue(let name, let c):
            return "invalid character \(Self.show(c)) in the unquoted value of attribute \(name)"
        case .duplicateAttribute(let name):
            return "attribute \(name) appears more than once"
        case .tooManyAttributes(let limit):
            return "more than \(limit) attributes in one attribute list"
        }
    }

    package var description: String { "column \(column): \(message)" }

    private static func show(_ c: String) -> String {
        switch c {
        case " ": return "' ' (space)"
        case "\t": return "'\\t'"
        case "\r": return "'\\r'"
        default: return "'\(c)'"
        }
    }
}
