
/// Accept or refuse a resolved Dolby Vision profile, with a stable code, a sentence a person can
/// act on, and the fallback a player without Dolby Vision shows (the base layer).
///
/// A policy is a set of accepted *profile classes* (``profileClasses``: `5`, `7`, `8.1`, `8.2`,
/// `8.4`, `8.x` for an out-of-spec compatibility id, `9`, `10.0` … `10.4`, `10.x`, `20`, `4`,
/// `unknown`) plus optional level caps per class. Built in:
/// - `default` — the verdict table of `docs/rules/dolby-vision.md` §1.1: accept 5, 8.1, 8.4,
///   10.0, 10.1, 10.4; refuse 7 and 4 (`dv.dualLayer`), 8.2 and 10.2 (`dv.sdrBase`), 8.x/10.x
///   (`dv.invalidCompatibility`), 9, 20 and unknown (`dv.unsupportedProfile`).
/// - `apple-hls` — the same classes under Apple's HLS authoring rules as `docs/rules/dolby-vision.md` §1 and §4
///   and `docs/rules/hls-signalling.md` §5.2/§16 state them: Profile 5 as a primary codec only up to Level 7
///   (general and tvOS rule 1.9), Profile 10 up to Level 9 (iOS rule 1.9a), and a `dv_level`
///   outside 1…13 refused (`dv.invalidLevel`) rather than silently replaced.
/// User policies (``PolicyDocument``) start from one of these and change classes and caps.
package struct DolbyVisionPolicy: Sendable, Equatable {
    package var name: String
    /// Profile classes accepted; everything else is refused.
    package var accepted: Set<String>
    /// Highest `dv_level` accepted per profile class (a class without an entry has no cap).
    package var maxLevel: [String: Int]
    /// Refuse a configuration record whose level is 0 or above 13 (`docs/rules/dolby-vision.md` §4).
    package var requireValidLevel: Bool

    package static let profileClasses = ["4", "5", "7", "8.1", "8.2", "8.4", "8.x", "9",
                                        "10.0", "10.1", "10.2", "10.4", "10.x", "20", "unknown"]

    package static let `default` = DolbyVisionPolicy(name: "default", accepted: ["5", "8.1", "8.4", "10.0", "10.1", "10.4"])

    package static let appleHLS = DolbyVisionPolicy(name: "apple-hls", accepted: ["5", "8.1", "8.4", "10.0", "10.1", "10.4"],
                                                   maxLevel: ["5": 7, "10.0": 9, "10.1": 9, "10.4": 9],
                                                   requireValidLevel: true)

    package static let builtIn: [DolbyVisionPolicy] = [.default, .appleHLS]

    package static func builtIn(named name: String) -> DolbyVisionPolicy? {
        builtIn.first { $0.name == name }
    }

    package init(name: String, accepted: Set<String>, maxLevel: [String: Int] = [:], requireValidLevel: Bool = false) {
        self.name = name
        self.accepted = accepted
        self.maxLevel = maxLevel
        self.requireValidLevel = requireValidLevel
    }

    /// The class a resolved profile belongs to (`8.x` / `10.x` for compatibility ids outside the
    /// Dolby specification, `unknown` when no profile could be read).
    package static func profileClass(of dv: DolbyVisionProfile) -> String {
        switch (dv.profile, dv.compatibilityId) {
        case (0, _): return "unknown"
        case (8, 1?), (8, 2?), (8, 4?): return dv.string
        case (8, _): return "8.x"
        case (10, 0?), (10, 1?), (10, 2?), (10, 4?): return dv.string
        case (10, _): return "10.x"
        case (4, _), (5, _), (7, _), (9, _), (20, _): return "\(dv.profile)"
        default: return "unknown"
        }
    }

    package func verdict(for dv: DolbyVisionProfile, codec: String?, baseTransfer: Int?,
                        level: Int? = nil) -> DolbyVisionReport.Verdict {
        let p = dv.string
        let profileClass = Self.profileClass(of: dv)
        let fallback = Self.fallback(for: dv, baseTransfer: baseTransfer)
        func refuse(_ code: DolbyVisionVerdictCode, _ reason: String) -> DolbyVisionReport.Verdict {
            .init(decision: .refuse, code: code, reason: reason, fallback: fallback)
        }
        if dv.profile == 0 {
            return refuse(.unsupportedProfile, "The Dolby Vision profile could not be determined from the RPUs.")
        }
        guard Self.isValid(profile: dv.profile, codec: codec) else {
            return refuse(.unsupportedProfile,
                          "Dolby Vision profile \(dv.profile) is not defined for \(codec ?? "this codec"); players will ignore the Dolby Vision layer.")
        }
        if accepted.contains(profileClass) {
            if let level, requireValidLevel, !(1...13).contains(level) {
                return refuse(.invalidLevel,
                              "Dolby Vision level \(level) does not exist (levels are 1 to 13); set dv_level in the configuration record from the resolution and frame rate.")
            }
            if let level, let cap = maxLevel[profileClass], level > cap {
                return refuse(.levelAboveCap,
                              "Dolby Vision \(p) at level \(level) is above the level \(cap) the '\(name)' policy allows for it; re-encode within level \(cap) or serve a fallback variant.")
            }
            let what: String
            switch fallback {
            case nil: what = "no base layer a non-Dolby Vision player can show correctly"
            case let f?: what = "\(f) as the base layer for players without Dolby Vision"
            }
            return .init(decision: .accept, code: .accepted,
                         reason: "Dolby Vision profile \(p) is accepted, with \(what).", fallback: fallback)
        }
        if DolbyVisionPolicy.default.accepted.contains(profileClass) {
            return refuse(.refusedByPolicy,
                          "Dolby Vision profile \(p) is refused by the '\(name)' policy; \(fallback.map { "the \($0) base layer plays instead" } ?? "without a Dolby Vision decoder nothing plays correctly").")
        }
        switch profileClass {
        case "7", "4":
            return refuse(.dualLayer,
                          "Profile \(p) is dual-layer Dolby Vision, which Apple devices cannot decode; convert to profile 8.1 (e.g. dovi_tool -m 2) or play the base layer.")
        case "8.2", "10.2":
            return refuse(.sdrBase, "Profile \(p) has an SDR base layer and no Apple playback route; the SDR base plays instead.")
        case "8.x", "10.x":
            return refuse(.invalidCompatibility,
                          "Profile \(p) uses a compatibility id outside the Dolby specification; rewrite the record to the base layer's real compatibility (1 for PQ, 4 for HLG).")
        default:
            return refuse(.unsupportedProfile,
                          "Dolby Vision profile \(p) is not supported for playback under the '\(name)' policy; \(fallback.map { "the \($0) base layer plays instead" } ?? "nothing else plays").")
        }
    }

    /// Profiles defined for each base-layer codec (`docs/rules/dolby-vision.md` §1).
    package static func isValid(profile: Int, codec: String?) -> Bool {
        switch codec.flatMap(VideoCodec.init(rawValue:)) {
        case .hevc?: return [4, 5, 7, 8, 20].contains(profile)
        case .av1?: return profile == 10
        case .h264?: return profile == 9
        default: return true
        }
    }

    /// What plays without Dolby Vision (`docs/rules/dolby-vision.md` §1.1 table).
    package static func fallback(for dv: DolbyVisionProfile, baseTransfer: Int?) -> String? {
        func fromTransfer() -> String {
            switch baseTransfer {
            case H273Names.pq: return "HDR10"
            case H273Names.hlg: return "HLG"
            default: return "SDR"
            }
        }
        guard dv.hasCompatibleBaseLayer else { return nil }
        switch (dv.profile, dv.compatibilityId) {
        case (8, 1?), (10, 1?): return "HDR10"
        case (8, 2?), (10, 2?): return "SDR"
        case (8, 4?), (10, 4?): return "HLG"
        case (4, _), (9, _): return "SDR"
        case (7, _): return baseTransfer == H273Names.pq || baseTransfer == nil ? "HDR10" : fromTransfer()
        default: return fromTransfer()
        }
    }
}
