/// A problem found in a file: `{code, severity, message, stream}` (`docs/report-contract.md`,
/// "Finding"). Codes are stable dotted identifiers: the cases of ``FindingCode``, whose catalogue
/// `docs/findings.md` is generated from.
package struct Finding: Codable, Sendable, Equatable {
    /// The catalogue value; the JSON holds its raw value (`dv.refused`).
    package var code: FindingCode
    package var severity: Severity
    package var message: String
    @NullEncoded package var stream: Int?

    package enum Severity: String, Codable, Sendable, Comparable, CaseIterable {
        case info, warning, error

        package static func < (a: Severity, b: Severity) -> Bool {
            allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
        }
    }

    /// A signalling issue as a finding (codes catalogued in `docs/findings.md`, "HLS signalling").
    package init(_ issue: HLSSignalIssue, stream: Int?) {
        self.code = issue.code
        self.severity = issue.severity
        self.message = issue.message
        self.stream = stream
    }

    package init(code: FindingCode, severity: Severity, message: String, stream: Int? = nil) {
        self.code = code
        self.severity = severity
        self.message = message
        self.stream = stream
    }

    /// A report error (`io.notFound`, `container.truncated`, …) as an error-severity finding.
    package init(_ error: ReportError) {
        self.init(code: error.code, severity: .error, message: error.message)
    }

    package init(_ code: FindingCode, _ message: String, stream: Int?) {
        self.code = code
        self.severity = code.severity
        self.message = message
        self.stream = stream
    }
}
