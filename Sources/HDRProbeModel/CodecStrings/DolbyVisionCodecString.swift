import HDRProbeBytes
import HDRProbeParse

/// The Dolby Vision codecs parameter `<entry>.PP.LL` (`docs/rules/hls-signalling.md` §4,
/// `docs/rules/dolby-vision.md` §1, §4, §6): profile and level as **two decimal digits each**
/// (APPX "Codec.Profile.Level … dvh1.05.03 … Profile is 5 and the Level is 3").
///
/// | entry | based on | use |
/// |---|---|---|
/// | `dvh1` | `hvc1` | P5 primary codec; `dvh1.08.LL` in SUPPLEMENTAL-CODECS |
/// | `dvhe` | `hev1` | "use not recommended" (APPX) |
/// | `dav1` | `av01` | `dav1.10.LL` (P10) |
/// | `dva1` / `dvav` | `avc1` / `avc3` | P9, no Apple use |
///
/// LL comes from `dv_level`. A level of 0 or above 13 is invalid (§4); ``resolve(profile:level:sampleEntry:width:height:framesPerSecond:)``
/// then derives it from the picture with ``DolbyVisionLevel/infer(width:height:framesPerSecond:)``
/// and says so, instead of AetherEngine's silent `06`. Encodes to JSON as the string.
package struct DolbyVisionCodecString: Sendable, Hashable, Codable, LosslessStringConvertible {
    package var sampleEntry: String
    package var profile: Int
    package var level: Int

    /// Entries that carry the `<entry>.PP.LL` form.
    package static let sampleEntries = SampleEntryType.names(where: \.isDolbyVision)

    package init(sampleEntry: String, profile: Int, level: Int) {
        self.sampleEntry = sampleEntry
        self.profile = profile
        self.level = level
    }

    /// With the entry hdrprobe uses for the profile (``defaultSampleEntry(profile:)``).
    package init(profile: Int, level: Int) {
        self.init(sampleEntry: Self.defaultSampleEntry(profile: profile), profile: profile, level: level)
    }

    /// From a configuration record (`dvcC`/`dvvC`/`dvwC`, Matroska mapping, TS descriptor).
    package init(record: DOVIDecoderConfigurationRecord, sampleEntry: String? = nil) {
        self.init(sampleEntry: sampleEntry ?? Self.defaultSampleEntry(profile: record.profile),
                  profile: record.profile, level: record.level)
    }

    /// The out-of-band entry for a profile: `dav1` for 10 (AV1), `dva1` for the AVC profiles 0, 1
    /// and 9, `dvh1` for the HEVC ones (Apple rule 1.10 prefers `dvh1` over `dvhe`).
    package static func defaultSampleEntry(profile: Int) -> String {
        SampleEntryType.dolbyVision(profile: profile).rawValue
    }

    /// The string for `profile`/`level`; when `level` is outside 1…13 the level is derived from
    /// the picture (`levelInferred` true) or, without a picture that fits, nothing is produced.
    package static func resolve(profile: Int, level: Int, sampleEntry: String? = nil, width: Int? = nil,
                               height: Int? = nil,
                               framesPerSecond: Double? = nil) -> (string: DolbyVisionCodecString, levelInferred: Bool)? {
        let entry = sampleEntry ?? defaultSampleEntry(profile: profile)
        if DolbyVisionLevel.level(level) != nil {
            return (DolbyVisionCodecString(sampleEntry: entry, profile: profile, level: level), false)
        }
        guard let width, let height, let framesPerSecond,
              let inferred = DolbyVisionLevel.infer(width: width, height: height, framesPerSecond: framesPerSecond)
        else { return nil }
        return (DolbyVisionCodecString(sampleEntry: entry, profile: profile, level: inferred.id), true)
    }

    package var string: String {
        "\(sampleEntry).\(CodecStringFormatting.decimal(profile, width: 2)).\(CodecStringFormatting.decimal(level, width: 2))"
    }

    package var description: String { string }

    /// Parses `dvh1.08.06`: a Dolby Vision entry (any case) and two two-digit decimal fields.
    package init?(_ description: String) {
        let e = CodecStringFormatting.elements(description)
        guard e.count == 3, Self.sampleEntries.contains(e[0].lowercased()),
              let profile = CodecStringFormatting.parseDecimal(e[1], width: 2),
              let level = CodecStringFormatting.parseDecimal(e[2], width: 2) else { return nil }
        self.init(sampleEntry: String(e[0]), profile: profile, level: level)
    }

    package init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let value = DolbyVisionCodecString(text) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath,
                                                    debugDescription: "not a Dolby Vision codec string: \(text)"))
        }
        self = value
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(string)
    }
}
