/// The check result of one file: its items, most severe first.
public struct FileOutcome: Codable, Sendable, Equatable {
    public var path: String
    public var status: ProbeReport.Status
    public var items: [CheckItem]

    public init(path: String, status: ProbeReport.Status, items: [CheckItem]) {
        self.path = path
        self.status = status
        self.items = items.enumerated().sorted {
            $0.element.severity != $1.element.severity ? $0.element.severity > $1.element.severity : $0.offset < $1.offset
        }.map(\.element)
    }

    public var worst: Finding.Severity? { items.first?.severity }

    /// Items at or above `failOn`, which make the check fail.
    public func failing(at failOn: Finding.Severity) -> [CheckItem] { items.filter { $0.severity >= failOn } }
}
