/// `hdrprobe dash --check --format junit|sarif|github|text|json`: the DASH check reports as a
/// ``CheckReport`` for the `check` renderers — one outcome per MPD, one item per finding with its MPD
/// line (GitHub `line=`, SARIF `region.startLine`), the attribute hdrprobe would write appended to the
/// message, and the catalogue's fix.
extension CheckReport {
    package static func dashCheck(_ reports: [DASHCheckReport], failOn: Finding.Severity, toolVersion: String,
                                  seconds: Double) -> CheckReport {
        let outcomes = reports.map { r in
            var items: [CheckItem] = []
            if let error = r.error {
                items.append(CheckItem(code: error.code, severity: error.severity, message: error.message, stream: nil,
                                       fix: error.code.fix, line: r.errorLine))
            }
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
        return CheckReport(mode: .check, policyName: "dash --check", failOn: failOn, toolVersion: toolVersion,
                           outcomes: outcomes, fileCount: reports.count, summary: nil, seconds: seconds)
    }
}
