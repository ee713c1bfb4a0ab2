/// Jellyfin's `VideoRangeType` for a video stream (`docs/rules/peers.md` §3.1,
/// `MediaStream.GetVideoColorRange`), with hdrprobe's deliberate differences: Dolby Vision
/// resolved from RPUs alone counts (Jellyfin only sees container records), and HDR10+ comes from
/// a multi-frame scan rather than the first frame.
public enum VideoRangeType {
    /// Sample entries that force the Dolby Vision branch in Jellyfin.
    static let dolbyVisionTags: Set<String> = ["dovi", "dvh1", "dvhe", "dav1"]

    public static func classify(dolbyVision dv: DolbyVisionProfile?, record: DOVIDecoderConfigurationRecord?,
                                sampleEntry: String?, transfer: Int?, hdr10Plus: Bool) -> String {
        if let dv, entersDolbyVisionBranch(dv: dv, record: record, sampleEntry: sampleEntry) {
            var type: String
            switch dv.profile {
            case 5: type = "DOVI"
            case 7: type = "DOVIWithEL"
            case 8:
                switch dv.compatibilityId {
                case 1?: type = "DOVIWithHDR10"
                case 4?: type = "DOVIWithHLG"
                case 2?: type = "DOVIWithSDR"
                default: type = "DOVIInvalid"
                }
            case 10:
                switch dv.compatibilityId {
                case 0?: type = "DOVI"
                case 1?: type = "DOVIWithHDR10"
                case 2?: type = "DOVIWithSDR"
                case 4?: type = "DOVIWithHLG"
                default: type = "DOVIInvalid"
                }
            default: type = "SDR"
            }
            if hdr10Plus {
                if type == "DOVIWithHDR10" { type = "DOVIWithHDR10Plus" }
                if type == "DOVIWithEL" { type = "DOVIWithELHDR10Plus" }
            }
            return type
        }
        switch transfer {
        case H273Names.pq: return hdr10Plus ? "HDR10Plus" : "HDR10"
        case H273Names.hlg: return "HLG"
        default: return "SDR"
        }
    }

    static func entersDolbyVisionBranch(dv: DolbyVisionProfile, record: DOVIDecoderConfigurationRecord?,
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
    public static func formats(dolbyVision: Bool, hdr10Plus: Bool, transfer: Int?) -> [String] {
        var f: [String] = []
        if dolbyVision { f.append("DolbyVision") }
        if hdr10Plus { f.append("HDR10+") }
        if transfer == H273Names.pq { f.append("HDR10") }
        if transfer == H273Names.hlg { f.append("HLG") }
        return f
    }
}
