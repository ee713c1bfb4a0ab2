/// Removal of emulation_prevention_three_byte (ITU-T H.265 §7.3.1.1 / §7.4.2, H.264 §7.3.1 /
/// §7.4.1): inside a NAL unit every `00 00 03` has its `03` dropped to recover the RBSP.
///
/// The rule looks at the two preceding **input** bytes (`docs/rules/hdr10plus.md` §2.2,
/// `docs/rules/dolby-vision.md` §9.1): `00 00 03 00 03` becomes `00 00 00 03` — the second `03` is kept
/// because it follows the input bytes `03 00`, even though the output then ends in `00 00`.
package enum EmulationPrevention {
    package static func unescape(_ bytes: ArraySlice<UInt8>) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var zeros = 0  // consecutive zero bytes in the input just before the current byte
        for b in bytes {
            if b == 0x03 && zeros >= 2 {
                zeros = 0
                continue
            }
            out.append(b)
            zeros = b == 0 ? zeros + 1 : 0
        }
        return out
    }

    package static func unescape(_ bytes: [UInt8]) -> [UInt8] { unescape(bytes[...]) }

    /// Insertion, the inverse: a `03` before any byte ≤ `03` that follows `00 00` in the output.
    package static func escape(_ rbsp: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(rbsp.count + rbsp.count / 64 + 1)
        var zeros = 0
        for b in rbsp {
            if zeros >= 2 && b <= 0x03 {
                out.append(0x03)
                zeros = 0
            }
            out.append(b)
            zeros = b == 0 ? zeros + 1 : 0
        }
        return out
    }
}
