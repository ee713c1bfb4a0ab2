/// The attribute value types of an HLS attribute list (RFC 8216 §4.2; unchanged in
/// draft-pantos-hls-rfc8216bis §4.2). Which type an attribute has is fixed by the tag that
/// defines it (RFC 8216 §4.3.4.1 EXT-X-MEDIA, §4.3.4.2 EXT-X-STREAM-INF, …), not by its text.
package enum HLSAttributeType: String, Sendable, Equatable, Codable, CaseIterable {
    /// `[0..9]`, 1 to 20 characters, 0 … 2⁶⁴ − 1.
    case decimalInteger
    /// `0x` or `0X` followed by hexadecimal digits.
    case hexadecimalSequence
    /// `[0..9]` and `.`, non-negative, positional notation.
    case decimalFloatingPoint
    /// As decimal-floating-point with an optional leading `-`.
    case signedDecimalFloatingPoint
    /// Between double quotes; no CR, LF or `"` inside.
    case quotedString
    /// Unquoted; no `"`, `,` or whitespace.
    case enumeratedString
    /// Two decimal-integers separated by `x` (`1920x1080`).
    case decimalResolution

    /// The RFC's own name for the type (for messages).
    package var rfcName: String {
        switch self {
        case .decimalInteger: return "decimal-integer"
        case .hexadecimalSequence: return "hexadecimal-sequence"
        case .decimalFloatingPoint: return "decimal-floating-point"
        case .signedDecimalFloatingPoint: return "signed-decimal-floating-point"
        case .quotedString: return "quoted-string"
        case .enumeratedString: return "enumerated-string"
        case .decimalResolution: return "decimal-resolution"
        }
    }
}
