import HDRProbeBytes

/// The eight 16-bit chromaticity coordinates (Rx, Ry, Gx, Gy, Bx, By, Wx, Wy; value / 32767) that
/// the long forms of extension blocks level 9 (17 bytes) and level 10 (21 bytes) carry:
/// `docs/rules/dolby-vision.md` §10.1.
package struct DolbyVisionChromaticities: Sendable, Equatable, Hashable, Codable {
    package var redX: UInt16, redY: UInt16
    package var greenX: UInt16, greenY: UInt16
    package var blueX: UInt16, blueY: UInt16
    package var whiteX: UInt16, whiteY: UInt16

    package init(redX: UInt16, redY: UInt16, greenX: UInt16, greenY: UInt16, blueX: UInt16, blueY: UInt16,
                whiteX: UInt16, whiteY: UInt16) {
        self.redX = redX; self.redY = redY
        self.greenX = greenX; self.greenY = greenY
        self.blueX = blueX; self.blueY = blueY
        self.whiteX = whiteX; self.whiteY = whiteY
    }

    /// Reads the eight 16-bit values.
    package init(_ r: inout BitReader) throws {
        let v = try (0..<8).map { _ in try r.u16() }
        self.init(redX: v[0], redY: v[1], greenX: v[2], greenY: v[3], blueX: v[4], blueY: v[5], whiteX: v[6], whiteY: v[7])
    }

    /// A coded coordinate as a CIE 1931 xy value (value / 32767).
    package static func coordinate(_ coded: UInt16) -> Double { Double(coded) / 32767 }
}
