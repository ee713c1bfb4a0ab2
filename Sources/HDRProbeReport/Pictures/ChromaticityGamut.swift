import HDRProbeParse

/// A colour space's primaries and white point in CIE 1931 xy, for the colour-volume picture
/// (`docs/report-pages.md`, "Colour volume"). The reference spaces are those of ITU-T H.273
/// ColourPrimaries 1 (BT.709), 12 (Display P3 / SMPTE EG 432-1) and 9 (BT.2020), D65 white.
package struct ChromaticityGamut: Sendable, Equatable {
    package var id: String
    package var name: String
    package var red: (x: Double, y: Double)
    package var green: (x: Double, y: Double)
    package var blue: (x: Double, y: Double)
    package var white: (x: Double, y: Double)

    package static func == (a: Self, b: Self) -> Bool {
        a.id == b.id && a.name == b.name && [a.red, a.green, a.blue, a.white].map { [$0.x, $0.y] } == [b.red, b.green, b.blue, b.white].map { [$0.x, $0.y] }
    }

    package static let d65 = (x: 0.3127, y: 0.3290)

    package static let bt709 = ChromaticityGamut(id: "bt709", name: "BT.709", red: (0.640, 0.330), green: (0.300, 0.600),
                                                blue: (0.150, 0.060), white: d65)
    package static let displayP3 = ChromaticityGamut(id: "p3", name: "Display P3", red: (0.680, 0.320), green: (0.265, 0.690),
                                                    blue: (0.150, 0.060), white: d65)
    package static let bt2020 = ChromaticityGamut(id: "bt2020", name: "BT.2020", red: (0.708, 0.292), green: (0.170, 0.797),
                                                 blue: (0.131, 0.046), white: d65)
    package static let references = [bt709, displayP3, bt2020]

    /// The mastering display of a stream's static metadata.
    package init(masteringDisplay m: MasteringDisplay) {
        self.init(id: "mastering", name: "mastering display", red: (m.redX, m.redY), green: (m.greenX, m.greenY),
                  blue: (m.blueX, m.blueY), white: (m.whiteX, m.whiteY))
    }

    package init(id: String, name: String, red: (x: Double, y: Double), green: (x: Double, y: Double),
                blue: (x: Double, y: Double), white: (x: Double, y: Double)) {
        self.id = id; self.name = name; self.red = red; self.green = green; self.blue = blue; self.white = white
    }

    /// The reference space whose triangle is closest to this one (largest primary distance smallest),
    /// to name it ("≈ Display P3") — within 0.005 in x and y, the precision real mastering metadata uses.
    package var nearestReference: ChromaticityGamut? {
        func distance(_ g: ChromaticityGamut) -> Double {
            zip([red, green, blue, white], [g.red, g.green, g.blue, g.white]).map { max(abs($0.x - $1.x), abs($0.y - $1.y)) }.max()!
        }
        return Self.references.min { distance($0) < distance($1) }.flatMap { distance($0) <= 0.005 ? $0 : nil }
    }
}

/// The CIE 1931 2° standard observer's spectral locus in xy, 380–700 nm every 5 nm (CIE 015:2018
/// table; the same values colour-science and Wyszecki & Stiles tabulate), for the horseshoe the
/// colour-volume picture draws. Beyond 700 nm the locus does not move at this precision.
package enum CIE1931SpectralLocus {
    package static let firstWavelength = 380
    package static let step = 5
    package static let xy: [(x: Double, y: Double)] = [
        (0.1741, 0.0050), (0.1740, 0.0050), (0.1738, 0.0049), (0.1736, 0.0049), (0.1733, 0.0048), (0.1730, 0.0048),
        (0.1726, 0.0048), (0.1721, 0.0048), (0.1714, 0.0051), (0.1703, 0.0058), (0.1689, 0.0069), (0.1669, 0.0086),
        (0.1644, 0.0109), (0.1611, 0.0138), (0.1566, 0.0177), (0.1510, 0.0227), (0.1440, 0.0297), (0.1355, 0.0399),
        (0.1241, 0.0578), (0.1096, 0.0868), (0.0913, 0.1327), (0.0687, 0.2007), (0.0454, 0.2950), (0.0235, 0.4127),
        (0.0082, 0.5384), (0.0039, 0.6548), (0.0139, 0.7502), (0.0389, 0.8120), (0.0743, 0.8338), (0.1142, 0.8262),
        (0.1547, 0.8059), (0.1929, 0.7816), (0.2296, 0.7543), (0.2658, 0.7243), (0.3016, 0.6923), (0.3373, 0.6589),
        (0.3731, 0.6245), (0.4087, 0.5896), (0.4441, 0.5547), (0.4788, 0.5202), (0.5125, 0.4866), (0.5448, 0.4544),
        (0.5752, 0.4242), (0.6029, 0.3965), (0.6270, 0.3725), (0.6482, 0.3514), (0.6658, 0.3340), (0.6801, 0.3197),
        (0.6915, 0.3083), (0.7006, 0.2993), (0.7079, 0.2920), (0.7140, 0.2859), (0.7190, 0.2809), (0.7230, 0.2770),
        (0.7260, 0.2740), (0.7283, 0.2717), (0.7300, 0.2700), (0.7311, 0.2689), (0.7320, 0.2680), (0.7327, 0.2673),
        (0.7334, 0.2666), (0.7340, 0.2660), (0.7344, 0.2656), (0.7346, 0.2654), (0.7347, 0.2653),
    ]
}
