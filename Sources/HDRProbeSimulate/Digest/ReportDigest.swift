import Foundation
import HDRProbeModel

/// What a library scan keeps of each report: enough for the summary, the check policy and the
/// diff, a few hundred bytes instead of the whole report, so that memory stays flat however many
/// files a scan sees. Built from a ``ProbeReport`` or read from one JSONL line.
package struct ReportDigest: Codable, Sendable, Equatable {
    package var path: String
    /// The report's `pathBytes` (a name that is not UTF-8), nil otherwise.
    package var pathBytes: String?
    package var status: ProbeReport.Status
    package var error: ReportError?
    package var streams: [StreamDigest]
    package var findings: [Finding]
    /// The first video stream's brightness over the scanned frames (the matrix's plot): set by
    /// the scan's probe, kept in the cache; nil when read from a report line (reports do not
    /// carry per-frame data) or without dynamic metadata.
    package var brightness: BrightnessSeries?

    package struct StreamDigest: Codable, Sendable, Equatable {
        package var index: Int
        package var kind: String
        /// `hdr.videoRangeType` of a video stream.
        package var videoRangeType: VideoRangeType?
        /// Null when the stream has no Dolby Vision at all.
        package var dolbyVision: DolbyVision?
        /// What the playback simulation needs (video streams; the policy's `require:` uses it).
        package var playback: PlaybackInput?

        package init(index: Int, kind: String, videoRangeType: VideoRangeType?, dolbyVision: DolbyVision?, playback: PlaybackInput? = nil) {
            self.index = index
            self.kind = kind
            self.videoRangeType = videoRangeType
            self.dolbyVision = dolbyVision
            self.playback = playback
        }

        /// From a report's stream.
        package init(_ s: StreamReport, container: String?) {
            // An enhancement-layer stream is not a video of its own: its role is its kind here.
            self.init(index: s.index, kind: s.role ?? s.kind.rawValue, videoRangeType: s.hdr?.videoRangeType,
                      dolbyVision: s.dolbyVision.map {
                          DolbyVision(profile: $0.profileName, decision: $0.verdict.decision, verdictCode: $0.verdict.code)
                      },
                      playback: PlaybackInput(stream: s, container: container))
        }
    }

    package struct DolbyVision: Codable, Sendable, Equatable {
        package var profile: String
        package var decision: DolbyVisionReport.Verdict.Decision
        package var verdictCode: DolbyVisionVerdictCode

        package init(profile: String, decision: DolbyVisionReport.Verdict.Decision, verdictCode: DolbyVisionVerdictCode) {
            self.profile = profile
            self.decision = decision
            self.verdictCode = verdictCode
        }
    }

    package init(path: String, status: ProbeReport.Status, error: ReportError?, streams: [StreamDigest], findings: [Finding],
                brightness: BrightnessSeries? = nil) {
        self.path = path
        self.status = status
        self.error = error
        self.streams = streams
        self.findings = findings
        self.brightness = brightness
    }

    package init(_ report: ProbeReport) {
        self.init(path: report.path, status: report.status, error: report.error,
                  streams: report.streams.map { StreamDigest($0, container: report.container.format) },
                  findings: report.findings, brightness: report.brightness)
        pathBytes = report.pathBytes
    }

    /// The file's path compared byte for byte (its exact bytes when the name is not UTF-8).
    package var exactPath: ExactPath { ExactPath(path: path, base64Bytes: pathBytes) }

    /// The brightness of the first video stream from the frames a probe collected
    /// (``ProbeEngine/probeWithFrames``, per stream index); nil without dynamic metadata.
    package static func brightness(of report: ProbeReport, frames: [Int: [DynamicMetadataFrame]]) -> BrightnessSeries? {
        guard let video = report.streams.first(where: { $0.kind == .video }), let f = frames[video.index] else { return nil }
        return BrightnessSeries(frames: f)
    }

    package var videoStreams: [StreamDigest] { streams.filter { $0.kind == "video" } }

    /// Reads the digest from one report JSON document (a `scan`/`probe --jsonl` line).
    package static func decode(jsonLine: Data) throws -> ReportDigest {
        let r = try JSONDecoder().decode(Line.self, from: jsonLine)
        var digest = ReportDigest(path: r.path, status: r.status, error: r.error,
                                  streams: (r.streams ?? []).map { StreamDigest($0.report, container: r.container?.format) },
                                  findings: r.findings ?? [], brightness: r.brightness)
        digest.pathBytes = r.pathBytes
        return digest
    }

    /// The report keys the digest reads (`docs/report-contract.md`); everything else is skipped.
    private struct Line: Decodable {
        package var path: String
        package var pathBytes: String?
        package var status: ProbeReport.Status
        package var error: ReportError?
        package var container: ContainerInfo?
        package var streams: [StreamLine]?
        package var findings: [Finding]?
        package var brightness: BrightnessSeries?
    }

    /// The stream keys ``StreamDigest/init(_:container:)`` and ``PlaybackInput/init(stream:container:)``
    /// read. The large subtrees (RPU and HDR10+ summaries, mastering display, HLS plan) are not
    /// decoded — decoding whole stream reports was nearly all of `matrix --from`'s time; ``report``
    /// holds these keys only, and the digest is built from it exactly as from a probed report.
    private struct StreamLine: Decodable {
        package var index: Int
        package var kind: StreamReport.Kind
        package var role: String?
        package var codec: String?
        package var profile: String?
        package var width: Int?
        package var height: Int?
        package var bitDepth: Int?
        package var chromaSubsampling: String?
        package var color: Colour?
        package var frameRate: FrameRateReport?
        package var hdr: HDR?
        package var dolbyVision: DolbyVision?
        package var hls: HLS?

        package struct Colour: Decodable { var transferCharacteristics: Int? }
        package struct HDR: Decodable {
            package var videoRangeType: VideoRangeType
            package var hdr10Plus: Present
            package struct Present: Decodable { var present: Bool }
        }
        package struct DolbyVision: Decodable {
            package var configuration: DolbyVisionReport.Configuration?
            package var rpu: RPU?
            package var profile: String
            package var verdict: DolbyVisionReport.Verdict
            /// What the players' rules read of the RPUs (`docs/rules/players.md` §2).
            package struct RPU: Decodable { var profile: Int?; var enhancementLayer: String? }
        }
        package struct HLS: Decodable {
            package var codecs: String
            package var supplementalCodecs: String?
            package var videoRange: VideoRange
            package var resolution: String
            package var sampleEntry: String
        }

        package var report: StreamReport {
            var s = StreamReport(index: index, kind: kind, codec: codec)
            s.role = role
            s.profile = profile
            s.width = width
            s.height = height
            s.bitDepth = bitDepth
            s.chromaSubsampling = chromaSubsampling
            s.color = color.map { c in var r = ColorReport(); r.transferCharacteristics = c.transferCharacteristics; return r }
            s.frameRate = frameRate
            s.hdr = hdr.map {
                HDRReport(videoRangeType: $0.videoRangeType, formats: [], masteringDisplay: nil, contentLightLevel: nil, alternativeTransfer: nil,
                          hdr10Plus: HDR10PlusReport(present: $0.hdr10Plus.present, profile: nil, framesWithMetadata: 0, framesScanned: 0))
            }
            s.dolbyVision = dolbyVision.map {
                DolbyVisionReport(configuration: $0.configuration,
                                  rpu: .init(present: false, profile: $0.rpu?.profile, enhancementLayer: $0.rpu?.enhancementLayer, cmVersion: nil,
                                             framesWithRpu: 0, framesScanned: 0),
                                  enhancementLayerNALs: false,
                                  profile: DolbyVisionReport.profile(named: $0.profile, configuration: $0.configuration), verdict: $0.verdict)
            }
            s.hls = hls.map {
                HLSReport(codecs: $0.codecs, supplementalCodecs: $0.supplementalCodecs, videoRange: $0.videoRange, frameRate: nil,
                          resolution: $0.resolution, sampleEntry: $0.sampleEntry, streamInf: "")
            }
            return s
        }
    }
}
