import HDRProbeModel

/// The check result of one file: its items, most severe first.
package struct FileOutcome: Codable, Sendable, Equatable {
    package var path: String
    package var status: ProbeReport.Status
    package var items: [CheckItem]

    package init(path: String, status: ProbeReport.Status, items: [CheckItem]) {
        self.path = path
        self.status = status
        self.items = items.enumerated().sorted {
            $0.element.severity != $1.element.severity ? $0.element.severity > $1.element.severity : $0.offset < $1.offset
        }.map(\.element)
    }

    package var worst: Finding.Severity? { items.first?.severity }

    /// Items at or above `failOn`, which make the check fail.
    package func failing(at failOn: Finding.Severity) -> [CheckItem] { items.filter { $0.severity >= failOn } }
}
