import HDRProbeParse

/// Writes ISO BMFF boxes (ISO/IEC 14496-12 §4.2): `size` u32 + `type`, or `size` 1 + `type` +
/// `largesize` u64 when the box does not fit 32 bits or was stored so.
package enum ISOBoxWriter {
    /// A box of `type` around `payload`; `large` keeps a 64-bit header the box was read with.
    package static func box(_ type: String, _ payload: [UInt8], large: Bool = false) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(payload.count + 16)
        append(type, payloadCount: payload.count, large: large, to: &out)
        out += payload
        return out
    }

    /// Appends the header of a box of `type` whose payload has `payloadCount` bytes.
    package static func append(_ type: String, payloadCount: Int, large: Bool = false, to out: inout [UInt8]) {
        let small = UInt64(payloadCount) + 8
        if !large && small <= UInt64(UInt32.max) {
            appendU32(UInt32(small), to: &out)
            out += Array(type.utf8.prefix(4))
        } else {
            appendU32(1, to: &out)
            out += Array(type.utf8.prefix(4))
            appendU64(UInt64(payloadCount) + 16, to: &out)
        }
    }

    package static func appendU16(_ v: UInt16, to out: inout [UInt8]) {
        out += [UInt8(v >> 8), UInt8(v & 0xFF)]
    }

    package static func appendU32(_ v: UInt32, to out: inout [UInt8]) {
        out += [UInt8(v >> 24), UInt8((v >> 16) & 0xFF), UInt8((v >> 8) & 0xFF), UInt8(v & 0xFF)]
    }

    package static func appendU64(_ v: UInt64, to out: inout [UInt8]) {
        appendU32(UInt32(v >> 32), to: &out)
        appendU32(UInt32(v & 0xFFFF_FFFF), to: &out)
    }

    /// Writes `v` big-endian over `bytes[at..<at+4]`.
    package static func putU32(_ v: UInt32, _ bytes: inout [UInt8], at: Int) {
        bytes[at] = UInt8(v >> 24); bytes[at + 1] = UInt8((v >> 16) & 0xFF)
        bytes[at + 2] = UInt8((v >> 8) & 0xFF); bytes[at + 3] = UInt8(v & 0xFF)
    }

    /// Writes `v` big-endian over `bytes[at..<at+8]`.
    package static func putU64(_ v: UInt64, _ bytes: inout [UInt8], at: Int) {
        putU32(UInt32(v >> 32), &bytes, at: at)
        putU32(UInt32(v & 0xFFFF_FFFF), &bytes, at: at + 4)
    }

    /// The `colr` payload for `nclx` code points (§12.1.5): unspecified (2) for a missing code.
    package static func colourPayload(_ c: ColourCodes) -> [UInt8] {
        var out = Array("nclx".utf8)
        appendU16(UInt16(clamping: c.primaries ?? 2), to: &out)
        appendU16(UInt16(clamping: c.transfer ?? 2), to: &out)
        appendU16(UInt16(clamping: c.matrix ?? 2), to: &out)
        out.append(c.fullRange == true ? 0x80 : 0)
        return out
    }
}
