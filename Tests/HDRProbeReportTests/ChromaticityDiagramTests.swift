import Foundation

#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
@testable import HDRProbeParse
@testable import HDRProbeReport

/// The colour-volume picture. The locus table is checked against ITU-R BT.2020 (Table 3), whose
/// primaries are monochromatic: 630 nm (0.708, 0.292), 532 nm (0.170, 0.797), 467 nm (0.131,
/// 0.046) must lie on the CIE 1931 spectral locus.
@Suite struct ChromaticityDiagramTests {
    /// The locus at a wavelength, linearly between the 5 nm table entries.
    static func locus(_ nm: Double) -> (x: Double, y: Double) {
        let pos = (nm - Double(CIE1931SpectralLocus.firstWavelength)) / Double(CIE1931SpectralLocus.step)
        let i = Int(pos), f = pos - Double(i)
        let a = CIE1931SpectralLocus.xy[i], b = CIE1931SpectralLocus.xy[i + 1]
        return (a.x + (b.x - a.x) * f, a.y + (b.y - a.y) * f)
    }

    @Test func bt2020PrimariesLieOnTheLocus() {
        #expect(CIE1931SpectralLocus.xy.count == 65)  // 380…700 nm every 5 nm
        for (nm, p) in [(630.0, ChromaticityGamut.bt2020.red), (532.0, ChromaticityGamut.bt2020.green), (467.0, ChromaticityGamut.bt2020.blue)] {
            let l = Self.locus(nm)
            #expect(abs(l.x - p.x) < 0.003 && abs(l.y - p.y) < 0.003, "\(nm) nm: locus \(l), BT.2020 \(p)")
        }
        // x + y ≤ 1 everywhere, and the locus is the outer hull: BT.709's primaries are inside it.
        #expect(CIE1931SpectralLocus.xy.allSatisfy { $0.x + $0.y <= 1 && $0.x >= 0 && $0.y >= 0 })
    }

    @Test func masteringDisplayIsNamedByItsNearestSpace() {
        let p3 = MasteringDisplay(st2086Red: (34000, 16000), green: (13250, 34500), blue: (7500, 3000), white: (15635, 16450),
                                  maxLuminance: 10_000_000, minLuminance: 1, source: .bitstream)
        #expect(ChromaticityGamut(masteringDisplay: p3).nearestReference?.id == "p3")
        let odd = MasteringDisplay(redX: 0.6, redY: 0.35, greenX: 0.3, greenY: 0.6, blueX: 0.15, blueY: 0.06, whiteX: 0.3127, whiteY: 0.329,
                                   minLuminance: 0, maxLuminance: 1000, source: .container)
        #expect(ChromaticityGamut(masteringDisplay: odd).nearestReference == nil)
    }

    @Test func svgHasTheReferenceAndMeasuredTriangles() {
        let m = ChromaticityGamut(id: "mastering", name: "<mastering>", red: (0.68, 0.32), green: (0.265, 0.69), blue: (0.15, 0.06), white: (0.3127, 0.329))
        let svg = ChromaticityDiagramSVG.render(measured: [m])
        for id in ["bt709", "p3", "bt2020", "mastering"] { #expect(svg.contains("data-gamut=\"\(id)\"")) }
        #expect(svg.contains("data-white=\"mastering\""))
        #expect(svg.contains("class=\"locus\" data-points=\"65\""))
        #expect(!svg.contains("<mastering>"))
        // Well-formed XML: Foundation's parser reads it to the end.
        let parser = XMLParser(data: Data(svg.utf8))
        #expect(parser.parse(), "\(String(describing: parser.parserError))")
    }
}
