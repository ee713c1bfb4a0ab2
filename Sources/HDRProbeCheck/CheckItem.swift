import HDRProbeModel

/// One line of a check result: a finding, an error or a check/diff code, at the severity the
/// policy gives it, with the fix from the catalogue (`docs/findings.md`). The code is typed; JSON
/// carries its dotted identifier.
package struct CheckItem: Codable, Sendable, Equatable {
    package var code: FindingCode
    package var severity: Finding.Severity
    package var message: String
    package var stream: Int?
    package var fix: String?
    /// The line of a text input the item is about (an MPD's, for `dash --check`); absent otherwise.
    package var line: Int?

    package init(code: FindingCode, severity: Finding.Severity, message: String, stream: Int?, fix: String?, line: Int? = nil) {
        self.code = code
        self.severity = severity
        self.message = message
        self.stream = stream
        self.fix = fix
        self.line = line
    }
}
