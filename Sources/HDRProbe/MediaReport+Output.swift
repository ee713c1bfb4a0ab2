import HDRProbeModel
import HDRProbeReport

extension MediaReport {
    /// The report for people, as `hdrprobe probe` prints it: the container, each stream's format,
    /// range type, HDR metadata, Dolby Vision verdict and HLS attributes, then the findings.
    public var text: String { HumanSummary.render(report) }

    /// Whether the file could not be analysed (``failure`` says why): what makes a command's exit status 1.
    public var isFailure: Bool { report.status == .error }

    /// The reports as one JSON array, as `hdrprobe probe --json` prints it: the stable contract of
    /// docs/report-contract.md laid out as `jq -S .` prints JSON (two spaces, sorted keys).
    public static func json(_ reports: [MediaReport]) throws -> String {
        try ReportEncoder.jsonArray(reports.map(\.report))
    }

    /// This report alone as a pretty-printed JSON document (with its `playback` entries once simulated).
    public func json() throws -> String { try ReportEncoder.json(report) }
}
