import HDRProbeModel

extension CheckReport {
    /// `hls --check` in the `check` formats (text, JSON, JUnit, SARIF, GitHub annotations): one file
    /// outcome per Multivariant Playlist, one item per finding with the playlist line of its variant
    /// or rendition and, where the declaration disagrees with the media, the line hdrprobe would write.
    package static func hlsCheck(_ reports: [HLSCheckReport], failOn: Finding.Severity, toolVersion: String,
                                 seconds: Double) -> CheckReport {
        let outcomes = reports.map { r in
            var items = CheckItem.manifestError(r.error, line: r.errorLine)
            for f in r.ladder {
                items.append(CheckItem(code: f.code, severity: f.severity, message: "ladder: \(f.message)", stream: f.stream, fix: f.code.fix, line: nil))
            }
            for v in r.variants {
                let would = v.expected.map { " hdrprobe would write: \($0.streamInf)" } ?? ""
                for f in v.findings {
                    items.append(CheckItem(code: f.code, severity: f.severity, message: "line \(v.line): variant \"\(v.uri)\": \(f.message)"
                                           + (f.severity >= .warning ? would : ""), stream: f.stream, fix: f.code.fix, line: v.line))
                }
            }
            for rendition in r.renditions {
                for f in rendition.findings {
                    items.append(CheckItem(code: f.code, severity: f.severity, message: "line \(rendition.line): rendition \"\(rendition.uri)\": \(f.message)",
                                           stream: f.stream, fix: f.code.fix, line: rendition.line))
                }
            }
            return FileOutcome(path: r.playlist, status: r.status, items: items)
        }
        return manifestCheck("hls --check", outcomes, failOn: failOn, toolVersion: toolVersion, seconds: seconds)
    }
}
