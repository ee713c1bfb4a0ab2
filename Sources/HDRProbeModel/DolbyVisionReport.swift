import HDRProbeParse

/// The `dolbyVision` object of a stream (`docs/report-contract.md`): the container record, the
/// RPUs found in the scanned frames, the resolved profile and the policy verdict.
package struct DolbyVisionReport: Codable, Sendable, Equatable {
    @NullEncoded package var configuration: Configuration?
    package var rpu: RPU
    package var enhancementLayerNALs: Bool
    /// The profile resolved once by the classifier (``DolbyVisionProfile/resolve(codec:record:rpuProfile:baseTransfer:)``);
    /// nil when nothing states one (RPUs without a readable header, no record). The JSON holds
    /// its ``DolbyVisionProfile/reportName`` (`"8.1"`, `"unknown"`).
    package var profile: DolbyVisionProfile?
    package var verdict: Verdict

    package init(configuration: Configuration?, rpu: RPU, enhancementLayerNALs: Bool, profile: DolbyVisionProfile?, verdict: Verdict) {
        self.configuration = configuration
        self.rpu = rpu
        self.enhancementLayerNALs = enhancementLayerNALs
        self.profile = profile
        self.verdict = verdict
    }

    package struct Configuration: Codable, Sendable, Equatable {
        package var versionMajor: Int
        package var versionMinor: Int
        package var profile: Int
        package var level: Int
        package var rpuPresent: Bool
        package var elPresent: Bool
        package var blPresent: Bool
        package var compatibilityId: Int
        /// `dv_md_compression`: 0 none, 1 limited, 2 reserved, 3 extended.
        package var mdCompression: Int
        /// `dvcC`, `dvvC`, `dvwC`, `matroska` or `mpegts-descriptor`.
        package var box: String

        package init(_ record: DOVIDecoderConfigurationRecord, box: String) {
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

    package struct RPU: Codable, Sendable, Equatable {
        package var present: Bool
        @NullEncoded package var profile: Int?
        @NullEncoded package var enhancementLayer: String?
        @NullEncoded package var cmVersion: String?
        package var framesWithRpu: Int
        package var framesScanned: Int
        /// Null when no RPU was found.
        @NullEncoded package var summary: RPUSummaryReport?

        package init(present: Bool, profile: Int?, enhancementLayer: String?, cmVersion: String?,
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

    package struct Verdict: Codable, Sendable, Equatable {
        package var decision: Decision
        package var code: DolbyVisionVerdictCode
        package var reason: String
        @NullEncoded package var fallback: String?

        package enum Decision: String, Codable, Sendable { case accept, refuse }

        package init(decision: Decision, code: DolbyVisionVerdictCode, reason: String, fallback: String?) {
            self.decision = decision
            self.code = code
            self.reason = reason
            self.fallback = fallback
        }
    }
}

extension DolbyVisionReport {
    /// The report's `dolbyVision.profile` string (`"8.1"`, `"5"`, `"unknown"`).
    package var profileName: String { profile?.reportName ?? "unknown" }

    /// The profile for the stages that treat an unreadable one as profile 0 (``DolbyVisionProfile/unknown``).
    package var profileOrUnknown: DolbyVisionProfile { profile ?? .unknown }

    private enum CodingKeys: String, CodingKey { case configuration, rpu, enhancementLayerNALs, profile, verdict }

    package init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        _configuration = try c.decode(NullEncoded<Configuration>.self, forKey: .configuration)
        rpu = try c.decode(RPU.self, forKey: .rpu)
        enhancementLayerNALs = try c.decode(Bool.self, forKey: .enhancementLayerNALs)
        verdict = try c.decode(Verdict.self, forKey: .verdict)
        profile = Self.profile(named: try c.decode(String.self, forKey: .profile), configuration: _configuration.wrappedValue)
    }

    package func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(_configuration, forKey: .configuration)
        try c.encode(rpu, forKey: .rpu)
        try c.encode(enhancementLayerNALs, forKey: .enhancementLayerNALs)
        try c.encode(profileName, forKey: .profile)
        try c.encode(verdict, forKey: .verdict)
    }

    /// A report's profile string as the value (`"unknown"` without a record: nil).
    package static func profile(named name: String, configuration: Configuration?) -> DolbyVisionProfile? {
        name == "unknown" && configuration == nil ? nil : DolbyVisionProfile(reportName: name, configuration: configuration)
    }
}
