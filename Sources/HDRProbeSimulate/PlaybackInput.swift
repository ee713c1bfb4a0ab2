import HDRProbeParse
import HDRProbeModel

/// What the simulation needs to know about a file's first video stream, read from its report:
/// codec and format, picture size and rate, the HLS decision (`hls`), HDR10+ presence and the
/// Dolby Vision profile with the policy's verdict.
package struct PlaybackInput: Sendable, Hashable, Codable {
    package var codec: String
    /// FFmpeg's profile name (`Main 10`, `Rext`, `High 4:2:2`, …).
    package var profileName: String?
    package var bitDepth: Int?
    package var chroma: String?
    package var width: Int
    package var height: Int
    package var framesPerSecond: Double?
    package var container: String?
    package var videoRange: VideoRange
    package var hdr10Plus: Bool
    package var dolbyVision: DolbyVisionProfile?
    package var dolbyVisionLevel: Int?
    package var dolbyVisionAccepted: Bool
    package var dolbyVisionVerdict: DolbyVisionVerdictCode?
    package var hasDolbyVisionRecord: Bool
    /// The profile the RPUs' headers state (7 when they carry a residual / NLQ), nil without RPUs.
    package var rpuProfile: Int?
    /// Profile 7's enhancement layer as the RPUs describe it (MEL or FEL).
    package var enhancementLayer: DolbyVisionEnhancementLayer?
    package var sampleEntry: String?
    package var supplementalCodecs: String?

    package init(codec: String, profileName: String? = nil, bitDepth: Int? = nil, chroma: String? = nil, width: Int, height: Int,
                framesPerSecond: Double?, container: String? = "mp4", videoRange: VideoRange, hdr10Plus: Bool = false,
                dolbyVision: DolbyVisionProfile? = nil, dolbyVisionLevel: Int? = nil, dolbyVisionAccepted: Bool = false,
                dolbyVisionVerdict: DolbyVisionVerdictCode? = nil, hasDolbyVisionRecord: Bool = false, rpuProfile: Int? = nil,
                enhancementLayer: DolbyVisionEnhancementLayer? = nil, sampleEntry: String? = nil, supplementalCodecs: String? = nil) {
        self.codec = codec
        self.profileName = profileName
        self.bitDepth = bitDepth
        self.chroma = chroma
        self.width = width
        self.height = height
        self.framesPerSecond = framesPerSecond
        self.container = container
        self.videoRange = videoRange
        self.hdr10Plus = hdr10Plus
        self.dolbyVision = dolbyVision
        self.dolbyVisionLevel = dolbyVisionLevel
        self.dolbyVisionAccepted = dolbyVisionAccepted
        self.dolbyVisionVerdict = dolbyVisionVerdict
        self.hasDolbyVisionRecord = hasDolbyVisionRecord
        self.rpuProfile = rpuProfile
        self.enhancementLayer = enhancementLayer
        self.sampleEntry = sampleEntry
        self.supplementalCodecs = supplementalCodecs
    }

    /// From the report's first video stream; nil when the file has none (or is in error).
    package init?(report: ProbeReport) {
        guard report.status == .ok, let v = report.streams.first(where: { $0.kind == .video }) else { return nil }
        self.init(stream: v, container: report.container.format)
    }

    /// From one video stream of a report; nil when its codec or size is unknown.
    package init?(stream v: StreamReport, container: String?) {
        guard v.kind == .video, let codec = v.codec, let width = v.width, let height = v.height else { return nil }
        let range = v.hls?.videoRange ?? VideoRange.fromTransfer(v.color?.transferCharacteristics)
        self.init(codec: codec, profileName: v.profile, bitDepth: v.bitDepth, chroma: v.chromaSubsampling, width: width,
                  height: height, framesPerSecond: v.frameRate?.value, container: container, videoRange: range,
                  hdr10Plus: v.hdr?.hdr10Plus.present ?? false, dolbyVision: v.dolbyVision?.profileOrUnknown,
                  dolbyVisionLevel: v.dolbyVision?.configuration?.level,
                  dolbyVisionAccepted: v.dolbyVision?.verdict.decision == .accept,
                  dolbyVisionVerdict: v.dolbyVision?.verdict.code, hasDolbyVisionRecord: v.dolbyVision?.configuration != nil,
                  rpuProfile: v.dolbyVision?.rpu.profile,
                  enhancementLayer: v.dolbyVision?.rpu.enhancementLayer.flatMap(DolbyVisionEnhancementLayer.init(rawValue:)),
                  sampleEntry: v.hls?.sampleEntry, supplementalCodecs: v.hls?.supplementalCodecs)
    }
}
