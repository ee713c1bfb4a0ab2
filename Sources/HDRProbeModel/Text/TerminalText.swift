/// Text from a file (its name, a demuxer message, a playlist URI) shown on a terminal: control
/// characters would start lines, move the cursor or change colours (`ESC [`), and bidirectional
/// overrides would reorder what is shown. They become visible escapes instead.
package enum TerminalText {
    package static func escape(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: needsEscape) else { return text }
        var out = ""
        for s in text.unicodeScalars {
            guard needsEscape(s) else {
                out.unicodeScalars.append(s)
                continue
            }
            switch s {
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                let hex = String(s.value, radix: 16, uppercase: true)
                out += s.value < 0x100 ? "\\x" + (hex.count < 2 ? "0" + hex : hex) : "\\u{\(hex)}"
            }
        }
        return out
    }

    /// C0 and C1 controls, DEL, and the bidirectional embedding/override/isolate characters.
    package static func needsEscape(_ s: Unicode.Scalar) -> Bool {
        switch s.value {
        case 0x00...0x1F, 0x7F...0x9F, 0x202A...0x202E, 0x2066...0x2069: return true
        default: return false
        }
    }
}
