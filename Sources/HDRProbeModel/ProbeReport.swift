/// One file's report: the document `hdrprobe probe --json` prints, schema version 1.
/// Keys and meanings: `docs/report-contract.md` (copied from the stable contract); the JSON
/// Schema is `docs/report.schema.json`. Unknown values are `null`, never defaults.
package struct ProbeReport: Codable, Sendable, Equatable {
    package static let currentSchemaVersion = 1

    package var schemaVersion: Int
    package var tool: ToolInfo
    package var path: String
    /// The path's exact bytes in Base64, present only when they are not valid UTF-8 (`path` then
    /// shows U+FFFD where they are not): the reversible form of such a name (docs/report-contract.md).
    package var pathBytes: String?
    package var status: Status
    @NullEncoded package var error: ReportError?
    package var container: ContainerInfo
    package var streams: [StreamReport]
    package var findings: [Finding]
    /// What the probe itself cost (not part of the stable contract).
    @NullEncoded package var probe: ProbeStatistics?
    /// One simulated playback per requested target (`hdrprobe simulate`, `probe --target`); null
    /// when no target was asked for (hdrprobe addition beyond the shared contract).
    @NullEncoded package var playback: [PlaybackOutcome]? = nil
    /// The first video stream's brightness over the scanned frames (``BrightnessSeries``): only
    /// in the report lines `scan` and `check` write (their probe collects per-frame dynamic
    /// metadata anyway), so that `matrix --from` can draw the plot; absent elsewhere and when the
    /// stream has no dynamic metadata (report-contract.md).
    package var brightness: BrightnessSeries? = nil
    /// Per video stream index, what HLS and DASH are planned from (``SignallingEvidence``): in
    /// memory only, never in the JSON.
    @Transient package var signallingEvidence: [Int: SignallingEvidence]? = nil

    package enum Status: String, Codable, Sendable { case ok, error }

    package init(tool: ToolInfo, path: String, status: Status, error: ReportError?, container: ContainerInfo,
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
    package static func failure(path: String, tool: ToolInfo, error: ReportError, container: ContainerInfo = .unknown,
                               probe: ProbeStatistics? = nil) -> ProbeReport {
        ProbeReport(tool: tool, path: path, status: .error, error: error, container: container,
                    streams: [], findings: [], probe: probe)
    }
}

package struct ToolInfo: Codable, Sendable, Equatable {
    package var name: String
    package var version: String
    package var libavformat: String
    /// In a file's probe report: whether libavformat read the file (its demuxer, or its network
    /// protocols for a URL); false when hdrprobe's own readers did all (no FFmpeg needed). Absent
    /// from the other reports that carry `tool` (HLS/DASH checks, matrices, a scan's error entries).
    package var libavformatUsed: Bool?

    package init(version: String, libavformat: String, libavformatUsed: Bool? = nil) {
        self.name = "hdrprobe"
        self.version = version
        self.libavformat = libavformat
        self.libavformatUsed = libavformatUsed
    }
}

/// `{code, message}`; `code` is a stable dotted identifier (see ``ErrorCode``).
package struct ReportError: Codable, Sendable, Equatable, Error {
    package var code: ErrorCode
    package var message: String
    /// libavformat's own words, when it refused the file: kept apart from `message`, which is
    /// hdrprobe's sentence (absent from the JSON when nil).
    package var detail: String?

    package init(_ code: ErrorCode, _ message: String, detail: String? = nil) {
        self.code = code
        self.message = message
        self.detail = detail
    }
}

package struct ContainerInfo: Codable, Sendable, Equatable {
    @NullEncoded package var format: String?
    package var brands: [String]
    /// The demuxer's own name for the format (`mov,mp4,m4a,3gp,3g2,mj2`), not part of the contract.
    @NullEncoded package var demuxer: String?
    /// The media's duration in seconds as the container declares it (libavformat's format
    /// duration, which hdrprobe's own readers reproduce); null when it declares none (raw streams).
    @NullEncoded package var duration: Double?
    /// The overall bit rate in bits per second (declared, or the file size over the duration, as
    /// libavformat computes it); null when unknown.
    @NullEncoded package var bitRate: Int?
    /// The file's size in bytes.
    @NullEncoded package var fileSize: Int?

    package init(format: String?, brands: [String], demuxer: String?, duration: Double? = nil, bitRate: Int? = nil,
                 fileSize: Int? = nil) {
        self.format = format
        self.brands = brands
        self.demuxer = demuxer
        self.duration = duration
        self.bitRate = bitRate
        self.fileSize = fileSize
    }

    package static let unknown = ContainerInfo(format: nil, brands: [], demuxer: nil)
}

/// Cost of one probe: bytes read from the file (headers + frame budget) and the wall time the
/// analysis took — `analysisMs`, named so that it is not read as the media's duration
/// (`container.duration`). Reports written before the rename said `durationMs`; they still decode.
package struct ProbeStatistics: Codable, Sendable, Equatable {
    package var bytesRead: Int
    package var analysisMs: Double
    @NullEncoded package var framesScanned: Int?

    package init(bytesRead: Int, analysisMs: Double, framesScanned: Int?) {
        self.bytesRead = bytesRead
        self.analysisMs = analysisMs
        self.framesScanned = framesScanned
    }

    private enum CodingKeys: String, CodingKey { case bytesRead, analysisMs, framesScanned, durationMs }

    package init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        bytesRead = try c.decode(Int.self, forKey: .bytesRead)
        analysisMs = try c.decodeIfPresent(Double.self, forKey: .analysisMs) ?? c.decode(Double.self, forKey: .durationMs)
        framesScanned = try c.decodeIfPresent(Int.self, forKey: .framesScanned)
    }

    package func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(bytesRead, forKey: .bytesRead)
        try c.encode(analysisMs, forKey: .analysisMs)
        try c.encode(framesScanned, forKey: .framesScanned)
    }
}
