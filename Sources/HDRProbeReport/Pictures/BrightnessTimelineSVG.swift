import Foundation  // String(format:)
import HDRProbeParse
import HDRProbeModel

/// ``BrightnessTimeline`` as a self-contained SVG (`docs/report-pages.md`, "Brightness over time"):
/// the luminance axis is PQ-scaled (SMPTE ST 2084, as the metadata is coded, so equal steps are
/// equal perceived steps from 0 to 10,000 cd/m²), the time axis is seconds from the first frame.
/// Up to ``BrightnessTimeline/maxBuckets`` frames each series is a polyline with a vertex per
/// frame; beyond that a filled band from each column's lowest to highest value. Scene cuts are one
/// path of vertical strokes, the static levels dashed lines. The markup is built from numbers and
/// fixed labels only; the one caller-supplied text, the title, is escaped. Elements carry `data-*`
/// attributes (series, vertex counts) so a page script and the browser tests can read them.
package enum BrightnessTimelineSVG {
    package static let width = 960.0
    package static let height = 330.0
    package static let left = 58.0, right = 180.0, top = 34.0, bottom = 36.0
    package static var plotWidth: Double { width - left - right }
    package static var plotHeight: Double { height - top - bottom }

    package static let fullHeightCuts = 60

    package static let luminanceTicks: [Double] = [0.1, 1, 10, 100, 400, 1000, 4000, 10000]

    package static func f(_ v: Double) -> String { String(format: "%.1f", v) }

    /// The y coordinate of a luminance.
    package static func y(_ nits: Double) -> Double { top + plotHeight * (1 - DolbyVisionPQ.signal(nits: nits)) }

    package static func x(_ seconds: Double, _ t: BrightnessTimeline) -> Double {
        t.duration > 0 ? left + plotWidth * min(max(seconds / t.duration, 0), 1) : left + plotWidth / 2
    }

    package static func render(_ t: BrightnessTimeline, title: String? = nil) -> String {
        var s = "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"brightness\" role=\"img\" viewBox=\"0 0 \(Int(width)) \(Int(height))\" "
        s += "width=\"\(Int(width))\" height=\"\(Int(height))\" data-frames=\"\(t.frameCount)\" data-columns=\"\(t.columns.count)\" "
        s += "data-envelope=\"\(t.isEnvelope)\" data-duration=\"\(f(t.duration))\" data-left=\"\(left)\" data-plot-width=\"\(plotWidth)\">"
        let label = title.map { $0 + " — " } ?? ""
        s += "<title>\(LibraryMatrixHTML.escape(label))brightness over \(CountText.of(t.frameCount, "frame")) (cd/m², PQ scale)</title>"
        s += "<style>\(style)</style>"
        s += "<rect class=\"bg\" x=\"0\" y=\"0\" width=\"\(Int(width))\" height=\"\(Int(height))\"/>"
        s += axes(t)
        s += "<g class=\"cuts-layer\">" + cuts(t) + "</g>"
        for (k, series) in t.series.enumerated() { s += seriesMarkup(t, k, series) }
        // Labels top to bottom, each at least a line below the one before (equal levels stack).
        var labelY = -Double.infinity
        for (ref, nits) in t.references.sorted(by: { $0.1 > $1.1 }) {
            let yy = f(y(nits))
            s += "<line class=\"ref ref-\(ref.rawValue)\" data-ref=\"\(ref.rawValue)\" data-nits=\"\(nits)\" x1=\"\(left)\" x2=\"\(left + plotWidth)\" y1=\"\(yy)\" y2=\"\(yy)\"/>"
            labelY = max(y(nits) + 3, labelY + 12)
            s += "<text class=\"ref-label ref-\(ref.rawValue)\" x=\"\(f(left + plotWidth + 4))\" y=\"\(f(labelY))\">\(ref.label) \(Self.nits(nits))</text>"
        }
        s += legend(t)
        s += "<line class=\"cursor\" x1=\"0\" x2=\"0\" y1=\"\(top)\" y2=\"\(top + plotHeight)\" visibility=\"hidden\"/>"
        return s + "</svg>"
    }

    package static func nits(_ v: Double) -> String {
        v >= 100 ? "\(Int(v.rounded())) cd/m²" : v >= 1 ? String(format: "%.1f cd/m²", v) : String(format: "%.3f cd/m²", v)
    }

    package static let style = """
    .bg{fill:#fff} text{font:11px system-ui,sans-serif;fill:#555} \
    .grid{stroke:#ddd;stroke-width:1} .axis{stroke:#888;stroke-width:1} \
    .series{fill:none;stroke-width:1.4;stroke-linejoin:round} .band{stroke-width:.6} \
    .s-dv-l1-max{stroke:#d9480f} .band.s-dv-l1-max{fill:#d9480f66} .s-dv-l1-avg{stroke:#1971c2} .band.s-dv-l1-avg{fill:#1971c266} \
    .s-dv-l1-min{stroke:#2f9e44} .band.s-dv-l1-min{fill:#2f9e4466} .s-hdr10plus-maxscl{stroke:#ae3ec9} .band.s-hdr10plus-maxscl{fill:#ae3ec966} \
    .s-hdr10plus-avg-maxrgb{stroke:#0c8599} .band.s-hdr10plus-avg-maxrgb{fill:#0c859966} \
    .cuts{stroke:#adb5bd;stroke-width:1;stroke-dasharray:2 3} .ref{stroke-width:1.2;stroke-dasharray:6 4} \
    .ref-maxcll{stroke:#e8590c} text.ref-maxcll{fill:#e8590c} .ref-maxfall{stroke:#1c7ed6} text.ref-maxfall{fill:#1c7ed6} \
    .ref-mastering-peak{stroke:#495057} text.ref-mastering-peak{fill:#495057} .cursor{stroke:#222;stroke-width:1} \
    .key{stroke-width:3}
    """

    package static func axes(_ t: BrightnessTimeline) -> String {
        var s = "<g class=\"axes\">"
        for n in luminanceTicks {
            let yy = f(y(n))
            s += "<line class=\"grid\" x1=\"\(left)\" x2=\"\(left + plotWidth)\" y1=\"\(yy)\" y2=\"\(yy)\"/>"
            s += "<text x=\"\(f(left - 6))\" y=\"\(f(y(n) + 4))\" text-anchor=\"end\">\(n < 1 ? String(n) : String(Int(n)))</text>"
        }
        let bottomY = top + plotHeight
        s += "<line class=\"axis\" x1=\"\(left)\" x2=\"\(left + plotWidth)\" y1=\"\(bottomY)\" y2=\"\(bottomY)\"/>"
        for tick in timeTicks(t.duration) {
            let xx = f(x(tick, t))
            s += "<line class=\"axis\" x1=\"\(xx)\" x2=\"\(xx)\" y1=\"\(bottomY)\" y2=\"\(f(bottomY + 4))\"/>"
            s += "<text x=\"\(xx)\" y=\"\(f(bottomY + 16))\" text-anchor=\"middle\">\(clock(tick))</text>"
        }
        s += "<text x=\"12\" y=\"\(f(top + plotHeight / 2))\" transform=\"rotate(-90 12 \(f(top + plotHeight / 2)))\" text-anchor=\"middle\">cd/m² (PQ scale)</text>"
        s += "<text x=\"\(f(left + plotWidth))\" y=\"\(f(height - 4))\" text-anchor=\"end\">time from the first frame</text>"
        return s + "</g>"
    }

    /// About six ticks at 1, 2, 5 × 10ⁿ seconds (or whole minutes and hours for long streams).
    package static func timeTicks(_ duration: Double) -> [Double] {
        guard duration > 0 else { return [0] }
        let steps: [Double] = [0.04, 0.1, 0.2, 0.5, 1, 2, 5, 10, 15, 30, 60, 120, 300, 600, 900, 1800, 3600, 7200]
        let step = steps.first { duration / $0 <= 8 } ?? 7200
        return stride(from: 0.0, through: duration + 1e-9, by: step).map { $0 }
    }

    /// `12.5 s`, `3:05`, `1:02:03`.
    package static func clock(_ seconds: Double) -> String {
        if seconds < 60 {
            let r = (seconds * 100).rounded() / 100
            return (r == r.rounded() ? String(Int(r)) : String(r)) + " s"
        }
        let total = Int(seconds.rounded())
        let h = total / 3600, m = total / 60 % 60, sec = total % 60
        return h > 0 ? String(format: "%d:%02d:%02d", h, m, sec) : String(format: "%d:%02d", m, sec)
    }

    package static func cuts(_ t: BrightnessTimeline) -> String {
        guard !t.sceneCutTimes.isEmpty else { return "<path class=\"cuts\" data-count=\"0\" d=\"\"/>" }
        // Up to ``fullHeightCuts`` cuts are lines across the plot; more (a film has thousands) are
        // ticks along its top edge, so they mark the cuts without hiding the series.
        let length = t.sceneCutTimes.count <= fullHeightCuts ? plotHeight : 6
        var d = ""
        d.reserveCapacity(t.sceneCutTimes.count * 16)
        for c in t.sceneCutTimes { d += "M\(f(x(c, t))) \(top)v\(f(length))" }
        return "<path class=\"cuts\" data-count=\"\(t.sceneCutTimes.count)\" d=\"\(d)\"/>"
    }

    /// A polyline of one vertex per frame, or for an envelope a band: along the columns' highest
    /// values, back along their lowest, one closed run per stretch of columns that have the series.
    package static func seriesMarkup(_ t: BrightnessTimeline, _ k: Int, _ series: BrightnessTimeline.Series) -> String {
        let cls = "s-\(series.rawValue)"
        let columnWidth = t.columns.count > 1 ? plotWidth / Double(t.columns.count) : 0
        if !t.isEnvelope {
            let points = t.columns.compactMap { c in c.high[k].map { "\(f(x(c.start, t))),\(f(y($0)))" } }
            return "<polyline class=\"series \(cls)\" data-series=\"\(series.rawValue)\" data-points=\"\(points.count)\" points=\"\(points.joined(separator: " "))\"/>"
        }
        var runs: [[(Int, Double, Double)]] = [[]]
        for (i, c) in t.columns.enumerated() {
            if let lo = c.low[k], let hi = c.high[k] { runs[runs.count - 1].append((i, lo, hi)) } else if !runs[runs.count - 1].isEmpty { runs.append([]) }
        }
        var d = "", count = 0
        for run in runs where !run.isEmpty {
            count += run.count
            let x0 = { (i: Int) in left + columnWidth * (Double(i) + 0.5) }
            d += "M" + run.map { "\(f(x0($0.0))) \(f(y($0.2)))" }.joined(separator: "L")
            d += "L" + run.reversed().map { "\(f(x0($0.0))) \(f(y($0.1)))" }.joined(separator: "L") + "Z"
        }
        return "<path class=\"series band \(cls)\" data-series=\"\(series.rawValue)\" data-points=\"\(count)\" d=\"\(d)\"/>"
    }

    package static func legend(_ t: BrightnessTimeline) -> String {
        var s = "<g class=\"legend\">", xx = left
        var entries = t.series.map { ("s-\($0.rawValue)", $0.label) }
        if !t.sceneCutTimes.isEmpty { entries.append(("cuts", "scene cut (\(t.sceneCutTimes.count))")) }
        for (cls, label) in entries {
            s += "<line class=\"series key \(cls)\" x1=\"\(f(xx))\" x2=\"\(f(xx + 16))\" y1=\"14\" y2=\"14\"/>"
            s += "<text x=\"\(f(xx + 20))\" y=\"18\">\(label)</text>"
            xx += 30 + Double(label.count) * 6.6
        }
        return s + "</g>"
    }
}
