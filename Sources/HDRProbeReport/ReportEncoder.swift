import HDRProbeModel

/// JSON output of every command: `--json` pretty-printed as `jq -S .` prints it (two-space indent,
/// `"key": value`), `--jsonl` one compact document per line. Keys are sorted so that output is
/// stable across runs and diffs stay small. Written by ``ReportJSONEncoder`` without
/// `JSONEncoder`'s start-up cost.
package enum ReportEncoder {
    package static func jsonArray(_ reports: [ProbeReport]) throws -> String {
        try json(reports)
    }

    /// Any report value (HLS check reports, playlist fragments) pretty-printed with sorted keys.
    package static func json<T: Encodable>(_ value: T) throws -> String {
        try ReportJSONEncoder(pretty: true).string(value)
    }

    package static func jsonLine(_ report: ProbeReport) throws -> String {
        try compact(report)
    }

    /// Any value as one compact line with sorted keys.
    package static func compact<T: Encodable>(_ value: T) throws -> String {
        try ReportJSONEncoder(pretty: false).string(value)
    }
}
