import HDRProbeParse

/// The resolved Dolby Vision profile of a stream: profile number plus base-layer compatibility
/// id, resolved in the order of `docs/rules/dolby-vision.md` §1.1 — the container record first;
/// without a record, the profile the RPU header implies (§11.1), with the compatibility id for
/// profile 8/10 inferred from the base layer's transfer the way mkvmerge does it (PQ → 1,
/// BT.709/BT.2020 SDR → 2, HLG → 4; profile 5 → 0; profile 7 → 6). An RPU in an AV1 stream is
/// profile 10.
package struct DolbyVisionProfile: Sendable, Hashable, Codable {
    package var profile: Int
    package var compatibilityId: Int?
    /// True when the profile came from the RPU only (no configuration record).
    package var fromRPU: Bool

    package init(profile: Int, compatibilityId: Int?, fromRPU: Bool) {
        self.profile = profile
        self.compatibilityId = compatibilityId
        self.fromRPU = fromRPU
    }

    /// Profile 5 style: single-layer IPT-PQ-c2 (profile 5, and 10 with compatibility 0), which a
    /// decoder without Dolby Vision cannot show and the Dolby Vision decoder maps to HDR10
    /// (`docs/rules/dolby-vision.md` §1, §1.1: profiles and compatibility ids).
    package var isProfile5Style: Bool { profile == 5 || (profile == 10 && compatibilityId == 0) }

    /// False for Dolby Vision without a compatible base layer (profile 5, 10.0 and Apple's 20):
    /// nothing plays correctly without a Dolby Vision decoder, and there is no fallback.
    package var hasCompatibleBaseLayer: Bool { !isProfile5Style && profile != 20 }

    /// No profile could be read: RPUs (or enhancement-layer NAL units) whose header gives none and
    /// no configuration record. The policy refuses it (`dv.unsupportedProfile`).
    package static let unknown = DolbyVisionProfile(profile: 0, compatibilityId: nil, fromRPU: true)

    /// `"<profile>"` for 4, 5, 7, 9, 20 (compatibility implied) and `"<profile>.<compat>"` for 8
    /// and 10.
    package var string: String {
        if (profile == 8 || profile == 10), let compat = compatibilityId { return "\(profile).\(compat)" }
        return "\(profile)"
    }

    /// The report's `dolbyVision.profile`: ``string``, or `"unknown"` for profile 0 (no profile
    /// read, or a record that states 0). Only the report encoder and text writers use it.
    package var reportName: String { profile == 0 ? "unknown" : string }

    /// A report's `dolbyVision.profile` read back (the one place a profile string is parsed):
    /// `"8.1"` → 8 / compatibility 1. `"unknown"` is the record's own profile when there is a
    /// record, else ``unknown``; `configuration` also says whether the profile came from the RPU.
    package init(reportName: String, configuration: DolbyVisionReport.Configuration?) {
        if reportName == "unknown" {
            self = configuration.map { DolbyVisionProfile(profile: $0.profile, compatibilityId: $0.compatibilityId, fromRPU: false) }
                ?? .unknown
            return
        }
        let parts = reportName.split(separator: ".").compactMap { Int($0) }
        let profile = parts.first ?? 0
        // A name without its compatibility id (4, 5, 7, 9, 20, or an RPU-only 8): the record's, else the implied one.
        let compat = parts.dropFirst().first ?? configuration.map(\.compatibilityId)
            ?? Self.impliedCompatibility(profile: profile, rpuProfile: profile, baseTransfer: nil)
        self.init(profile: profile, compatibilityId: compat, fromRPU: configuration == nil)
    }

    package static func resolve(codec: String?, record: DOVIDecoderConfigurationRecord?, rpuProfile: Int?,
                               baseTransfer: Int?) -> DolbyVisionProfile? {
        if let record {
            // A record without its compatibility byte: inferred as when there is no record.
            let compat = record.compatibilityPresent ? record.compatibilityId
                : impliedCompatibility(profile: record.profile, rpuProfile: rpuProfile ?? record.profile, baseTransfer: baseTransfer)
            return DolbyVisionProfile(profile: record.profile, compatibilityId: compat, fromRPU: false)
        }
        guard let rpu = rpuProfile else { return nil }
        var profile = rpu
        if codec == VideoCodec.av1.rawValue && (rpu == 8 || rpu == 5) { profile = 10 }
        return DolbyVisionProfile(profile: profile, compatibilityId: impliedCompatibility(profile: profile, rpuProfile: rpu,
                                                                                            baseTransfer: baseTransfer),
                                  fromRPU: true)
    }

    /// The compatibility id a profile implies when no record states it (`docs/rules/dolby-vision.md` §1.1 step 2).
    package static func impliedCompatibility(profile: Int, rpuProfile: Int, baseTransfer: Int?) -> Int? {
        switch (profile, rpuProfile) {
        case (5, _), (10, 5): return 0
        case (7, _): return 6
        case (8, _), (10, _): return inferredCompatibility(transfer: baseTransfer)
        default: return nil
        }
    }

    /// mkvmerge 74's inference from the base layer VUI (`docs/rules/dolby-vision.md` §1.1 step 2).
    package static func inferredCompatibility(transfer: Int?) -> Int? {
        switch transfer {
        case H273Names.pq: return 1
        case H273Names.hlg: return 4
        case 1, 6, 14, 15: return 2
        default: return nil
        }
    }
}
