/// One line of a check result: a finding, an error or a check/diff code, at the severity the
/// policy gives it, with the fix from the catalogue (`docs/findings.md`).
public struct CheckItem: Codable, Sendable, Equatable {
    public var code: String
    public var severity: Finding.Severity
    public var message: String
    public var stream: Int?
    public var fix: String?

    public init(code: String, severity: Finding.Severity, message: String, stream: Int?, fix: String?) {
        self.code = code
        self.severity = severity
        self.message = message
        self.stream = stream
        self.fix = fix
    }
}
