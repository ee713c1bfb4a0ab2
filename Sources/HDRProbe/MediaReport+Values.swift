import HDRProbeModel

extension MediaReport {
    /// A video stream's range type, by Jellyfin's `VideoRangeType` names (docs/report-contract.md,
    /// `hdr.videoRangeType`); `rawValue` is the name as the report's JSON writes it.
    ///
    /// ```swift
    /// if report.videoRangeType == .doviWithHDR10 { print("Dolby Vision with an HDR10 fallback") }
    /// ```
    public enum RangeType: String, Sendable, Hashable, CaseIterable {
        /// Standard dynamic range.
        case sdr = "SDR"
        /// PQ with static metadata (or none).
        case hdr10 = "HDR10"
        /// PQ with HDR10+ dynamic metadata.
        case hdr10Plus = "HDR10Plus"
        /// Hybrid log-gamma.
        case hlg = "HLG"
        /// Dolby Vision with no cross-compatible base layer (profile 5, 10.0).
        case dovi = "DOVI"
        /// Dolby Vision over an HDR10 base layer (8.1, 10.1, 7 without an enhancement layer read).
        case doviWithHDR10 = "DOVIWithHDR10"
        /// Dolby Vision over an HDR10+ base layer.
        case doviWithHDR10Plus = "DOVIWithHDR10Plus"
        /// Dolby Vision over an HLG base layer (8.4, 10.4).
        case doviWithHLG = "DOVIWithHLG"
        /// Dolby Vision over an SDR base layer (8.2, 9, 10.2).
        case doviWithSDR = "DOVIWithSDR"
        /// Dolby Vision with an enhancement layer (profile 7).
        case doviWithEL = "DOVIWithEL"
        /// Dolby Vision with an enhancement layer and HDR10+.
        case doviWithELHDR10Plus = "DOVIWithELHDR10Plus"
        /// Dolby Vision signalled but not decodable as signalled.
        case doviInvalid = "DOVIInvalid"

        init(_ type: VideoRangeType) {
            switch type {
            case .sdr: self = .sdr
            case .hdr10: self = .hdr10
            case .hdr10Plus: self = .hdr10Plus
            case .hlg: self = .hlg
            case .dovi: self = .dovi
            case .doviWithHDR10: self = .doviWithHDR10
            case .doviWithHDR10Plus: self = .doviWithHDR10Plus
            case .doviWithHLG: self = .doviWithHLG
            case .doviWithSDR: self = .doviWithSDR
            case .doviWithEL: self = .doviWithEL
            case .doviWithELHDR10Plus: self = .doviWithELHDR10Plus
            case .doviInvalid: self = .doviInvalid
            }
        }
    }

    /// The HLS `VIDEO-RANGE` attribute's values (RFC 8216bis §4.4.6.2); `rawValue` is the attribute value.
    public enum VideoRange: String, Sendable, Hashable, CaseIterable {
        /// `SDR`: BT.709, BT.601 or BT.2020 with an SDR transfer.
        case sdr = "SDR"
        /// `PQ`: SMPTE ST 2084 (HDR10, Dolby Vision on a PQ base).
        case pq = "PQ"
        /// `HLG`: ARIB STD-B67.
        case hlg = "HLG"

        init(_ range: HDRProbeModel.VideoRange) {
            switch range {
            case .sdr: self = .sdr
            case .pq: self = .pq
            case .hlg: self = .hlg
            }
        }
    }

    /// An HDR format a video stream carries; `rawValue` is the name in the report's `hdr.formats`.
    public enum HDRFormat: String, Sendable, Hashable, CaseIterable {
        /// Dolby Vision (a configuration record or RPUs).
        case dolbyVision = "DolbyVision"
        /// HDR10+ (SMPTE ST 2094-40 metadata in the frames).
        case hdr10Plus = "HDR10+"
        /// PQ transfer (SMPTE ST 2084).
        case hdr10 = "HDR10"
        /// HLG transfer (ARIB STD-B67).
        case hlg = "HLG"
    }
}
