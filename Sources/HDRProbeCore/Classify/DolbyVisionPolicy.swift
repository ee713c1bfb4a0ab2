/// Accept or refuse a resolved Dolby Vision profile, with a stable code, a sentence a person can
/// act on, and the fallback a player without Dolby Vision shows (the base layer).
///
/// The built-in `default` policy is the verdict table of `shared/specs/dolby-vision.md` §1.1:
/// accept 5, 8.1, 8.4, 10.0, 10.1, 10.4; refuse 7 and 4 (`dv.dualLayer`), 8.2 and 10.2
/// (`dv.sdrBase`), 8.x/10.x with any other compatibility id (`dv.invalidCompatibility`), and 9,
/// 20, profiles not valid for the codec and unknown profiles (`dv.unsupportedProfile`).
public struct DolbyVisionPolicy: Sendable, Equatable {
    public var name: String
    /// Profile strings accepted (`"5"`, `"8.1"`, …); everything else is refused.
    public var accepted: Set<String>

    public static let `default` = DolbyVisionPolicy(name: "default", accepted: ["5", "8.1", "8.4", "10.0", "10.1", "10.4"])

    public init(name: String, accepted: Set<String>) {
        self.name = name
        self.accepted = accepted
    }

    public func verdict(for dv: DolbyVisionProfile, codec: String?, baseTransfer: Int?) -> DolbyVisionReport.Verdict {
        let p = dv.string
        let fallback = Self.fallback(for: dv, baseTransfer: baseTransfer)
        let validForCodec = Self.isValid(profile: dv.profile, codec: codec)
        if validForCodec && accepted.contains(p) {
            let what: String
            switch fallback {
            case nil: what = "no base layer a non-Dolby Vision player can show correctly"
            case let f?: what = "\(f) as the base layer for players without Dolby Vision"
            }
            return .init(decision: .accept, code: "dv.accepted",
                         reason: "Dolby Vision profile \(p) is accepted, with \(what).", fallback: fallback)
        }
        let (code, reason): (String, String)
        if !validForCodec {
            (code, reason) = ("dv.unsupportedProfile",
                              "Dolby Vision profile \(dv.profile) is not defined for \(codec ?? "this codec"); players will ignore the Dolby Vision layer.")
        } else {
            switch dv.profile {
            case 7, 4:
                (code, reason) = ("dv.dualLayer",
                                  "Profile \(p) is dual-layer Dolby Vision, which Apple devices cannot decode; convert to profile 8.1 (e.g. dovi_tool -m 2) or play the base layer.")
            case 8 where dv.compatibilityId == 2, 10 where dv.compatibilityId == 2:
                (code, reason) = ("dv.sdrBase",
                                  "Profile \(p) has an SDR base layer and no Apple playback route; the SDR base plays instead.")
            case 8, 10:
                (code, reason) = ("dv.invalidCompatibility",
                                  "Profile \(p) uses a compatibility id outside the Dolby specification; rewrite the record to the base layer's real compatibility (1 for PQ, 4 for HLG).")
            default:
                (code, reason) = ("dv.unsupportedProfile",
                                  "Dolby Vision profile \(p) is not supported for playback under the '\(name)' policy; the base layer plays instead.")
            }
        }
        return .init(decision: .refuse, code: code, reason: reason, fallback: fallback)
    }

    /// Profiles defined for each base-layer codec (`dolby-vision.md` §1).
    static func isValid(profile: Int, codec: String?) -> Bool {
        switch codec {
        case "hevc": return [4, 5, 7, 8, 20].contains(profile)
        case "av1": return profile == 10
        case "h264": return profile == 9
        default: return true
        }
    }

    /// What plays without Dolby Vision (`dolby-vision.md` §1.1 table).
    static func fallback(for dv: DolbyVisionProfile, baseTransfer: Int?) -> String? {
        func fromTransfer() -> String {
            switch baseTransfer {
            case H273Names.pq: return "HDR10"
            case H273Names.hlg: return "HLG"
            default: return "SDR"
            }
        }
        switch (dv.profile, dv.compatibilityId) {
        case (5, _), (10, 0?), (20, _): return nil
        case (8, 1?), (10, 1?): return "HDR10"
        case (8, 2?), (10, 2?): return "SDR"
        case (8, 4?), (10, 4?): return "HLG"
        case (4, _), (9, _): return "SDR"
        case (7, _): return baseTransfer == H273Names.pq || baseTransfer == nil ? "HDR10" : fromTransfer()
        default: return fromTransfer()
        }
    }
}
