import HDRProbeParse

/// Where a stream's Dolby Vision configuration record was read: an ISO BMFF configuration box, a
/// Matroska BlockAdditionMapping, or the MPEG-TS `DOVI_video_stream_descriptor`
/// (docs/rules/dolby-vision.md §1). ``reportName`` is the report's `dolbyVision.configuration.box`.
package enum DolbyVisionRecordLocation: Sendable, Equatable, Hashable {
    /// An ISO BMFF `dvcC`, `dvvC` or `dvwC` box.
    case box(DolbyVisionConfigurationBox)
    /// A Matroska BlockAdditionMapping's BlockAddIDExtraData.
    case matroska
    /// The MPEG-TS `DOVI_video_stream_descriptor` of the PMT.
    case mpegtsDescriptor

    /// The report's name: the box's four-character code, `matroska` or `mpegts-descriptor`.
    package var reportName: String {
        switch self {
        case .box(let box): return box.rawValue
        case .matroska: return "matroska"
        case .mpegtsDescriptor: return "mpegts-descriptor"
        }
    }
}
