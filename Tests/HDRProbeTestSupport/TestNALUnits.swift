/// Test helper: the 2-byte HEVC NAL unit header (H.265 §7.3.1.2).
package func hevcNALHeader(type: UInt8, layerID: UInt8 = 0, temporalIDPlus1: UInt8 = 1) -> [UInt8] {
    [(type << 1) | (layerID >> 5), ((layerID & 0x1F) << 3) | (temporalIDPlus1 & 7)]
}

/// Test helper: inserts emulation_prevention_three_byte where H.265 §7.4.2 requires it (a `03`
/// before any byte ≤ 03 that follows `00 00`), turning an RBSP into NAL unit bytes.
package func escapeRBSP(_ rbsp: [UInt8]) -> [UInt8] {
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
package func annexB(_ units: [[UInt8]]) -> [UInt8] {
    units.flatMap { [0, 0, 0, 1] + $0 }
}
