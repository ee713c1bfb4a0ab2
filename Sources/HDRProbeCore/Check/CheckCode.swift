/// Codes that `hdrprobe check` raises itself: policy rules on a report (`policy.*`) and the
/// changes `check --diff` finds between two scans (`diff.*`). Catalogued with triggers and fixes in
/// `docs/findings.md` ("Check and diff codes"); a test checks that every case is there.
public enum CheckCode: String, Sendable, CaseIterable, Codable {
    case formatForbidden = "policy.formatForbidden"
    case formatNotAllowed = "policy.formatNotAllowed"
    case requirementNotMet = "policy.requirementNotMet"
    case added = "diff.added"
    case removed = "diff.removed"
    case lostDolbyVision = "diff.lostDolbyVision"
    case verdictRegressed = "diff.verdictRegressed"
    case verdictChanged = "diff.verdictChanged"
    case newError = "diff.newError"
    case errorFixed = "diff.errorFixed"
    case rangeTypeChanged = "diff.rangeTypeChanged"
    case findingAdded = "diff.findingAdded"

    /// The default severity (a policy's `severity` map can change it).
    public var severity: Finding.Severity {
        switch self {
        case .formatForbidden, .formatNotAllowed, .requirementNotMet, .lostDolbyVision, .verdictRegressed, .newError: return .error
        case .removed, .rangeTypeChanged, .findingAdded: return .warning
        case .added, .verdictChanged, .errorFixed: return .info
        }
    }

    /// Every code a policy's `severity` map may name: report findings, signalling issues, error
    /// codes and these.
    public static let knownCodes: Set<String> = Set(FindingCode.allCases.map(\.rawValue))
        .union(HLSSignalIssue.Code.allCases.map(\.rawValue))
        .union(ErrorCode.allCases.map(\.rawValue))
        .union(CheckCode.allCases.map(\.rawValue))
}
