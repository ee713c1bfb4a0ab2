/// Test helper: builds RBSP bits MSB-first, with `ue(v)` (ITU-T H.265 §9.2), so test NAL units can
/// be written straight from the syntax tables.
struct BitWriter {
    private(set) var bytes: [UInt8] = []
    private var bitCount = 0

    init(_ prefix: [UInt8] = []) {
        bytes = prefix
        bitCount = prefix.count * 8
    }

    mutating func u(_ width: Int, _ value: UInt64) {
        for i in stride(from: width - 1, through: 0, by: -1) {
            bit((value >> UInt64(i)) & 1 == 1)
        }
    }

    mutating func bit(_ b: Bool) {
        if bitCount % 8 == 0 { bytes.append(0) }
        if b { bytes[bytes.count - 1] |= 0x80 >> UInt8(bitCount % 8) }
        bitCount += 1
    }

    mutating func flag(_ b: Bool) { bit(b) }

    /// ue(v): leadingZeroBits zeros, a 1, then the low bits of value + 1.
    mutating func ue(_ value: UInt32) {
        let v = UInt64(value) + 1
        let length = 64 - v.leadingZeroBitCount
        u(length - 1, 0)
        u(length, v)
    }

    /// rbsp_trailing_bits(): a stop bit and zero bits to the byte boundary.
    mutating func trailingBits() {
        bit(true)
        while bitCount % 8 != 0 { bit(false) }
    }
}

/// Test helper: the 2-byte HEVC NAL unit header (H.265 §7.3.1.2).
func hevcNALHeader(type: UInt8, layerID: UInt8 = 0, temporalIDPlus1: UInt8 = 1) -> [UInt8] {
    [(type << 1) | (layerID >> 5), ((layerID & 0x1F) << 3) | (temporalIDPlus1 & 7)]
}

/// Test helper: inserts emulation_prevention_three_byte where H.265 §7.4.2 requires it (a `03`
/// before any byte ≤ 03 that follows `00 00`), turning an RBSP into NAL unit bytes.
func escapeRBSP(_ rbsp: [UInt8]) -> [UInt8] {
    var out: [UInt8] = []
    var zeros = 0
    for b in rbsp {
        if zeros >= 2 && b <= 3 {
            out.append(3)
            zeros = 0
        }
        out.append(b)
        zeros = b == 0 ? zeros + 1 : 0
    }
    return out
}

/// Test helper: Annex B byte stream from NAL units (4-byte start codes).
func annexB(_ units: [[UInt8]]) -> [UInt8] {
    units.flatMap { [0, 0, 0, 1] + $0 }
}
