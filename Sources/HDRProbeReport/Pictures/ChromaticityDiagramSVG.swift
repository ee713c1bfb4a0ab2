import Foundation  // String(format:)

/// The colour-volume picture as a self-contained SVG (`docs/report-pages.md`, "Colour volume"):
/// the CIE 1931 xy chromaticity diagram — the spectral locus closed by the line of purples — with
/// the BT.709, Display P3 and BT.2020 triangles, and over them each measured gamut (the mastering
/// display of the stream's static metadata) with its white point. Each triangle is a `polygon`
/// with `data-gamut`; the browser tests count them.
package enum ChromaticityDiagramSVG {
    package static let size = 420.0
    package static let margin = 36.0
    package static let xMax = 0.8, yMax = 0.9

    package static func f(_ v: Double) -> String { String(format: "%.1f", v) }
    package static func px(_ x: Double) -> Double { margin + x / xMax * (size - margin - 10) }
    package static func py(_ y: Double) -> Double { size - margin - y / yMax * (size - margin - 10) }
    package static func point(_ p: (x: Double, y: Double)) -> String { "\(f(px(p.x))),\(f(py(p.y)))" }

    package static func render(measured: [ChromaticityGamut], title: String? = nil) -> String {
        var s = "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"chromaticity\" role=\"img\" viewBox=\"0 0 \(Int(size)) \(Int(size))\" "
        s += "width=\"\(Int(size))\" height=\"\(Int(size))\" data-measured=\"\(measured.count)\">"
        s += "<title>\(LibraryMatrixHTML.escape(title.map { $0 + " — " } ?? ""))CIE 1931 xy chromaticity: "
        s += LibraryMatrixHTML.escape((measured.map(\.name) + ChromaticityGamut.references.map(\.name)).joined(separator: ", ")) + "</title>"
        s += "<style>\(style)</style><rect class=\"bg\" width=\"\(Int(size))\" height=\"\(Int(size))\"/>"
        s += "<g class=\"axes\">"
        for v in stride(from: 0.0, through: 0.8001, by: 0.1) {
            s += "<line class=\"grid\" x1=\"\(f(px(v)))\" x2=\"\(f(px(v)))\" y1=\"\(f(py(0)))\" y2=\"\(f(py(yMax)))\"/>"
            s += "<text x=\"\(f(px(v)))\" y=\"\(f(py(0) + 14))\" text-anchor=\"middle\">\(String(format: "%.1f", v))</text>"
        }
        for v in stride(from: 0.0, through: 0.9001, by: 0.1) {
            s += "<line class=\"grid\" x1=\"\(f(px(0)))\" x2=\"\(f(px(xMax)))\" y1=\"\(f(py(v)))\" y2=\"\(f(py(v)))\"/>"
            s += "<text x=\"\(f(px(0) - 4))\" y=\"\(f(py(v) + 4))\" text-anchor=\"end\">\(String(format: "%.1f", v))</text>"
        }
        s += "<text x=\"\(f(px(xMax)))\" y=\"\(f(size - 6))\" text-anchor=\"end\">x</text><text x=\"\(f(px(0) + 4))\" y=\"\(f(py(yMax) + 12))\">y</text></g>"
        let locus = CIE1931SpectralLocus.xy
        s += "<polygon class=\"locus\" data-points=\"\(locus.count)\" points=\"\(locus.map(point).joined(separator: " "))\"/>"
        for (i, p) in locus.enumerated() {
            let nm = CIE1931SpectralLocus.firstWavelength + i * CIE1931SpectralLocus.step
            guard [460, 480, 520, 540, 560, 580, 600, 620].contains(nm) else { continue }
            let dx = p.x < 0.2 ? -6.0 : 6.0, anchor = p.x < 0.2 ? "end" : "start"
            s += "<text class=\"nm\" x=\"\(f(px(p.x) + dx))\" y=\"\(f(py(p.y) + 3))\" text-anchor=\"\(anchor)\">\(nm)</text>"
        }
        for g in ChromaticityGamut.references { s += triangle(g, measured: false) }
        for g in measured { s += triangle(g, measured: true) }
        s += legend(measured)
        return s + "</svg>"
    }

    package static func triangle(_ g: ChromaticityGamut, measured: Bool) -> String {
        var s = "<polygon class=\"gamut \(measured ? "measured" : "reference") g-\(g.id)\" data-gamut=\"\(g.id)\" "
        s += "points=\"\([g.red, g.green, g.blue].map(point).joined(separator: " "))\"><title>\(LibraryMatrixHTML.escape(g.name)): "
        s += "R \(coordinates(g.red)), G \(coordinates(g.green)), B \(coordinates(g.blue)), W \(coordinates(g.white))</title></polygon>"
        if measured {
            s += "<circle class=\"white g-\(g.id)\" data-white=\"\(g.id)\" cx=\"\(f(px(g.white.x)))\" cy=\"\(f(py(g.white.y)))\" r=\"3.5\"/>"
        }
        return s
    }

    package static func coordinates(_ p: (x: Double, y: Double)) -> String { String(format: "(%.4f, %.4f)", p.x, p.y) }

    package static func legend(_ measured: [ChromaticityGamut]) -> String {
        var s = "<g class=\"legend\">", yy = 24.0
        for g in ChromaticityGamut.references + measured {
            let cls = measured.contains(g) ? "measured" : "reference"
            s += "<line class=\"gamut \(cls) g-\(g.id) key\" x1=\"\(f(size - 150))\" x2=\"\(f(size - 134))\" y1=\"\(f(yy - 4))\" y2=\"\(f(yy - 4))\"/>"
            s += "<text x=\"\(f(size - 128))\" y=\"\(f(yy))\">\(LibraryMatrixHTML.escape(g.name))</text>"
            yy += 16
        }
        return s + "</g>"
    }

    package static let style = """
    .bg{fill:#fff} text{font:11px system-ui,sans-serif;fill:#555} .grid{stroke:#e3e3e3;stroke-width:1} \
    .locus{fill:#f4f1ea;stroke:#333;stroke-width:1.2} text.nm{font-size:9px} \
    .gamut{fill:none;stroke-width:1.2} .reference{stroke-dasharray:5 3} .g-bt709{stroke:#1971c2} .g-p3{stroke:#2f9e44} .g-bt2020{stroke:#868e96} \
    .measured{stroke:#d9480f;stroke-width:2.2;fill:#d9480f1a} circle.white{fill:#d9480f;stroke:none} .key{stroke-width:3;fill:none}
    """
}
