/// One file's report: the document `hdrprobe probe --json` prints, schema version 1.
/// Keys and meanings: `docs/report-contract.md` (copied from the stable contract); the JSON
/// Schema is `docs/report.schema.json`. Unknown values are `null`, never defaults.
public struct ProbeReport: Codable, Sendable, Equatable {
    public static let currentSchemaVersion = 1

    public var schemaVersion: Int
    public var tool: ToolInfo
    public var path: String
    /// The path's exact bytes in Base64, present only when they are not valid UTF-8 (`path` then
    /// shows U+FFFD where they are not): the reversible form of such a name (docs/report-contract.md).
    public var pathBytes: String?
    public var status: Status
    @NullEncoded public var error: ReportError?
    public var container: ContainerInfo
    public var streams: [StreamReport]
    public var findings: [Finding]
    /// What the probe itself cost (not part of the stable contract).
    @NullEncoded public var probe: ProbeStatistics?
    /// One simulated playback per requested target (`hdrprobe simulate`, `probe --target`); null
    /// when no target was asked for (hdrprobe addition beyond the shared contract).
    @NullEncoded public var playback: [PlaybackOutcome]? = nil
    /// The first video stream's brightness over the scanned frames (``BrightnessSeries``): only
    /// in the report lines `scan` and `check` write (their probe collects per-frame dynamic
    /// metadata anyway), so that `matrix --from` can draw the plot; absent elsewhere and when the
    /// stream has no dynamic metadata (report-contract.md).
    public var brightness: BrightnessSeries? = nil

    public enum Status: String, Codable, Sendable { case ok, error }

    public init(tool: ToolInfo, path: String, status: Status, error: ReportError?, container: ContainerInfo,
                streams: [StreamReport], findings: [Finding], probe: ProbeStatistics?) {
        self.schemaVersion = Self.currentSchemaVersion
        self.tool = tool
        self.path = path
        self.status = status
        self.error = error
        self.container = container
        self.streams = streams
        self.findings = findings
        self.probe = probe
    }

    /// A report for a file that could not be analysed at all.
    public static func failure(path: String, tool: ToolInfo, error: ReportError, container: ContainerInfo = .unknown,
                               probe: ProbeStatistics? = nil) -> ProbeReport {
        ProbeReport(tool: tool, path: path, status: .error, error: error, container: container,
                    streams: [], findings: [], probe: probe)
    }
}

public struct ToolInfo: Codable, Sendable, Equatable {
    public var name: String
    public var version: String
    public var libavformat: String

    public init(version: String, libavformat: String) {
        self.name = "hdrprobe"
        self.version = version
        self.libavformat = libavformat
    }
}

/// `{code, message}`; `code` is a stable dotted identifier (see ``ErrorCode``).
public struct ReportError: Codable, Sendable, Equatable, Error {
    public var code: String
    public var message: String

    public init(_ code: ErrorCode, _ message: String) {
        self.code = code.rawValue
        self.message = message
    }
}

/// The stable error codes of a report whose `status` is `error` (documented in `docs/findings.md`).
public enum ErrorCode: String, Sendable, CaseIterable {
    case notFound = "io.notFound"
    case isDirectory = "io.isDirectory"
    case permissionDenied = "io.permissionDenied"
    case empty = "io.empty"
    case readFailed = "io.readFailed"
    case unrecognized = "container.unrecognized"
    case truncated = "container.truncated"
    case malformed = "container.malformed"
    /// A CMAF / fMP4 media segment (`styp`? `moof` `mdat`, no `moov`): it needs its init segment.
    case mediaSegmentWithoutInit = "container.mediaSegmentWithoutInit"
    case noStreams = "container.noStreams"
    case timeout = "probe.timeout"
    case demuxFailed = "probe.demuxFailed"
    /// `scan`/`check`: the worker process analysing the file died; the scan went on without it.
    case crashed = "probe.crashed"
}

public struct ContainerInfo: Codable, Sendable, Equatable {
    @NullEncoded public var format: String?
    public var brands: [String]
    /// The demuxer's own name for the format (`mov,mp4,m4a,3gp,3g2,mj2`), not part of the contract.
    @NullEncoded public var demuxer: String?

    public init(format: String?, brands: [String], demuxer: String?) {
        self.format = format
        self.brands = brands
        self.demuxer = demuxer
    }

    public static let unknown = ContainerInfo(format: nil, brands: [], demuxer: nil)
}

/// Cost of one probe: bytes read from the file (headers + frame budget) and wall time.
public struct ProbeStatistics: Codable, Sendable, Equatable {
    public var bytesRead: Int
    public var durationMs: Double
    @NullEncoded public var framesScanned: Int?

    public init(bytesRead: Int, durationMs: Double, framesScanned: Int?) {
        self.bytesRead = bytesRead
        self.durationMs = durationMs
        self.framesScanned = framesScanned
    }
}
