import HDRProbeModel
import HDRProbeSimulate

/// Human text of a report's `playback` array (`hdrprobe simulate`).
package enum PlaybackSummary {
    package static func render(_ r: ProbeReport, catalog: DeviceCatalog) -> String {
        var out = [r.path]
        if r.status == .error {
            out.append("  error \(r.error?.code.rawValue ?? ""): \(r.error?.message ?? "")")
            return out.joined(separator: "\n")
        }
        guard let playback = r.playback else {
            out.append("  no video stream to simulate")
            return out.joined(separator: "\n")
        }
        for p in playback {
            let device = catalog.device(p.device)?.name ?? p.device
            let display = catalog.display(p.display)?.name ?? p.display
            out.append("")
            out.append("  \(p.target): \(p.outcome)   [\(p.status.rawValue)]")
            let player = p.player == PlaybackTarget.defaultPlayer ? "" : catalog.player(p.player).map { ", player \($0.name) \($0.version)" } ?? ", player \(p.player)"
            out.append("    \(device) → \(display)\(player)")
            var path = "decode \(p.decode.rawValue), pipeline \(p.pipeline.rawValue)"
            if let e = p.sampleEntry { path += ", sample entry \(e)" }
            if let s = p.supplementalCodecs { path += ", SUPPLEMENTAL-CODECS \(s)" }
            out.append("    " + path)
            if let c = p.criteria {
                out.append("    criteria: range \(c.requestedRange?.rawValue ?? "not matched"), rate \(c.requestedRefresh.map { PlaybackSimulator.hz($0) } ?? "not matched") → \(c.mode.rawValue) @ \(PlaybackSimulator.hz(c.refresh))\(c.judder ? " (judder)" : "")")
            }
            if let c = p.conversion {
                out.append("    conversion: Dolby Vision \(c.from) → \(c.to)\(c.recordContradicted ? " (the record said 5)" : ""), \(c.cost)")
            }
            for reason in p.reasons { out.append("    - \(reason)") }
            for u in p.uncertain { out.append("    ? relies on an uncertain cell: \(u)") }
        }
        return out.joined(separator: "\n")
    }
}
