/// A manifest check's findings grouped for the people who fix them (`hls --check`, `dash --check`):
/// Must fix (errors) and Should fix (warnings), one group per code, worst first and then most
/// frequent, each with how often it occurs and where (playlist line, segment URI).
package struct FixList: Codable, Sendable, Equatable {
    package struct Group: Codable, Sendable, Equatable {
        package var code: FindingCode
        package var severity: Finding.Severity
        /// How many findings have this code.
        package var count: Int
        /// What to do (the catalogue's remedy).
        @NullEncoded package var fix: String?
        /// Where each occurrence is, in check order.
        package var locations: [FindingLocation]
    }

    package var mustFix: [Group]
    package var shouldFix: [Group]

    /// Groups `located` findings; informational ones are in neither list.
    package init(_ located: [(finding: Finding, location: FindingLocation)]) {
        var order: [FindingCode] = []
        var groups: [FindingCode: Group] = [:]
        for (finding, location) in located where finding.severity >= .warning {
            if groups[finding.code] == nil {
                order.append(finding.code)
                groups[finding.code] = Group(code: finding.code, severity: finding.severity, count: 0, fix: Self.remedy(finding.code), locations: [])
            }
            groups[finding.code]!.count += 1
            groups[finding.code]!.severity = max(groups[finding.code]!.severity, finding.severity)
            groups[finding.code]!.locations.append(location)
        }
        let sorted = order.compactMap { groups[$0] }.enumerated()
            .sorted { ($0.element.count, -$0.offset) > ($1.element.count, -$1.offset) }.map(\.element)
        mustFix = sorted.filter { $0.severity == .error }
        shouldFix = sorted.filter { $0.severity == .warning }
    }

    /// The catalogue's remedy: the one `hdrprobe check` prints, else the playlist-check row's
    /// (which `check` leaves to the documentation, but a fix list is where people look).
    static func remedy(_ code: FindingCode) -> String? {
        code.fix ?? code.entries.compactMap(\.remedy).first
    }

    package init() {
        mustFix = []
        shouldFix = []
    }
}
