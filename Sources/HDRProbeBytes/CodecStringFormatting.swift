/// Number formatting and parsing shared by the codec-string types: the RFC 6381 elements are
/// fixed-width decimal (`dvh1.08.06`, `av01.0.04M.10`, `vp09.02.10.10`) or hexadecimal
/// (`avc1.640029`, the HEVC compatibility flags and constraint bytes,
/// `docs/rules/hls-signalling.md` §2–§7). Pure Swift, no Foundation.
package enum CodecStringFormatting {
    /// `value` in decimal, left-padded with zeros to `width` digits (never truncated).
    package static func decimal(_ value: Int, width: Int) -> String {
        let digits = String(value)
        return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
    }

    /// `value` in hexadecimal, left-padded with zeros to `width` digits (0 = no padding).
    package static func hex<T: BinaryInteger>(_ value: T, width: Int = 0, uppercase: Bool) -> String {
        let digits = String(value, radix: 16, uppercase: uppercase)
        return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
    }

    /// A run of ASCII decimal digits (optionally of exactly `width` digits) as an integer.
    package static func parseDecimal<S: StringProtocol>(_ text: S, width: Int? = nil) -> Int? {
        guard !text.isEmpty, text.count <= 9, text.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        if let width, text.count != width { return nil }
        return Int(text)
    }

    /// A run of 1…`maxDigits` ASCII hexadecimal digits (either case) as an integer.
    package static func parseHex<S: StringProtocol>(_ text: S, maxDigits: Int) -> UInt64? {
        guard !text.isEmpty, text.count <= maxDigits, text.allSatisfy({ $0.isASCII && $0.isHexDigit }) else {
            return nil
        }
        return UInt64(text, radix: 16)
    }

    /// The period-separated elements of a codec string (`"hvc1.2.4.L153.B0"` → 5 elements).
    package static func elements(_ text: String) -> [Substring] {
        text.split(separator: ".", omittingEmptySubsequences: false)
    }
}
