import Foundation
import HDRProbeModel

/// Renders per-frame dynamic metadata (``DynamicMetadataFrame``) as a text table, CSV or JSON for
/// `hdrprobe metadata`. Columns: display index, time, RPU L1 min/max/avg (PQ code and cd/m²),
/// scene refresh, HDR10+ peak maxscl and average maxrgb (cd/m²).
package enum DynamicMetadataTable {
    package static let csvHeader = "index,decodeIndex,time,rpuMinPq,rpuMaxPq,rpuAvgPq,rpuMinNits,rpuMaxNits,rpuAvgNits,sceneRefresh,hdr10PlusMaxsclNits,hdr10PlusAverageMaxrgbNits"

    package static func csv(_ frames: [DynamicMetadataFrame]) -> String {
        var out = csvHeader + "\n"
        for f in frames {
            let cells: [String] = [
                String(f.index), String(f.decodeIndex), f.time.map(number) ?? "",
                f.rpu?.minPq.map(String.init) ?? "", f.rpu?.maxPq.map(String.init) ?? "", f.rpu?.avgPq.map(String.init) ?? "",
                f.rpu?.minNits.map(number) ?? "", f.rpu?.maxNits.map(number) ?? "", f.rpu?.avgNits.map(number) ?? "",
                f.rpu.map { $0.sceneRefresh ? "1" : "0" } ?? "",
                f.hdr10Plus.map { number($0.maxsclNits) } ?? "", f.hdr10Plus.map { number($0.averageMaxrgbNits) } ?? "",
            ]
            out += cells.joined(separator: ",") + "\n"
        }
        return out
    }

    package static func text(path: String, stream: Int, frames: [DynamicMetadataFrame]) -> String {
        // Rows of dashes would say nothing: a stream without dynamic metadata is said to be one.
        if frames.allSatisfy({ $0.rpu == nil && $0.hdr10Plus == nil }) {
            return "\(path) — stream #\(stream): no dynamic HDR metadata (Dolby Vision RPU or HDR10+) in the "
                + "\(CountText.of(frames.count, "scanned frame")); --frames all scans the whole stream\n"
        }
        var out = "\(path) — stream #\(stream), \(frames.count) frame(s) in display order\n"
        out += "  frame      time   L1 min/max/avg (PQ)      L1 max / avg (cd/m²)  cut   HDR10+ maxscl / avg (cd/m²)\n"
        for f in frames {
            let time = f.time.map { pad(number($0), 9) } ?? pad("–", 9)
            var rpu = pad("–", 24), nits = pad("–", 21), cut = "   "
            if let r = f.rpu {
                if let a = r.minPq, let b = r.maxPq, let c = r.avgPq { rpu = pad("\(a) / \(b) / \(c)", 24) }
                else if !r.valid { rpu = pad("invalid RPU", 24) }
                if let b = r.maxNits, let c = r.avgNits { nits = pad("\(number(b)) / \(number(c))", 21) }
                cut = r.sceneRefresh ? "yes" : "   "
            }
            let h10 = f.hdr10Plus.map { "\(number($0.maxsclNits)) / \(number($0.averageMaxrgbNits))" } ?? "–"
            out += "  \(pad(String(f.index), 5)) \(time)   \(rpu) \(nits)  \(cut)   \(h10)\n"
        }
        return out
    }

    /// `hdrprobe metadata --json`: `{path, stream, frames}`.
    package struct Document: Encodable {
        package let path: String
        package let stream: Int
        package let frames: [DynamicMetadataFrame]
    }

    package static func json(path: String, stream: Int, frames: [DynamicMetadataFrame]) throws -> String {
        try ReportEncoder.json(Document(path: path, stream: stream, frames: frames))
    }

    package static func number(_ v: Double) -> String {
        let r = (v * 10_000).rounded() / 10_000
        return r == r.rounded() && abs(r) < 1e15 ? String(Int(r)) : String(r)
    }

    package static func pad(_ s: String, _ width: Int) -> String {
        s.count >= width ? s : String(repeating: " ", count: width - s.count) + s
    }
}
