/// Mastering display colour volume (SMPTE ST 2086) as reported: CIE 1931 xy chromaticities
/// as decimals and luminance in cd/m². Filled from an ISO BMFF `mdcv` box, Matroska
/// `MasteringMetadata` (container) or an HEVC SEI payloadType 137 / AV1 metadata (bitstream).
package struct MasteringDisplay: Sendable, Equatable, Codable {
    package var redX: Double, redY: Double
    package var greenX: Double, greenY: Double
    package var blueX: Double, blueY: Double
    package var whiteX: Double, whiteY: Double
    package var minLuminance: Double
    package var maxLuminance: Double
    package var source: MetadataSource

    package init(redX: Double, redY: Double, greenX: Double, greenY: Double, blueX: Double, blueY: Double,
                whiteX: Double, whiteY: Double, minLuminance: Double, maxLuminance: Double, source: MetadataSource) {
        self.redX = redX; self.redY = redY; self.greenX = greenX; self.greenY = greenY
        self.blueX = blueX; self.blueY = blueY; self.whiteX = whiteX; self.whiteY = whiteY
        self.minLuminance = minLuminance; self.maxLuminance = maxLuminance; self.source = source
    }

    /// Rounded to the precision of the ST 2086 integer coding (chromaticity 0.00002 → 5
    /// decimals, luminance 0.0001 cd/m² → 4 decimals), for values that went through floats
    /// (Matroska stores them as floats).
    package func roundedToCoding() -> MasteringDisplay {
        func c(_ v: Double) -> Double { (v * 100_000).rounded() / 100_000 }
        func l(_ v: Double) -> Double { (v * 10_000).rounded() / 10_000 }
        return MasteringDisplay(redX: c(redX), redY: c(redY), greenX: c(greenX), greenY: c(greenY), blueX: c(blueX),
                                blueY: c(blueY), whiteX: c(whiteX), whiteY: c(whiteY),
                                minLuminance: l(minLuminance), maxLuminance: l(maxLuminance), source: source)
    }

    /// From the ST 2086 integer coding shared by HEVC SEI 137 and ISO BMFF `mdcv`:
    /// chromaticities in units of 0.00002, luminance in units of 0.0001 cd/m².
    /// Primaries are given in R, G, B order here (callers reorder HEVC's G, B, R).
    package init(st2086Red red: (UInt16, UInt16), green: (UInt16, UInt16), blue: (UInt16, UInt16),
                white: (UInt16, UInt16), maxLuminance: UInt32, minLuminance: UInt32, source: MetadataSource) {
        func c(_ v: UInt16) -> Double { (Double(v) / 50_000 * 100_000).rounded() / 100_000 }
        self.init(redX: c(red.0), redY: c(red.1), greenX: c(green.0), greenY: c(green.1),
                  blueX: c(blue.0), blueY: c(blue.1), whiteX: c(white.0), whiteY: c(white.1),
                  minLuminance: (Double(minLuminance)).rounded() / 10_000, maxLuminance: (Double(maxLuminance)).rounded() / 10_000,
                  source: source)
    }
}

/// Content light level (CTA-861.3): MaxCLL and MaxFALL in cd/m².
package struct ContentLightLevel: Sendable, Equatable, Codable {
    package var maxCLL: Int
    package var maxFALL: Int
    package var source: MetadataSource

    package init(maxCLL: Int, maxFALL: Int, source: MetadataSource) {
        self.maxCLL = maxCLL; self.maxFALL = maxFALL; self.source = source
    }
}

/// Where a piece of static metadata was read.
package enum MetadataSource: String, Sendable, Codable, Equatable {
    case container
    case bitstream
}
