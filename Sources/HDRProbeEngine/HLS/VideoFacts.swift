import HDRProbeModel

/// A variant's video as its first probed segment shows it, for the overview of a whole-presentation
/// check: picture size, frame rate, sample entry, profile and level, the HLS VIDEO-RANGE it makes
/// (``VideoRange/resolve(transfer:dolbyVision:alternativeTransfer:)``, RFC 8216bis §4.4.6.2) and the
/// Dolby Vision profile.
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
        // The signalling stage's rule (an unspecified transfer is SDR; Dolby Vision forces its range).
        videoRange = VideoRange.resolve(transfer: video.color?.transferCharacteristics,
                                        dolbyVision: video.dolbyVision?.profile).range.rawValue
        dolbyVisionProfile = video.dolbyVision?.profile?.reportName
    }

    /// What changed in the encoding from `self` to `other` (sample entry or codec, profile,
    /// picture size), said for people; nil when nothing did. The frame rate is left out: a probe of
    /// one picture does not measure it.
    func encodingChange(to other: VideoFacts) -> String? {
        var parts: [String] = []
        func compare(_ name: String, _ a: String?, _ b: String?) {
            if let a, let b, a != b { parts.append("\(name) \(a) → \(b)") }
        }
        compare("codec", codec, other.codec)
        compare("profile", profile, other.profile)
        compare("picture size", width.flatMap { w in height.map { "\(w)x\($0)" } }, other.width.flatMap { w in other.height.map { "\(w)x\($0)" } })
        return parts.isEmpty ? nil : parts.joined(separator: "; ")
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
