import Foundation

/// What a library scan keeps of each report: enough for the summary, the check policy and the
/// diff, a few hundred bytes instead of the whole report, so that memory stays flat however many
/// files a scan sees. Built from a ``ProbeReport`` or read from one JSONL line.
public struct ReportDigest: Codable, Sendable, Equatable {
    public var path: String
    public var status: ProbeReport.Status
    public var error: ReportError?
    public var streams: [StreamDigest]
    public var findings: [Finding]

    public struct StreamDigest: Codable, Sendable, Equatable {
        public var index: Int
        public var kind: String
        /// `hdr.videoRangeType` of a video stream.
        public var videoRangeType: String?
        /// Null when the stream has no Dolby Vision at all.
        public var dolbyVision: DolbyVision?

        public init(index: Int, kind: String, videoRangeType: String?, dolbyVision: DolbyVision?) {
            self.index = index
            self.kind = kind
            self.videoRangeType = videoRangeType
            self.dolbyVision = dolbyVision
        }
    }

    public struct DolbyVision: Codable, Sendable, Equatable {
        public var profile: String
        public var decision: String
        public var verdictCode: String

        public init(profile: String, decision: String, verdictCode: String) {
            self.profile = profile
            self.decision = decision
            self.verdictCode = verdictCode
        }
    }

    public init(path: String, status: ProbeReport.Status, error: ReportError?, streams: [StreamDigest], findings: [Finding]) {
        self.path = path
        self.status = status
        self.error = error
        self.streams = streams
        self.findings = findings
    }

    public init(_ report: ProbeReport) {
        self.init(path: report.path, status: report.status, error: report.error,
                  streams: report.streams.map { s in
                      StreamDigest(index: s.index, kind: s.kind.rawValue, videoRangeType: s.hdr?.videoRangeType,
                                   dolbyVision: s.dolbyVision.map {
                                       DolbyVision(profile: $0.profile, decision: $0.verdict.decision.rawValue, verdictCode: $0.verdict.code)
                                   })
                  },
                  findings: report.findings)
    }

    public var videoStreams: [StreamDigest] { streams.filter { $0.kind == "video" } }

    /// Reads the digest from one report JSON document (a `scan`/`probe --jsonl` line).
    public static func decode(jsonLine: Data) throws -> ReportDigest {
        let r = try JSONDecoder().decode(Line.self, from: jsonLine)
        return ReportDigest(path: r.path, status: r.status, error: r.error,
                            streams: (r.streams ?? []).map { s in
                                StreamDigest(index: s.index, kind: s.kind, videoRangeType: s.hdr?.videoRangeType,
                                             dolbyVision: s.dolbyVision.map {
                                                 DolbyVision(profile: $0.profile, decision: $0.verdict.decision, verdictCode: $0.verdict.code)
                                             })
                            },
                            findings: r.findings ?? [])
    }

    /// The report keys the digest reads (`docs/report-contract.md`); everything else is skipped.
    private struct Line: Decodable {
        var path: String
        var status: ProbeReport.Status
        var error: ReportError?
        var streams: [Stream]?
        var findings: [Finding]?

        struct Stream: Decodable {
            var index: Int
            var kind: String
            var hdr: HDR?
            var dolbyVision: DV?
        }
        struct HDR: Decodable { var videoRangeType: String }
        struct DV: Decodable {
            var profile: String
            var verdict: Verdict
        }
        struct Verdict: Decodable {
            var decision: String
            var code: String
        }
    }
}
