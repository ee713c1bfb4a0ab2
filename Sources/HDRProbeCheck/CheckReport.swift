import HDRProbeModel

/// Everything a check run produced, for the renderers (text, JSON, JUnit, SARIF, GitHub).
package struct CheckReport: Sendable, Equatable {
    package enum Mode: String, Codable, Sendable { case check, diff }

    package var mode: Mode
    package var policyName: String
    package var failOn: Finding.Severity
    package var toolVersion: String
    /// One outcome per file looked at (check: every file, clean ones without items; diff: the
    /// files that changed), sorted by path.
    package var outcomes: [FileOutcome]
    /// Files looked at (for a diff: every path of either scan).
    package var fileCount: Int
    /// The scan summary (check); nil for a diff.
    package var summary: ScanSummary?
    package var seconds: Double

    package init(mode: Mode, policyName: String, failOn: Finding.Severity, toolVersion: String, outcomes: [FileOutcome],
                fileCount: Int, summary: ScanSummary?, seconds: Double) {
        self.mode = mode
        self.policyName = policyName
        self.failOn = failOn
        self.toolVersion = toolVersion
        self.outcomes = outcomes
        self.fileCount = fileCount
        self.summary = summary
        self.seconds = seconds
    }

    /// Files with an item at or above `failOn`.
    package var failingFiles: [FileOutcome] { outcomes.filter { !$0.failing(at: failOn).isEmpty } }
    package var failed: Bool { outcomes.contains { !$0.failing(at: failOn).isEmpty } }

    /// Items per severity over all files.
    package var counts: [Finding.Severity: Int] {
        var c: [Finding.Severity: Int] = [:]
        for o in outcomes { for i in o.items { c[i.severity, default: 0] += 1 } }
        return c
    }

    /// Every code that appears, in byte order.
    package var codes: [FindingCode] {
        Set(outcomes.flatMap { $0.items.map(\.code) }).sorted { MediaFileTypes.precedes($0.rawValue, $1.rawValue) }
    }
}
