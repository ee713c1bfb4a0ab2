import HDRProbeParse

/// What to do with a stream's Dolby Vision configuration record when it is remuxed to fMP4 for
/// Apple playback (`docs/rules/apple-playback.md` §1.3 "DV box in init", §2.5 which box movenc
/// writes, §2.6 rewrite/strip; the device results behind each reason are cited there).
///
/// | Stream | action | why |
/// |---|---|---|
/// | P5 (signalled `dvh1`) | keep `dvcC` | the system DV decoder needs it on every panel |
/// | P8.1 / P8.4 / P10.1 / P10.4 (signalled) | keep `dvvC` | DV panels; the non-DV fallback variant strips it |
/// | P10.0 (signalled `dav1`) | keep `dvvC` | |
/// | P8 with another compat id, accepted by the policy | rewrite to 8.1 (compat 1, EL 0) | a compat id that contradicts `db1p` is rejected |
/// | P7 | strip | `hvc1` + `dvcC` P7 → VideoToolbox -12906; the 8.1 conversion is a per-packet RPU rewrite |
/// | P8.2 / P10.2 | strip | SDR base plays as plain `hvc1`/`av01`; `db2g` has no route |
/// | H.264 (P9) | strip | `avc1` + `dvvC` → -11868 |
/// | 4, 20, unknown | strip | "unsupported Dolby Vision profile" |
/// | refused by the policy | strip | only the base is signalled |
/// | RPUs but no record, signalled | add | Apple players never engage DV without a record (§1.1) |
package struct DolbyVisionRecordPlan: Sendable, Equatable, Codable {
    package enum Action: String, Sendable, Codable, CaseIterable {
        case keep, rewrite, strip, add
    }

    package var action: Action
    /// The box the record is written as in fMP4 (movenc: `dvwC` for profile > 10, `dvvC` for > 7,
    /// else `dvcC`, §2.5); nil when stripped.
    package var box: DolbyVisionConfigurationBox?
    /// The record's profile after the action (8.1 for a rewrite), nil when stripped. Only the
    /// profile and the compatibility id its name carries (``DolbyVisionProfile/string``) are kept.
    package var profile: DolbyVisionProfile?
    package var reason: String

    package init(action: Action, box: DolbyVisionConfigurationBox?, profile: DolbyVisionProfile?, reason: String) {
        self.action = action
        self.box = box
        self.profile = profile.map(Self.recordProfile)
        self.reason = reason
    }

    /// What the record's profile name says: the profile, and the compatibility id for 8 and 10.
    package static func recordProfile(_ dv: DolbyVisionProfile) -> DolbyVisionProfile {
        DolbyVisionProfile(profile: dv.profile, compatibilityId: dv.profile == 8 || dv.profile == 10 ? dv.compatibilityId : nil,
                           fromRPU: false)
    }

    private enum CodingKeys: String, CodingKey { case action, box, profile, reason }

    /// The report carries the box as its fourcc and the profile as its name (`"8.1"`), both null
    /// when stripped.
    package func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(action, forKey: .action)
        try c.encode(box, forKey: .box)
        try c.encode(profile?.string, forKey: .profile)
        try c.encode(reason, forKey: .reason)
    }

    package init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        action = try c.decode(Action.self, forKey: .action)
        box = try c.decodeIfPresent(DolbyVisionConfigurationBox.self, forKey: .box)
        reason = try c.decode(String.self, forKey: .reason)
        guard let name = try c.decodeIfPresent(String.self, forKey: .profile) else { profile = nil; return }
        let parts = name.split(separator: ".", omittingEmptySubsequences: false).map { Int($0) }
        guard (1...2).contains(parts.count), let number = parts[0], parts.count == 1 || parts[1] != nil else {
            throw DecodingError.dataCorruptedError(forKey: .profile, in: c, debugDescription: "not a Dolby Vision profile name: \(name)")
        }
        profile = Self.recordProfile(DolbyVisionProfile(profile: number, compatibilityId: parts.count == 2 ? parts[1] : nil, fromRPU: false))
    }

    /// - Parameters:
    ///   - profile: the resolved Dolby Vision profile (record or RPU); nil when the stream has none.
    ///   - hasRecord: whether a configuration record is stored (dvcC/dvvC/dvwC, Matroska mapping, TS descriptor).
    ///   - accepted: the policy's verdict.
    ///   - signalled: whether the HLS decision signals a Dolby Vision element.
    /// A record over a stream without RPUs: strip it, since it would promise Dolby Vision the
    /// stream does not carry (SUPPLEMENTAL-CODECS is not written either).
    package static func withoutRPUs(framesScanned: Int) -> DolbyVisionRecordPlan {
        DolbyVisionRecordPlan(action: .strip, box: nil, profile: nil,
                              reason: "None of the \(framesScanned) scanned frames carries a Dolby Vision RPU: the record promises Dolby Vision the stream does not carry, so it is stripped and no SUPPLEMENTAL-CODECS is written; the base layer plays as it is.")
    }

    package static func decide(codec: VideoCodec?, profile: DolbyVisionProfile?, hasRecord: Bool, accepted: Bool,
                              signalled: Bool) -> DolbyVisionRecordPlan? {
        guard let dv = profile else { return nil }
        let name = dv.string
        let box = DolbyVisionConfigurationBox(profile: dv.profile)
        if !hasRecord {
            guard signalled else { return nil }
            return DolbyVisionRecordPlan(action: .add, box: box, profile: dv,
                                         reason: "The stream carries Dolby Vision \(name) RPUs but no configuration record; Apple players never engage Dolby Vision without one, so the remux must write a \(box.rawValue) (ffmpeg: -strict unofficial).")
        }
        if signalled {
            switch (dv.profile, dv.compatibilityId) {
            case (5, _):
                return DolbyVisionRecordPlan(action: .keep, box: .dvcC, profile: dv,
                                             reason: "Profile 5 plays only through the system Dolby Vision decoder (dvh1 + dvcC on every panel; it tone-maps on HDR10 panels).")
            case (8, let c?) where ![1, 2, 4].contains(c):
                return DolbyVisionRecordPlan(action: .rewrite, box: .dvvC,
                                             profile: DolbyVisionProfile(profile: 8, compatibilityId: 1, fromRPU: false),
                                             reason: "Compatibility id \(c) contradicts the db1p brand and AVPlayer rejects such a variant; rewrite the record to profile 8, compatibility 1, no EL (level, RPU and BL flags unchanged).")
            case (10, 0?):
                return DolbyVisionRecordPlan(action: .keep, box: .dvvC, profile: dv,
                                             reason: "Profile 10.0 is signalled as dav1 and needs its record.")
            default:
                return DolbyVisionRecordPlan(action: .keep, box: box, profile: dv,
                                             reason: "Kept for Dolby Vision panels; a player serving a panel without Dolby Vision must strip it (hvc1 + dvvC fails with -11868 on tvOS 26) and drop SUPPLEMENTAL-CODECS, which is the fallback variant.")
            }
        }
        let reason: String
        switch (codec, dv.profile, dv.compatibilityId) {
        case (.h264?, _, _):
            reason = "H.264 with a Dolby Vision record fails with -11868 and Apple has no AVC + Dolby Vision decoder; the BT.709 base plays as plain avc1."
        case (_, 7, _):
            reason = "hvc1 + dvcC for profile 7 fails in VideoToolbox (-12906); turning it into 8.1 needs a per-packet RPU conversion and dropping the EL (a player feature, not a remux), so the HDR10 base plays."
        case (_, 8, 2?), (_, 10, 2?):
            reason = "The SDR base plays as plain \((codec == .av1 ? SampleEntryType.av01 : .hvc1).rawValue); db2g has no Apple route."
        case (_, 4, _), (_, 9, _), (_, 20, _):
            reason = "AVPlayer refuses the stream outright ('unsupported Dolby Vision profile \(name)') while the record is there."
        default:
            reason = accepted
                ? "Dolby Vision \(name) has no Apple HLS route; only the base layer is signalled."
                : "Dolby Vision \(name) is refused by the policy; only the base layer is signalled."
        }
        return DolbyVisionRecordPlan(action: .strip, box: nil, profile: nil, reason: reason)
    }
}
