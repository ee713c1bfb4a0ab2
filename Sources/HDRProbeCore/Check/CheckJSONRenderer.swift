import Foundation

/// `hdrprobe check --format json` / `--json FILE`: the whole result as one JSON document
/// (`docs/check.md` lists its keys): the policy, the result, counts, the scan summary and every
/// file with its items.
package enum CheckJSONRenderer {
    struct Document: Encodable {
        var schemaVersion = 1
        var tool: Tool
        var mode: CheckReport.Mode
        var policy: String
        var failOn: Finding.Severity
        var result: String
        var counts: Counts
        var summary: ScanSummary?
        var files: [FileOutcome]
    }
    struct Tool: Encodable { var name = "hdrprobe"; var version: String }
    struct Counts: Encodable {
        var files: Int
        var failing: Int
        var error: Int
        var warning: Int
        var info: Int
    }

    package static func render(_ report: CheckReport) throws -> String {
        try ReportEncoder.json(document(report)) + "\n"
    }

    static func document(_ report: CheckReport) -> Document {
        let c = report.counts
        return Document(tool: Tool(version: report.toolVersion), mode: report.mode, policy: report.policyName,
                        failOn: report.failOn, result: report.failed ? "fail" : "pass",
                        counts: Counts(files: report.fileCount, failing: report.failingFiles.count,
                                       error: c[.error] ?? 0, warning: c[.warning] ?? 0, info: c[.info] ?? 0),
                        summary: report.summary, files: report.outcomes)
    }
}
