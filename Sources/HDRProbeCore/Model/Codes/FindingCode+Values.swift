/// The report's code strings read back as catalogue values (``FindingCode``): tests and callers
/// compare `knownCode == .dvRefused` instead of strings. nil only for a code this build does not
/// know (a report written by a newer hdrprobe) or one of another family.
extension Finding {
    package var knownCode: FindingCode? { FindingCode(rawValue: code) }
}

extension ReportError {
    package var knownCode: FindingCode? { FindingCode(rawValue: code, in: .error) }
}

extension CheckItem {
    package var knownCode: FindingCode? { FindingCode(rawValue: code) }
}

extension DolbyVisionReport.Verdict {
    package var knownCode: FindingCode? { FindingCode(rawValue: code, in: .verdict) }
}
