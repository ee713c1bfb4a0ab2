extension FindingCode {
    /// One row of the code catalogue: a code in one family with its default severity, what triggers
    /// it and what to do about it. A code can sit in two families (`container.truncated` is a finding
    /// and an error code), with one row each.
    package struct Entry: Sendable, Equatable {
        package let code: FindingCode
        package let family: Family
        /// The default severity (a policy's `severity` map can change it); `.error` for error codes
        /// and `.info` for verdict codes, which have a decision instead.
        package let severity: Finding.Severity
        /// Verdict codes only: `accept` or `refuse`.
        package let decision: String?
        /// What triggers the code (nil for verdict codes, whose remedy says what they mean).
        package let trigger: String?
        /// What to do about it (verdict codes: what the verdict means); nil for signalling codes.
        package let remedy: String?
    }

    /// Where a code is raised; each family is one section (and one table) of `docs/findings.md`.
    package enum Family: String, Sendable, CaseIterable {
        case finding, signalling, playlistCheck, verdict, error, check, manifestCheck, fix
    }

    /// The whole catalogue in the order of `docs/findings.md`.
    package static let catalogue: [Entry] =
        findingEntries + signallingEntries + playlistCheckEntries + verdictEntries + errorEntries + checkEntries + manifestCheckEntries
        + fixEntries

    private static let entriesByCode: [FindingCode: [Entry]] = Dictionary(grouping: catalogue, by: \.code)

    /// This code's catalogue rows, in catalogue order (a test proves every code has at least one).
    package var entries: [Entry] { Self.entriesByCode[self] ?? [] }

    /// The families this code belongs to.
    package var families: Set<Family> { Set(entries.map(\.family)) }

    /// The code as `family` reads it: nil when the catalogue has no such row (`ErrorCode(rawValue:)`
    /// would accept any code; `FindingCode(rawValue: s, in: .error)` only error codes).
    package init?(rawValue: String, in family: Family) {
        guard let code = FindingCode(rawValue: rawValue), code.families.contains(family) else { return nil }
        self = code
    }

    /// The default severity: the first catalogue row's (a finding's, for a code that is also an error code).
    package var severity: Finding.Severity { entries.first?.severity ?? .info }

    /// The fix `hdrprobe check` prints: the remedy of the finding, error, check or verdict row, in
    /// that order. Signalling and playlist-check codes print none (their fixes are documentation).
    package var fix: String? {
        for family in [Family.finding, .error, .check, .manifestCheck, .fix, .verdict] {
            if let remedy = entries.first(where: { $0.family == family })?.remedy { return remedy }
        }
        return nil
    }

    /// The section of `docs/findings.md` that documents the code (its first family's).
    package var documentation: String { "docs/findings.md#" + (entries.first?.family.anchor ?? "") }

    /// Every code a policy's `severity` map may name: all but the Dolby Vision verdict codes and the
    /// `hdrprobe fix` codes, which no report carries.
    package static let policyCodes: Set<FindingCode> = Set(allCases.filter { $0.families != [.verdict] && $0.families != [.fix] })
}

extension FindingCode.Entry {
    package static func finding(_ code: FindingCode, _ severity: Finding.Severity, trigger: String, remedy: String) -> Self {
        Self(code: code, family: .finding, severity: severity, decision: nil, trigger: trigger, remedy: remedy)
    }

    package static func signalling(_ code: FindingCode, _ severity: Finding.Severity, trigger: String) -> Self {
        Self(code: code, family: .signalling, severity: severity, decision: nil, trigger: trigger, remedy: nil)
    }

    package static func playlistCheck(_ code: FindingCode, _ severity: Finding.Severity, trigger: String, remedy: String) -> Self {
        Self(code: code, family: .playlistCheck, severity: severity, decision: nil, trigger: trigger, remedy: remedy)
    }

    package static func manifestCheck(_ code: FindingCode, _ severity: Finding.Severity, trigger: String, remedy: String) -> Self {
        Self(code: code, family: .manifestCheck, severity: severity, decision: nil, trigger: trigger, remedy: remedy)
    }

    package static func fix(_ code: FindingCode, trigger: String, remedy: String) -> Self {
        Self(code: code, family: .fix, severity: .error, decision: nil, trigger: trigger, remedy: remedy)
    }

    package static func verdict(_ code: FindingCode, decision: String, meaning: String) -> Self {
        Self(code: code, family: .verdict, severity: .info, decision: decision, trigger: nil, remedy: meaning)
    }

    package static func error(_ code: FindingCode, trigger: String, remedy: String) -> Self {
        Self(code: code, family: .error, severity: .error, decision: nil, trigger: trigger, remedy: remedy)
    }

    package static func check(_ code: FindingCode, _ severity: Finding.Severity, trigger: String, remedy: String) -> Self {
        Self(code: code, family: .check, severity: severity, decision: nil, trigger: trigger, remedy: remedy)
    }
}
