/// A problem found in a file: `{code, severity, message, stream}` (`docs/report-contract.md`,
/// "Finding"). Codes are stable dotted identifiers: the cases of ``FindingCode``, whose catalogue
/// `docs/findings.md` is generated from.
public struct Finding: Codable, Sendable, Equatable {
    public var code: String
    public var severity: Severity
    public var message: String
    @NullEncoded public var stream: Int?

    public enum Severity: String, Codable, Sendable, Comparable, CaseIterable {
        case info, warning, error

        public static func < (a: Severity, b: Severity) -> Bool {
            allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
        }
    }

    /// A signalling issue as a finding (codes catalogued in `docs/findings.md`, "HLS signalling").
    public init(_ issue: HLSSignalIssue, stream: Int?) {
        self.code = issue.code.rawValue
        self.severity = issue.severity
        self.message = issue.message
        self.stream = stream
    }

    public init(code: String, severity: Severity, message: String, stream: Int? = nil) {
        self.code = code
        self.severity = severity
        self.message = message
        self.stream = stream
    }

    /// A report error (`io.notFound`, `container.truncated`, …) as an error-severity finding.
    public init(_ error: ReportError) {
        self.init(code: error.code, severity: .error, message: error.message)
    }

    public init(_ code: FindingCode, _ message: String, stream: Int?) {
        self.code = code.rawValue
        self.severity = code.severity
        self.message = message
        self.stream = stream
    }
}
