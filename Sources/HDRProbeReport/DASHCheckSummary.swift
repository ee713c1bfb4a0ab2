import HDRProbeModel
import HDRProbeManifests

/// The human text of a ``DASHCheckReport``, compiler-style: one block per video Representation with
/// its MPD line, each finding as `MANIFEST:LINE: severity code: message`, followed by the attribute
/// hdrprobe would write, and the media's own findings on one line.
package enum DASHCheckSummary {
    package static func render(_ r: DASHCheckReport) -> String {
        var out: [String] = []
        let all = r.allFindings
        func count(_ s: Finding.Severity) -> Int { all.filter { $0.severity == s }.count }
        if let error = r.error, r.status == .error {
            out.append("\(r.manifest)\(r.errorLine.map { ":\($0)" } ?? ""): error \(error.code): \(error.message)")
            return out.map(TerminalText.escape).joined(separator: "\n")
        }
        let tally = [(Finding.Severity.error, "error"), (.warning, "warning"), (.info, "info")]
            .compactMap { s, word in count(s) > 0 ? CountText.of(count(s), word) : nil }
        out.append("\(r.manifest): \(CountText.of(r.representations.count, "video Representation")) checked — "
                   + (tally.isEmpty ? "no disagreement" : tally.joined(separator: ", ")))
        if let note = r.error { out.append("  \(note.severity.rawValue) \(note.code): \(note.message)") }
        for rep in r.representations {
            let status = rep.findings.contains { $0.severity >= .warning } ? "" : "  ok"
            out.append("  \(r.manifest):\(rep.line): Representation id=\"\(rep.id)\"\(rep.addressing.map { " (\($0))" } ?? "")\(status)")
            if let p = rep.presentation {
                out.append("    \(CountText.of(p.segments, "segment")), \(p.segmentsRead) read (\(p.bytesRead) bytes); peak \(p.measuredPeak) b/s, "
                           + "average \(p.measuredAverage) b/s\(p.declaredBandwidth.map { " (@bandwidth \($0))" } ?? ""); \(p.keyFrameStarts) start with a key frame")
            }
            for f in rep.findings {
                out.append("    \(r.manifest):\(f.line): \(f.severity.rawValue) \(f.code): \(f.message)")
                if let wording = wouldWrite(f) { out.append("      hdrprobe would write: \(wording)") }
            }
            let media = rep.mediaFindings.filter { $0.severity >= .warning }
            if !media.isEmpty {
                out.append("    media: " + media.map { "\($0.code) (\($0.severity.rawValue))" }.joined(separator: ", "))
            }
        }
        let overview = ManifestOverviewText.render(ManifestOverview(r))
        return (out.map(TerminalText.escape) + (overview.isEmpty ? [] : ["", overview])).joined(separator: "\n")
    }

    /// `@codecs="hvc1.2.4.L30.90"`, or nil when hdrprobe would write nothing for the attribute.
    package static func wouldWrite(_ f: DASHCheckFinding) -> String? {
        guard let attribute = f.attribute, let expected = f.expected else { return nil }
        for element in ["EssentialProperty ", "SupplementalProperty "] where attribute.hasPrefix(element) {
            return "<\(element.dropLast()) schemeIdUri=\"\(attribute.dropFirst(element.count))\" value=\"\(expected)\"/>"
        }
        return "\(attribute)=\"\(expected)\""
    }
}
