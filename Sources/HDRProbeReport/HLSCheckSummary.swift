import HDRProbeModel

/// The human text of an ``HLSCheckReport``, compiler-style: one block per variant with its
/// playlist line, each finding as `severity code: message`, the media's own findings on one line,
/// and the line hdrprobe would write when the declaration disagrees.
package enum HLSCheckSummary {
    package static func render(_ r: HLSCheckReport) -> String {
        var out: [String] = []
        let all = r.allFindings
        func count(_ s: Finding.Severity) -> Int { all.filter { $0.severity == s }.count }
        if let error = r.error, r.status == .error {
            out.append("\(r.playlist)\(r.errorLine.map { ":\($0)" } ?? ""): error \(error.code): \(error.message)")
            return out.map(TerminalText.escape).joined(separator: "\n")
        }
        let tally = [(Finding.Severity.error, "error"), (.warning, "warning"), (.info, "info")]
            .compactMap { s, word in count(s) > 0 ? CountText.of(count(s), word) : nil }
        out.append("\(r.playlist): \(CountText.of(r.variants.count, "variant")) checked — "
                   + (tally.isEmpty ? "no disagreement" : tally.joined(separator: ", ")))
        if let note = r.error { out.append("  \(note.severity.rawValue) \(note.code): \(note.message)") }
        if !r.ladder.isEmpty {
            out.append("  \(r.playlist): ladder")
            for f in r.ladder { out.append("    \(f.severity.rawValue.padded(7)) \(f.code): \(f.message)") }
        }
        for v in r.variants {
            let status = v.findings.contains { $0.severity >= .warning } ? "" : "  ok"
            out.append("  \(r.playlist):\(v.line): \(v.uri)\(status)")
            if let p = v.presentation {
                func rate(_ measured: Int, _ declared: Int?) -> String {
                    "\(measured) b/s" + (declared.map { d in d > 0 ? " (\(Int((Double(measured) / Double(d) * 100).rounded())) % of \(d))" : "" } ?? "")
                }
                out.append("    \(CountText.of(p.segments, "segment")), \(p.segmentsRead) read (\(p.bytesRead) bytes); peak \(rate(p.measuredPeak, p.declaredBandwidth)), "
                           + "average \(rate(p.measuredAverage, p.declaredAverageBandwidth)); \(p.keyFrameStarts) start with a key frame")
            }
            for f in v.findings {
                out.append("    \(f.severity.rawValue.padded(7)) \(f.code): \(f.message)")
            }
            let media = v.mediaFindings.filter { $0.severity >= .warning }
            if !media.isEmpty {
                out.append("    media: " + media.map { "\($0.code) (\($0.severity.rawValue))" }.joined(separator: ", "))
            }
            if let expected = v.expected, v.findings.contains(where: { $0.severity >= .warning }) {
                out.append("    hdrprobe would write: \(expected.streamInf)")
            }
        }
        let overview = ManifestOverviewText.render(ManifestOverview(r))
        return (out.map(TerminalText.escape) + (overview.isEmpty ? [] : ["", overview])).joined(separator: "\n")
    }
}
