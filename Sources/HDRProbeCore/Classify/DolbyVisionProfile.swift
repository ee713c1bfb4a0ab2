/// The resolved Dolby Vision profile of a stream: profile number plus base-layer compatibility
/// id, resolved in the order of `docs/rules/dolby-vision.md` §1.1 — the container record first;
/// without a record, the profile the RPU header implies (§11.1), with the compatibility id for
/// profile 8/10 inferred from the base layer's transfer the way mkvmerge does it (PQ → 1,
/// BT.709/BT.2020 SDR → 2, HLG → 4; profile 5 → 0; profile 7 → 6). An RPU in an AV1 stream is
/// profile 10.
public struct DolbyVisionProfile: Sendable, Hashable, Codable {
    public var profile: Int
    public var compatibilityId: Int?
    /// True when the profile came from the RPU only (no configuration record).
    public var fromRPU: Bool

    public init(profile: Int, compatibilityId: Int?, fromRPU: Bool) {
        self.profile = profile
        self.compatibilityId = compatibilityId
        self.fromRPU = fromRPU
    }

    /// The report's `dolbyVision.profile`: `"<profile>"` for 4, 5, 7, 9, 20 (compatibility
    /// implied) and `"<profile>.<compat>"` for 8 and 10.
    public var string: String {
        if (profile == 8 || profile == 10), let compat = compatibilityId { return "\(profile).\(compat)" }
        return "\(profile)"
    }

    public static func resolve(codec: String?, record: DOVIDecoderConfigurationRecord?, rpuProfile: Int?,
                               baseTransfer: Int?) -> DolbyVisionProfile? {
        if let record {
            // A record without its compatibility byte: inferred as when there is no record.
            let compat = record.compatibilityPresent ? record.compatibilityId
                : impliedCompatibility(profile: record.profile, rpuProfile: rpuProfile ?? record.profile, baseTransfer: baseTransfer)
            return DolbyVisionProfile(profile: record.profile, compatibilityId: compat, fromRPU: false)
        }
        guard let rpu = rpuProfile else { return nil }
        var profile = rpu
        if codec == "av1" && (rpu == 8 || rpu == 5) { profile = 10 }
        return DolbyVisionProfile(profile: profile, compatibilityId: impliedCompatibility(profile: profile, rpuProfile: rpu,
                                                                                            baseTransfer: baseTransfer),
                                  fromRPU: true)
    }

    /// The compatibility id a profile implies when no record states it (`docs/rules/dolby-vision.md` §1.1 step 2).
    static func impliedCompatibility(profile: Int, rpuProfile: Int, baseTransfer: Int?) -> Int? {
        switch (profile, rpuProfile) {
        case (5, _), (10, 5): return 0
        case (7, _): return 6
        case (8, _), (10, _): return inferredCompatibility(transfer: baseTransfer)
        default: return nil
        }
    }

    /// mkvmerge 74's inference from the base layer VUI (`docs/rules/dolby-vision.md` §1.1 step 2).
    public static func inferredCompatibility(transfer: Int?) -> Int? {
        switch transfer {
        case H273Names.pq: return 1
        case H273Names.hlg: return 4
        case 1, 6, 14, 15: return 2
        default: return nil
        }
    }
}
