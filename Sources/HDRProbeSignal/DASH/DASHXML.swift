import HDRProbeModel

/// The XML the DASH fragment needs beyond ``XMLText``'s escaping (XML 1.0 §2.5, §3.1): comment text that cannot end the
/// comment (`--` is not allowed inside, a trailing `-` not before `-->`), and attribute lists.
package enum DASHXML {
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
        pairs.compactMap { name, value in value.map { " \(name)=\"\(XMLText.attribute($0))\"" } }.joined()
    }
}
