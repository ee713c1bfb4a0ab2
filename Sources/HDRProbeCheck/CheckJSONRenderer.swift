import Foundation
import HDRProbeModel
import HDRProbeReport

/// `hdrprobe check --format json` / `--json FILE`: the whole result as one JSON document
/// (`docs/check.md` lists its keys): the policy, the result, counts, the scan summary and every
/// file with its items.
package enum CheckJSONRenderer {
    package struct Document: Encodable {
        package var schemaVersion = 1
        package var tool: Tool
        package var mode: CheckReport.Mode
        package var policy: String
        package var failOn: Finding.Severity
        package var result: String
        package var counts: Counts
        package var summary: ScanSummary?
        package var files: [FileOutcome]
    }
    package struct Tool: Encodable { var name = "hdrprobe"; var version: String }
    package struct Counts: Encodable {
        package var files: Int
        package var failing: Int
        package var error: Int
        package var warning: Int
        package var info: Int
    }

    package static func render(_ report: CheckReport) throws -> String {
        try ReportEncoder.json(document(report)) + "\n"
    }

    package static func document(_ report: CheckReport) -> Document {
        let c = report.counts
        return Document(tool: Tool(version: report.toolVersion), mode: report.mode, policy: report.policyName,
                        failOn: report.failOn, result: report.failed ? "fail" : "pass",
                        counts: Counts(files: report.fileCount, failing: report.failingFiles.count,
                                       error: c[.error] ?? 0, warning: c[.warning] ?? 0, info: c[.info] ?? 0),
                        summary: report.summary, files: report.outcomes)
    }
}
