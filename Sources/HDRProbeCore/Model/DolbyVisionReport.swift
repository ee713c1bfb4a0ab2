/// The `dolbyVision` object of a stream (`docs/report-contract.md`): the container record, the
/// RPUs found in the scanned frames, the resolved profile and the policy verdict.
package struct DolbyVisionReport: Codable, Sendable, Equatable {
    @NullEncoded package var configuration: Configuration?
    package var rpu: RPU
    package var enhancementLayerNALs: Bool
    package var profile: String
    package var verdict: Verdict

    package init(configuration: Configuration?, rpu: RPU, enhancementLayerNALs: Bool, profile: String, verdict: Verdict) {
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
        package var code: String
        package var reason: String
        @NullEncoded package var fallback: String?

        package enum Decision: String, Codable, Sendable { case accept, refuse }

        package init(decision: Decision, code: String, reason: String, fallback: String?) {
            self.decision = decision
            self.code = code
            self.reason = reason
            self.fallback = fallback
        }
    }
}

extension DolbyVisionReport {
    /// The profile as a value: from the configuration record, else parsed from `profile`
    /// (`"8.1"` → 8 / compatibility 1, marked as coming from the RPU).
    package var resolvedProfile: DolbyVisionProfile {
        if let config = configuration {
            return DolbyVisionProfile(profile: config.profile, compatibilityId: config.compatibilityId, fromRPU: false)
        }
        let parts = profile.split(separator: ".").compactMap { Int($0) }
        return DolbyVisionProfile(profile: parts.first ?? 0, compatibilityId: parts.dropFirst().first, fromRPU: true)
    }
}
