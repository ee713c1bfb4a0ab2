/// A check item's code string read back as the catalogue value (``FindingCode``): tests and
/// callers compare `knownCode == .formatForbidden` instead of strings. nil only for a code this
/// build does not know. Findings, report errors and Dolby Vision verdicts carry the typed code
/// itself (`Finding.code`, `ReportError.code`, `DolbyVisionReport.Verdict.code`).
extension CheckItem {
    package var knownCode: FindingCode? { FindingCode(rawValue: code) }
}
