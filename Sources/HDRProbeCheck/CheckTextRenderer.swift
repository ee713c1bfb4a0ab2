import HDRProbeModel

/// The human output of `hdrprobe check`: one block per file with problems, each item with its
/// severity, code, stream, message and fix, then one closing line with the counts and the result.
package enum CheckTextRenderer {
    /// The block of one file, or nil when it has nothing at or above `minimum`.
    package static func block(_ outcome: FileOutcome, minimum: Finding.Severity = .warning) -> String? {
        let items = outcome.items.filter { $0.severity >= minimum }
        guard !items.isEmpty else { return nil }
        // A path or message can hold a file name's control characters (ESC, BEL…): escaped.
        var lines = [TerminalText.escape(outcome.path)]
        for item in items {
            let stream = item.stream.map { " [#\($0)]" } ?? ""
            lines.append("  \(item.severity.rawValue.padding(toLength: 8, withPad: " ", startingAt: 0))\(item.code)\(stream): \(oneLine(item.message))")
            if let fix = item.fix { lines.append("          fix: \(oneLine(fix))") }
        }
        return lines.joined(separator: "\n")
    }

    /// The closing line, e.g. `hdrprobe check: 112 files, 9 failing (error): 12 errors, 30 warnings, 4 info — FAIL`.
    package static func footer(_ report: CheckReport) -> String {
        let c = report.counts
        let what = report.mode == .diff ? "hdrprobe check --diff: \(CountText.of(report.fileCount, "file")) compared, \(report.outcomes.count) changed"
                                        : "hdrprobe check: \(CountText.of(report.fileCount, "file"))"
        let failing = report.failingFiles.count
        return "\(what), \(failing) failing (--fail-on \(report.failOn.rawValue)): \(CountText.of(c[.error] ?? 0, "error")), \(CountText.of(c[.warning] ?? 0, "warning")), \(c[.info] ?? 0) info — \(report.failed ? "FAIL" : "PASS")"
    }

    package static func render(_ report: CheckReport, minimum: Finding.Severity = .warning) -> String {
        let blocks = report.outcomes.compactMap { block($0, minimum: minimum) }
        return (blocks + [footer(report)]).joined(separator: "\n\n") + "\n"
    }

    package static func oneLine(_ text: String) -> String {
        TerminalText.escape(text.replacingOccurrences(of: "\r", with: " ").replacingOccurrences(of: "\n", with: " "))
    }
}
