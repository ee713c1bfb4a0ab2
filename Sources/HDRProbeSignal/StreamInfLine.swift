import HDRProbeModel
import HDRProbeManifests

/// A complete `#EXT-X-STREAM-INF:` line (`docs/rules/hls-signalling.md` §14), attributes in the
/// order of Apple's example playlist (APPX), HDCP-LEVEL omitted unless given:
///
/// ```
/// #EXT-X-STREAM-INF:AVERAGE-BANDWIDTH=<n>,BANDWIDTH=<n>,VIDEO-RANGE=<SDR|PQ|HLG>,CODECS="<video>[,<audio>]",
///   [SUPPLEMENTAL-CODECS="<…>",]RESOLUTION=<W>x<H>,FRAME-RATE=<x.xxx>,CLOSED-CAPTIONS=NONE[,HDCP-LEVEL=<…>]
/// ```
///
/// CODECS and SUPPLEMENTAL-CODECS are quoted strings; VIDEO-RANGE, CLOSED-CAPTIONS and HDCP-LEVEL
/// are enumerated (unquoted). Attributes without a value are left out (RFC 8216 imposes no order
/// and requires only BANDWIDTH). ``issues`` carries the §10 checks: a PQ/HLG variant without
/// FRAME-RATE is filtered by AVPlayer at master parse (device-verified), and rates above 60 SHALL
/// NOT be used (Apple 1.19). Encodes to JSON with the line and its parts.
package struct StreamInfLine: Sendable, Equatable, Codable {
    package var averageBandwidth: Int?
    package var bandwidth: Int
    package var videoRange: VideoRange?
    package var codecs: HLSCodecs
    package var supplementalCodecs: SupplementalCodecs?
    package var resolution: HLSResolution?
    package var frameRate: HLSFrameRate?
    /// Writes `CLOSED-CAPTIONS=NONE` (hdrprobe's lines and Apple's example do).
    package var closedCaptionsNone: Bool
    /// Omitted by default (§11).
    package var hdcpLevel: HDCPLevel?

    package init(averageBandwidth: Int?, bandwidth: Int, videoRange: VideoRange?, codecs: HLSCodecs,
                supplementalCodecs: SupplementalCodecs? = nil, resolution: HLSResolution?, frameRate: HLSFrameRate?,
                closedCaptionsNone: Bool = true, hdcpLevel: HDCPLevel? = nil) {
        self.averageBandwidth = averageBandwidth
        self.bandwidth = bandwidth
        self.videoRange = videoRange
        self.codecs = codecs
        self.supplementalCodecs = supplementalCodecs
        self.resolution = resolution
        self.frameRate = frameRate
        self.closedCaptionsNone = closedCaptionsNone
        self.hdcpLevel = hdcpLevel
    }

    /// From the §5.2 decision plus the other attributes; nil when the video has no codec string.
    package init?(video: HLSVideoSignalling, audio: AudioCodecString? = nil, bandwidth: HLSBandwidth,
                 resolution: HLSResolution?, frameRate: HLSFrameRate?, hdcpLevel: HDCPLevel? = nil) {
        guard let codec = video.codec else { return nil }
        self.init(averageBandwidth: bandwidth.average, bandwidth: bandwidth.peak, videoRange: video.videoRange,
                  codecs: HLSCodecs(video: codec, audio: audio), supplementalCodecs: video.supplementalCodecs,
                  resolution: resolution, frameRate: frameRate, hdcpLevel: hdcpLevel)
    }

    package static let tag = "#EXT-X-STREAM-INF:"

    /// The attribute list in hdrprobe's order.
    package var attributes: [(name: String, value: String)] {
        var list: [(String, String)] = []
        if let averageBandwidth { list.append(("AVERAGE-BANDWIDTH", String(averageBandwidth))) }
        list.append(("BANDWIDTH", String(bandwidth)))
        if let videoRange { list.append(("VIDEO-RANGE", videoRange.rawValue)) }
        list.append(("CODECS", "\"\(codecs.string)\""))
        if let supplementalCodecs, !supplementalCodecs.elements.isEmpty {
            list.append(("SUPPLEMENTAL-CODECS", "\"\(supplementalCodecs.string)\""))
        }
        if let resolution { list.append(("RESOLUTION", resolution.string)) }
        if let frameRate { list.append(("FRAME-RATE", frameRate.string)) }
        if closedCaptionsNone { list.append(("CLOSED-CAPTIONS", "NONE")) }
        if let hdcpLevel { list.append(("HDCP-LEVEL", hdcpLevel.rawValue)) }
        return list
    }

    package var line: String {
        Self.tag + attributes.map { "\($0.name)=\($0.value)" }.joined(separator: ",")
    }

    /// The same line without SUPPLEMENTAL-CODECS (AetherEngine's "reduced HDR master", §15).
    package func withoutSupplementalCodecs() -> StreamInfLine {
        var copy = self
        copy.supplementalCodecs = nil
        return copy
    }

    /// §10 checks on the line.
    package var issues: [HLSSignalIssue] {
        var issues: [HLSSignalIssue] = []
        if frameRate == nil, let videoRange, videoRange != .sdr {
            issues.append(HLSSignalIssue(.frameRateMissingForHDR,
                                         "A VIDEO-RANGE=\(videoRange.rawValue) variant without FRAME-RATE is filtered out by AVPlayer when it parses the master playlist."))
        }
        if let frameRate, frameRate.thousandths > 60_000 {
            issues.append(HLSSignalIssue(.frameRateAbove60,
                                         "FRAME-RATE \(frameRate.string) is above 60, which Apple's authoring rule 1.19 says SHALL NOT be used.",
                                         subject: frameRate.string))
        }
        return issues
    }

    private enum CodingKeys: String, CodingKey {
        case line, averageBandwidth, bandwidth, videoRange, codecs, supplementalCodecs, resolution, frameRate,
             closedCaptionsNone, hdcpLevel
    }

    package init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(averageBandwidth: try c.decodeIfPresent(Int.self, forKey: .averageBandwidth),
                  bandwidth: try c.decode(Int.self, forKey: .bandwidth),
                  videoRange: try c.decodeIfPresent(VideoRange.self, forKey: .videoRange),
                  codecs: try c.decode(HLSCodecs.self, forKey: .codecs),
                  supplementalCodecs: try c.decodeIfPresent(SupplementalCodecs.self, forKey: .supplementalCodecs),
                  resolution: try c.decodeIfPresent(HLSResolution.self, forKey: .resolution),
                  frameRate: try c.decodeIfPresent(HLSFrameRate.self, forKey: .frameRate),
                  closedCaptionsNone: try c.decode(Bool.self, forKey: .closedCaptionsNone),
                  hdcpLevel: try c.decodeIfPresent(HDCPLevel.self, forKey: .hdcpLevel))
    }

    package func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(line, forKey: .line)
        try c.encodeIfPresent(averageBandwidth, forKey: .averageBandwidth)
        try c.encode(bandwidth, forKey: .bandwidth)
        try c.encodeIfPresent(videoRange, forKey: .videoRange)
        try c.encode(codecs, forKey: .codecs)
        try c.encodeIfPresent(supplementalCodecs, forKey: .supplementalCodecs)
        try c.encodeIfPresent(resolution, forKey: .resolution)
        try c.encodeIfPresent(frameRate, forKey: .frameRate)
        try c.encode(closedCaptionsNone, forKey: .closedCaptionsNone)
        try c.encodeIfPresent(hdcpLevel, forKey: .hdcpLevel)
    }
}
