import HDRProbeParse

/// Jellyfin's `VideoRangeType` for a video stream (`docs/rules/peers.md` §3.1,
/// `MediaStream.GetVideoColorRange`), with hdrprobe's deliberate differences: Dolby Vision
/// resolved from RPUs alone counts (Jellyfin only sees container records), and HDR10+ comes from
/// a multi-frame scan rather than the first frame. The raw values are the report's
/// `hdr.videoRangeType` names (`docs/report-contract.md`), in the contract's order.
package enum VideoRangeType: String, Sendable, Hashable, Codable, CaseIterable, CustomStringConvertible {
    case sdr = "SDR"
    case hdr10 = "HDR10"
    case hdr10Plus = "HDR10Plus"
    case hlg = "HLG"
    case dovi = "DOVI"
    case doviWithHDR10 = "DOVIWithHDR10"
    case doviWithHDR10Plus = "DOVIWithHDR10Plus"
    case doviWithHLG = "DOVIWithHLG"
    case doviWithSDR = "DOVIWithSDR"
    case doviWithEL = "DOVIWithEL"
    case doviWithELHDR10Plus = "DOVIWithELHDR10Plus"
    case doviInvalid = "DOVIInvalid"

    /// The report's name (`DOVIWithHDR10`), also in interpolated text.
    package var description: String { rawValue }

    /// Sample entries that force the Dolby Vision branch in Jellyfin.
    package static let dolbyVisionTags: Set<String> = ["dovi", "dvh1", "dvhe", "dav1"]

    package static func classify(dolbyVision dv: DolbyVisionProfile?, record: DOVIDecoderConfigurationRecord?,
                                sampleEntry: String?, transfer: Int?, hdr10Plus: Bool) -> VideoRangeType {
        if let dv, entersDolbyVisionBranch(dv: dv, record: record, sampleEntry: sampleEntry) {
            let type = dolbyVisionType(dv)
            guard hdr10Plus else { return type }
            switch type {
            case .doviWithHDR10: return .doviWithHDR10Plus
            case .doviWithEL: return .doviWithELHDR10Plus
            default: return type
            }
        }
        switch transfer {
        case H273Names.pq: return hdr10Plus ? .hdr10Plus : .hdr10
        case H273Names.hlg: return .hlg
        default: return .sdr
        }
    }

    /// The Dolby Vision branch's type from profile and base-layer compatibility.
    package static func dolbyVisionType(_ dv: DolbyVisionProfile) -> VideoRangeType {
        switch dv.profile {
        case 5: return .dovi
        case 7: return .doviWithEL
        case 8:
            switch dv.compatibilityId {
            case 1?: return .doviWithHDR10
            case 4?: return .doviWithHLG
            case 2?: return .doviWithSDR
            default: return .doviInvalid
            }
        case 10:
            switch dv.compatibilityId {
            case 0?: return .dovi
            case 1?: return .doviWithHDR10
            case 2?: return .doviWithSDR
            case 4?: return .doviWithHLG
            default: return .doviInvalid
            }
        default: return .sdr
        }
    }

    package static func entersDolbyVisionBranch(dv: DolbyVisionProfile, record: DOVIDecoderConfigurationRecord?,
                                        sampleEntry: String?) -> Bool {
        if let sampleEntry, dolbyVisionTags.contains(sampleEntry) { return true }
        guard [5, 7, 8, 10].contains(dv.profile) else { return false }
        if let record {
            return record.rpuPresent && record.blPresent && [0, 1, 2, 4, 6].contains(record.compatibilityId)
        }
        // RPU-only: the RPU itself stands in for rpu_present, the stream is the base layer.
        return true
    }

    /// `hdr.formats`: every HDR signal present, in the order DolbyVision, HDR10+, HDR10, HLG.
    package static func formats(dolbyVision: Bool, hdr10Plus: Bool, transfer: Int?) -> [String] {
        var f: [String] = []
        if dolbyVision { f.append("DolbyVision") }
        if hdr10Plus { f.append("HDR10+") }
        if transfer == H273Names.pq { f.append("HDR10") }
        if transfer == H273Names.hlg { f.append("HLG") }
        return f
    }
}
