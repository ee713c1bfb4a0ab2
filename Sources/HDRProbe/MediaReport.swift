import Foundation
import HDRProbeModel
import HDRProbeReport

/// What hdrprobe found in one file: the facts an app usually needs as properties, and the whole
/// report as JSON in the stable contract of docs/report-contract.md (``jsonLine()``), byte for
/// byte what `hdrprobe probe --jsonl` prints for the file.
public struct MediaReport: Sendable {
    let report: ProbeReport
    /// Per video stream index, the scanned frames' dynamic metadata in display order, when the
    /// probe collected it (``MediaProbe/reportWithDynamicMetadata(for:)``).
    let frames: [Int: [DynamicMetadataFrame]]?

    init(_ report: ProbeReport, frames: [Int: [DynamicMetadataFrame]]? = nil) {
        self.report = report
        self.frames = frames
    }

    /// The path (or URL) probed, as the report shows it.
    public var path: String { report.path }

    /// Why the file could not be analysed; `nil` when it was.
    public var failure: Failure? { report.error.map { Failure(code: Code($0.code), message: $0.message) } }

    /// The container format (`mp4`, `matroska`, `webm`, `mpegts`, `hevc`, …); `nil` when unknown.
    public var containerFormat: String? { report.container.format }

    /// Every video stream, in stream order.
    public var videoStreams: [VideoStream] { report.streams.filter { $0.kind == .video }.map(VideoStream.init) }

    /// The range type of the first video stream (Jellyfin's `VideoRangeType` names: `SDR`,
    /// `HDR10`, `HDR10Plus`, `HLG`, `DOVI`, `DOVIWithHDR10`, …); `nil` without video.
    public var videoRangeType: RangeType? { videoStreams.first?.videoRangeType }

    /// The Dolby Vision facts of the first video stream; `nil` when it has no Dolby Vision.
    public var dolbyVision: DolbyVision? { videoStreams.first?.dolbyVision }

    /// The codes of the report's findings (docs/findings.md), in report order.
    public var findingCodes: [Code] { report.findings.map { Code($0.code) } }

    /// The report as one line of JSON (docs/report-contract.md, schema docs/report.schema.json).
    public func jsonLine() throws -> String { try ReportEncoder.jsonLine(report) }

    /// A file that could not be analysed: a stable code (`io.notFound`, `container.truncated`,
    /// `probe.timeout`, …; docs/report-contract.md) and a sentence.
    public struct Failure: Sendable, Equatable {
        /// The stable error code (``Code/notFound``, ``Code/timeout``, …).
        public var code: Code
        /// What went wrong, for people.
        public var message: String
    }
}
