/// Text for XML 1.0 documents hdrprobe writes (the JUnit check report, the DASH fragment): character data and
/// attribute values escaped, characters XML 1.0 forbids replaced by U+FFFD (XML 1.0 §2.2, §2.4, §3.3.3).
package enum XMLText {
    /// Character data: `&`, `<`, `>` escaped; characters XML 1.0 forbids replaced by U+FFFD.
    package static func text(_ s: String) -> String { escaped(s, attribute: false) }

    /// An attribute value in double quotes: also `"`, and line breaks and tabs as character references so that
    /// attribute-value normalisation keeps them.
    package static func attribute(_ s: String) -> String { escaped(s, attribute: true) }

    package static func escaped(_ s: String, attribute: Bool) -> String {
        var out = ""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"" where attribute: out += "&quot;"
            case "\n" where attribute, "\r" where attribute, "\t" where attribute: out += "&#\(scalar.value);"
            default: out.unicodeScalars.append(allowed(scalar) ? scalar : "\u{FFFD}")
            }
        }
        return out
    }

    /// XML 1.0 `Char`: #x9 | #xA | #xD | [#x20-#xD7FF] | [#xE000-#xFFFD] | [#x10000-#x10FFFF].
    package static func allowed(_ s: Unicode.Scalar) -> Bool {
        switch s.value {
        case 0x9, 0xA, 0xD, 0x20...0xD7FF, 0xE000...0xFFFD, 0x10000...0x10FFFF: return true
        default: return false
        }
    }
}
