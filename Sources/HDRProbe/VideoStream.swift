import HDRProbeModel

extension MediaReport {
    /// One video stream's format, HDR and signalling facts.
    public struct VideoStream: Sendable {
        let stream: StreamReport

        init(_ stream: StreamReport) { self.stream = stream }

        /// The stream's index in the container.
        public var index: Int { stream.index }
        /// The codec; nil when the container does not say.
        public var codec: MediaReport.Codec? { stream.codec.map(MediaReport.Codec.init) }
        /// The picture width in pixels.
        public var width: Int? { stream.width }
        /// The picture height in pixels.
        public var height: Int? { stream.height }
        /// Bits per sample (8, 10, 12).
        public var bitDepth: Int? { stream.bitDepth }
        /// The range type (Jellyfin's `VideoRangeType` names); `nil` when not classified.
        public var videoRangeType: MediaReport.RangeType? { stream.hdr.map { MediaReport.RangeType($0.videoRangeType) } }
        /// The HDR formats found, in the report's order.
        public var hdrFormats: [MediaReport.HDRFormat] { (stream.hdr?.formats ?? []).compactMap(MediaReport.HDRFormat.init(rawValue:)) }
        /// HDR10+ dynamic metadata was found in the scanned frames.
        public var hasHDR10Plus: Bool { stream.hdr?.hdr10Plus.present ?? false }
        /// The Dolby Vision facts; `nil` without Dolby Vision.
        public var dolbyVision: MediaReport.DolbyVision? { stream.dolbyVision.map(MediaReport.DolbyVision.init) }
        /// The HLS attributes of a variant carrying this stream; `nil` when none can be written.
        public var hls: HLSAttributes? { stream.hls.map(HLSAttributes.init) }
    }

    /// A stream's Dolby Vision profile and hdrprobe's verdict on it.
    public struct DolbyVision: Sendable, Equatable {
        /// The profile as `profile.compatibility` (`5`, `7.6`, `8.1`, `8.4`, `10.1`, …).
        public var profile: String
        /// Whether the policy accepts the Dolby Vision layer, with the code and the reason.
        public var verdict: Verdict

        init(_ report: DolbyVisionReport) {
            profile = report.profileName
            verdict = Verdict(accepted: report.verdict.decision == .accept, code: MediaReport.Code(report.verdict.code),
                              reason: report.verdict.reason,
                              fallback: report.verdict.fallback.flatMap(MediaReport.RangeType.init(rawValue:)))
        }

        /// The Dolby Vision verdict (docs/policy.md).
        public struct Verdict: Sendable, Equatable {
            /// The policy accepts the Dolby Vision layer (`false`: refused, the base layer plays).
            public var accepted: Bool
            /// The verdict code (``MediaReport/Code/accepted``, ``MediaReport/Code/dualLayer``, …; docs/findings.md).
            public var code: MediaReport.Code
            /// Why, for people.
            public var reason: String
            /// What plays where Dolby Vision does not (``MediaReport/RangeType/hdr10``, ``MediaReport/RangeType/sdr``,
            /// ``MediaReport/RangeType/hlg``); `nil` when nothing does.
            public var fallback: MediaReport.RangeType?
        }
    }

    /// The attributes of an `#EXT-X-STREAM-INF` tag for a stream (RFC 8216bis; docs/report-contract.md).
    public struct HLSAttributes: Sendable, Equatable {
        /// `CODECS` (the video codec string, e.g. `hvc1.2.4.L63.90`).
        public var codecs: String
        /// `SUPPLEMENTAL-CODECS` (e.g. `dvh1.08.01/db1p`); `nil` when not signalled.
        public var supplementalCodecs: String?
        /// `VIDEO-RANGE`.
        public var videoRange: MediaReport.VideoRange
        /// `FRAME-RATE` (e.g. `23.976`); `nil` when unknown.
        public var frameRate: String?
        /// `RESOLUTION` (e.g. `3840x2160`).
        public var resolution: String
        /// The whole `#EXT-X-STREAM-INF` line.
        public var streamInf: String

        init(_ report: HLSReport) {
            codecs = report.codecs
            supplementalCodecs = report.supplementalCodecs
            videoRange = MediaReport.VideoRange(report.videoRange)
            frameRate = report.frameRate?.string
            resolution = report.resolution
            streamInf = report.streamInf
        }
    }
}
