/// One attribute value of an HLS attribute list, kept as written (RFC 8216 §4.2).
///
/// The text alone does not say which type a value has (`25` is a decimal-integer, a
/// decimal-floating-point and an enumerated-string alike), so each accessor returns the value read
/// as that type, or nil when the text does not have that type's syntax. Quoted-strings are only
/// ever quoted-strings; the other types are only ever unquoted.
package struct HLSAttributeValue: Sendable, Equatable, Codable, CustomStringConvertible {
    /// The value exactly as in the playlist, quotes included.
    package let rawText: String

    package init(rawText: String) {
        self.rawText = rawText
    }

    package var description: String { rawText }

    package var isQuoted: Bool { rawText.hasPrefix("\"") }

    /// The characters between the quotes of a quoted-string (no escapes exist in HLS).
    package var quotedString: String? {
        guard isQuoted, rawText.count >= 2, rawText.hasSuffix("\"") else { return nil }
        return String(rawText.dropFirst().dropLast())
    }

    /// An unquoted value (enumerated-string): no `"`, `,` or whitespace, not empty.
    package var enumeratedString: String? {
        guard !rawText.isEmpty, !rawText.unicodeScalars.contains(where: { $0 == "\"" || $0 == "," || Self.isWhitespace($0) })
        else { return nil }
        return rawText
    }

    /// A decimal-integer: 1 to 20 digits, at most 2⁶⁴ − 1.
    package var decimalInteger: UInt64? {
        Self.decimalInteger(Substring(rawText))
    }

    /// A hexadecimal-sequence (`0x…` / `0X…`) as bytes; an odd digit count is read with a leading
    /// zero nibble. Lower-case digits are accepted (RFC 8216 lists `[0..9]` and `[A..F]`; common
    /// playlists write `0xabc…` IVs).
    package var hexadecimalSequence: [UInt8]? {
        let s = rawText.unicodeScalars
        guard s.count > 2, rawText.hasPrefix("0x") || rawText.hasPrefix("0X") else { return nil }
        var nibbles: [UInt8] = []
        for c in s.dropFirst(2) {
            guard let v = Self.hexValue(c) else { return nil }
            nibbles.append(v)
        }
        if nibbles.count % 2 == 1 { nibbles.insert(0, at: 0) }
        return stride(from: 0, to: nibbles.count, by: 2).map { nibbles[$0] << 4 | nibbles[$0 + 1] }
    }

    /// A decimal-floating-point: digits with at most one `.`, at least one digit.
    package var decimalFloatingPoint: Double? {
        Self.isDecimalFloat(Substring(rawText)) ? Double(rawText) : nil
    }

    /// A signed-decimal-floating-point: an optional `-` then a decimal-floating-point.
    package var signedDecimalFloatingPoint: Double? {
        let body = rawText.hasPrefix("-") ? rawText.dropFirst() : Substring(rawText)
        return Self.isDecimalFloat(body) ? Double(rawText) : nil
    }

    /// A decimal-resolution: `<decimal-integer>x<decimal-integer>`.
    package var decimalResolution: HLSResolution? {
        let parts = rawText.split(separator: "x", maxSplits: 2, omittingEmptySubsequences: false)
        guard parts.count == 2, let w = Self.decimalInteger(parts[0]), let h = Self.decimalInteger(parts[1]) else {
            return nil
        }
        guard w <= UInt64(Int.max), h <= UInt64(Int.max) else { return nil }
        return HLSResolution(width: Int(w), height: Int(h))
    }

    /// True when the text has the syntax of `type`.
    package func conforms(to type: HLSAttributeType) -> Bool {
        switch type {
        case .decimalInteger: return decimalInteger != nil
        case .hexadecimalSequence: return hexadecimalSequence != nil
        case .decimalFloatingPoint: return decimalFloatingPoint != nil
        case .signedDecimalFloatingPoint: return signedDecimalFloatingPoint != nil
        case .quotedString: return quotedString != nil
        case .enumeratedString: return enumeratedString != nil
        case .decimalResolution: return decimalResolution != nil
        }
    }

    // MARK: Lexical helpers

    package static func isWhitespace(_ c: Unicode.Scalar) -> Bool {
        c == " " || c == "\t" || c == "\r" || c == "\n" || c.properties.isWhitespace
    }

    package static func isDigit(_ c: Unicode.Scalar) -> Bool { c >= "0" && c <= "9" }

    package static func hexValue(_ c: Unicode.Scalar) -> UInt8? {
        switch c {
        case "0"..."9": return UInt8(c.value - 48)
        case "A"..."F": return UInt8(c.value - 55)
        case "a"..."f": return UInt8(c.value - 87)
        default: return nil
        }
    }

    package static func decimalInteger(_ s: Substring) -> UInt64? {
        guard (1...20).contains(s.unicodeScalars.count), s.unicodeScalars.allSatisfy(isDigit) else { return nil }
        return UInt64(s)
    }

    package static func isDecimalFloat(_ s: Substring) -> Bool {
        var digits = 0, dots = 0
        for c in s.unicodeScalars {
            if isDigit(c) { digits += 1 } else if c == "." { dots += 1 } else { return false }
        }
        return digits > 0 && dots <= 1
    }
}
