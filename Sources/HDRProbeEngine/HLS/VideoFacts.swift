import HDRProbeModel

/// A variant's video as its first probed segment shows it, for the overview of a whole-presentation
/// check: picture size, frame rate, sample entry, profile and level, the HLS VIDEO-RANGE its
/// transfer function makes (RFC 8216bis §4.4.6.2: PQ for SMPTE ST 2084, HLG for ARIB STD-B67, else
/// SDR) and the Dolby Vision profile.
struct VideoFacts {
    var width: Int?
    var height: Int?
    var frameRate: Double?
    var codec: String?
    var profile: String?
    var level: Int?
    var videoRange: String?
    var dolbyVisionProfile: String?

    init?(_ report: ProbeReport) {
        guard report.status == .ok, let video = report.streams.first(where: { $0.kind == .video && $0.role == nil }) else { return nil }
        width = video.width
        height = video.height
        frameRate = video.frameRate?.value
        codec = video.sampleEntry ?? video.codec
        profile = video.profile
        level = video.level
        // An unspecified transfer is SDR, as a player without VIDEO-RANGE takes it.
        switch video.color?.transferCharacteristics {
        case 16?: videoRange = "PQ"
        case 18?: videoRange = "HLG"
        default: videoRange = "SDR"
        }
        dolbyVisionProfile = video.dolbyVision?.profile?.reportName
    }

    func fill(_ summary: inout HLSCheckReport.Presentation) {
        summary.width = width
        summary.height = height
        summary.frameRate = frameRate
        summary.codec = codec
        summary.profile = profile
        summary.level = level
        summary.videoRange = videoRange
        summary.dolbyVisionProfile = dolbyVisionProfile
    }
}
