/// The few XML rules the DASH fragment needs (XML 1.0 §2.4, §2.5, §3.1): attribute values with `&`, `<`, `>` and `"`
/// escaped (and control characters as character references), and comment text that cannot end the comment
/// (`--` is not allowed inside, a trailing `-` not before `-->`).
package enum DASHXML {
    /// An attribute value for `name="…"`.
    package static func attribute(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "\t", "\n", "\r": out += "&#\(scalar.value);"
            default:
                // XML 1.0 has no other character below U+0020; such bytes are shown, not written.
                if scalar.value < 0x20 || (0xFFFE...0xFFFF).contains(scalar.value) {
                    out += "\\u{" + String(scalar.value, radix: 16) + "}"
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out
    }

    /// Character data between tags (`&`, `<`, `>` escaped).
    package static func text(_ text: String) -> String { attribute(text) }

    /// `<!-- text -->` with the text made safe: control characters escaped visibly (``TerminalText``) and every
    /// `-` that would start or end `--` spaced out.
    package static func comment(_ text: String) -> String {
        var safe = TerminalText.escape(text)
        while safe.contains("--") { safe = safe.replacingOccurrences(of: "--", with: "- -") }
        if safe.hasSuffix("-") { safe += " " }
        return "<!-- " + safe + " -->"
    }

    /// `name="value"` pairs, values escaped; nil values are left out.
    package static func attributes(_ pairs: [(String, String?)]) -> String {
        pairs.compactMap { name, value in value.map { " \(name)=\"\(attribute($0))\"" } }.joined()
    }
}
