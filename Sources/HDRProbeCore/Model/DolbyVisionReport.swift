/// The `dolbyVision` object of a stream (`docs/report-contract.md`): the container record, the
/// RPUs found in the scanned frames, the resolved profile and the policy verdict.
public struct DolbyVisionReport: Codable, Sendable, Equatable {
    @NullEncoded public var configuration: Configuration?
    public var rpu: RPU
    public var enhancementLayerNALs: Bool
    public var profile: String
    public var verdict: Verdict

    public init(configuration: Configuration?, rpu: RPU, enhancementLayerNALs: Bool, profile: String, verdict: Verdict) {
        self.configuration = configuration
        self.rpu = rpu
        self.enhancementLayerNALs = enhancementLayerNALs
        self.profile = profile
        self.verdict = verdict
    }

    public struct Configuration: Codable, Sendable, Equatable {
        public var versionMajor: Int
        public var versionMinor: Int
        public var profile: Int
        public var level: Int
        public var rpuPresent: Bool
        public var elPresent: Bool
        public var blPresent: Bool
        public var compatibilityId: Int
        /// `dv_md_compression`: 0 none, 1 limited, 2 reserved, 3 extended.
        public var mdCompression: Int
        /// `dvcC`, `dvvC`, `dvwC`, `matroska` or `mpegts-descriptor`.
        public var box: String

        public init(_ record: DOVIDecoderConfigurationRecord, box: String) {
            versionMajor = record.versionMajor
            versionMinor = record.versionMinor
            profile = record.profile
            level = record.level
            rpuPresent = record.rpuPresent
            elPresent = record.elPresent
            blPresent = record.blPresent
            compatibilityId = record.compatibilityId
            mdCompression = record.mdCompression
            self.box = box
        }
    }

    public struct RPU: Codable, Sendable, Equatable {
        public var present: Bool
        @NullEncoded public var profile: Int?
        @NullEncoded public var enhancementLayer: String?
        @NullEncoded public var cmVersion: String?
        public var framesWithRpu: Int
        public var framesScanned: Int
        /// Null when no RPU was found.
        @NullEncoded public var summary: RPUSummaryReport?

        public init(present: Bool, profile: Int?, enhancementLayer: String?, cmVersion: String?,
                    framesWithRpu: Int, framesScanned: Int, summary: RPUSummaryReport? = nil) {
            self.present = present
            self.profile = profile
            self.enhancementLayer = enhancementLayer
            self.cmVersion = cmVersion
            self.framesWithRpu = framesWithRpu
            self.framesScanned = framesScanned
            self.summary = summary
        }
    }

    public struct Verdict: Codable, Sendable, Equatable {
        public var decision: Decision
        public var code: String
        public var reason: String
        @NullEncoded public var fallback: String?

        public enum Decision: String, Codable, Sendable { case accept, refuse }

        public init(decision: Decision, code: String, reason: String, fallback: String?) {
            self.decision = decision
            self.code = code
            self.reason = reason
            self.fallback = fallback
        }
    }
}

/// The stable `dolbyVision.verdict.code` values (`docs/findings.md`, Dolby Vision verdicts).
public enum DolbyVisionVerdictCode: String, CaseIterable, Sendable {
    case accepted = "dv.accepted"
    case dualLayer = "dv.dualLayer"
    case sdrBase = "dv.sdrBase"
    case invalidCompatibility = "dv.invalidCompatibility"
    case unsupportedProfile = "dv.unsupportedProfile"
    case refusedByPolicy = "dv.refusedByPolicy"
    case levelAboveCap = "dv.levelAboveCap"
    case invalidLevel = "dv.invalidLevel"
    /// A Dolby Vision RPU file (``DolbyVisionRPUFile``): metadata without the video it describes.
    case metadataOnly = "dv.metadataOnly"
}

extension DolbyVisionReport {
    /// The profile as a value: from the configuration record, else parsed from `profile`
    /// (`"8.1"` → 8 / compatibility 1, marked as coming from the RPU).
    public var resolvedProfile: DolbyVisionProfile {
        if let config = configuration {
            return DolbyVisionProfile(profile: config.profile, compatibilityId: config.compatibilityId, fromRPU: false)
        }
        let parts = profile.split(separator: ".").compactMap { Int($0) }
        return DolbyVisionProfile(profile: parts.first ?? 0, compatibilityId: parts.dropFirst().first, fromRPU: true)
    }
}
