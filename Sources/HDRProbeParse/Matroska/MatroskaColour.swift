/// Matroska `Colour` (ID 0x55B0, in `Video`): the H.273 code points, MaxCLL/MaxFALL and the
/// `MasteringMetadata` master (ID 0x55D0) with CIE 1931 chromaticities and luminance as floats
/// (Matroska specification, RFC 9559 §5.1.4.1.28.x).
package struct MatroskaColour: Sendable, Equatable {
    package var matrixCoefficients: UInt64?        // 0x55B1
    package var range: UInt64?                     // 0x55B9
    package var transferCharacteristics: UInt64?   // 0x55BA
    package var primaries: UInt64?                 // 0x55BB
    package var maxCLL: UInt64?                    // 0x55BC
    package var maxFALL: UInt64?                   // 0x55BD
    /// PrimaryR/G/B chromaticity x, y and WhitePoint x, y (0x55D1–0x55D8), in that order.
    package var chromaticities: [Double?] = Array(repeating: nil, count: 8)
    package var luminanceMax: Double?              // 0x55D9
    package var luminanceMin: Double?              // 0x55DA

    package static let id: UInt32 = 0x55B0

    package static func parse(_ element: EBMLElement, in bytes: [UInt8]) -> MatroskaColour {
        var c = MatroskaColour()
        for child in EBMLElement.children(of: element.dataStart..<element.dataEnd, in: bytes, limit: 64) {
            switch child.id {
            case 0x55B1: c.matrixCoefficients = child.unsigned(in: bytes)
            case 0x55B9: c.range = child.unsigned(in: bytes)
            case 0x55BA: c.transferCharacteristics = child.unsigned(in: bytes)
            case 0x55BB: c.primaries = child.unsigned(in: bytes)
            case 0x55BC: c.maxCLL = child.unsigned(in: bytes)
            case 0x55BD: c.maxFALL = child.unsigned(in: bytes)
            case 0x55D0:
                for m in EBMLElement.children(of: child.dataStart..<child.dataEnd, in: bytes, limit: 64) {
                    switch m.id {
                    case 0x55D1...0x55D8: c.chromaticities[Int(m.id - 0x55D1)] = m.float(in: bytes)
                    case 0x55D9: c.luminanceMax = m.float(in: bytes)
                    case 0x55DA: c.luminanceMin = m.float(in: bytes)
                    default: break
                    }
                }
            default: break
            }
        }
        return c
    }

    /// The mastering display when every chromaticity and the peak luminance are present (the
    /// minimum defaults to 0), quantised to the ST 2086 coding (chromaticity steps of 0.00002,
    /// luminance of 0.0001 cd/m²) like the `mdcv` box and the SEI.
    package var masteringDisplay: MasteringDisplay? {
        let xy = chromaticities.compactMap { $0 }
        guard xy.count == 8, xy.allSatisfy({ $0 >= 0 && $0 <= 1 }), let peak = luminanceMax, peak > 0 else { return nil }
        func q(_ v: Double) -> Double { (v * 50_000).rounded() / 50_000 }
        return MasteringDisplay(redX: q(xy[0]), redY: q(xy[1]), greenX: q(xy[2]), greenY: q(xy[3]),
                                blueX: q(xy[4]), blueY: q(xy[5]), whiteX: q(xy[6]), whiteY: q(xy[7]),
                                minLuminance: max(0, luminanceMin ?? 0), maxLuminance: peak, source: .container).roundedToCoding()
    }

    /// MaxCLL / MaxFALL when either is present (the other reads 0, "unknown").
    package var contentLightLevel: ContentLightLevel? {
        guard maxCLL != nil || maxFALL != nil else { return nil }
        return ContentLightLevel(maxCLL: Int(clamping: maxCLL ?? 0), maxFALL: Int(clamping: maxFALL ?? 0), source: .container)
    }
}
