import HDRProbeModel
import HDRProbeReport

/// `hdrprobe dash --check --format junit|sarif|github|text|json`: the DASH check reports as a
/// ``CheckReport`` for the `check` renderers — one outcome per MPD, one item per finding with its MPD
/// line (GitHub `line=`, SARIF `region.startLine`), the attribute hdrprobe would write appended to the
/// message, and the catalogue's fix.
extension CheckReport {
    package static func dashCheck(_ reports: [DASHCheckReport], failOn: Finding.Severity, toolVersion: String,
                                  seconds: Double) -> CheckReport {
        let outcomes = reports.map { r in
            var items = CheckItem.manifestError(r.error, line: r.errorLine)
            for rep in r.representations {
                for f in rep.findings {
                    let would = DASHCheckSummary.wouldWrite(f).map { " hdrprobe would write \($0)." } ?? ""
                    items.append(CheckItem(code: f.code, severity: f.severity,
                                           message: "line \(f.line): Representation \"\(rep.id)\": \(f.message)\(would)",
                                           stream: nil, fix: f.code.fix, line: f.line))
                }
            }
            return FileOutcome(path: r.manifest, status: r.status, items: items)
        }
        return manifestCheck("dash --check", outcomes, failOn: failOn, toolVersion: toolVersion, seconds: seconds)
    }

    /// The report of a manifest check (`hls --check`, `dash --check`): one outcome per manifest.
    package static func manifestCheck(_ name: String, _ outcomes: [FileOutcome], failOn: Finding.Severity, toolVersion: String,
                              seconds: Double) -> CheckReport {
        CheckReport(mode: .check, policyName: name, failOn: failOn, toolVersion: toolVersion,
                    outcomes: outcomes, fileCount: outcomes.count, summary: nil, seconds: seconds)
    }
}

extension CheckItem {
    /// A manifest that could not be checked (unreadable, malformed at `line`), as the first item of its outcome.
    package static func manifestError(_ error: Finding?, line: Int?) -> [CheckItem] {
        error.map { [CheckItem(code: $0.code, severity: $0.severity, message: $0.message, stream: nil, fix: $0.code.fix, line: line)] } ?? []
    }
}
