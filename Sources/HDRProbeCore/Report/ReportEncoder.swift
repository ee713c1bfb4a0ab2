import Foundation

/// JSON output of reports: `--json` (a pretty-printed array) and `--jsonl` (one compact document
/// per line). Keys are sorted so that output is stable across runs and diffs stay small.
package enum ReportEncoder {
    package static func jsonArray(_ reports: [ProbeReport]) throws -> String {
        try json(reports)
    }

    /// Any report value (HLS check reports, playlist fragments) pretty-printed with sorted keys.
    package static func json<T: Encodable>(_ value: T) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    package static func jsonLine(_ report: ProbeReport) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(report), as: UTF8.self)
    }
}
