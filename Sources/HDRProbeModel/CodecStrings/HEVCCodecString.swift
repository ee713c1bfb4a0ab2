import HDRProbeBytes
import HDRProbeParse

/// The RFC 6381 / ISO/IEC 14496-15 Annex E codecs parameter of an HEVC track:
/// `<entry>.<profile_space><profile_idc>.<compat>.<tier><level>[.<c1>[.<c2>…]]`
/// (`docs/rules/hls-signalling.md` §2.1).
///
/// * entry: the sample entry (`hvc1`, `hev1`, `dvh1`, `dvhe`), as given;
/// * profile_space: 0 → nothing, 1 → `A`, 2 → `B`, 3 → `C`; profile_idc in decimal;
/// * compat: the 32 `general_profile_compatibility_flags` **bit-reversed**, in hexadecimal without
///   leading zeros (stored `0x20000000` → `4`, `0x60000000` → `6`, `0x60000001` → `80000006`);
/// * tier `L` (Main) / `H` (High) followed by `general_level_idc` in decimal (30 × level);
/// * the six constraint-indicator bytes, two hex digits each, trailing zero bytes dropped
///   (all six zero → nothing).
///
/// hdrprobe writes hexadecimal upper-case (`B0`, §2.1 "Case"); parsing accepts either case.
/// Built from an `hvcC` (``init(record:sampleEntry:)``, also Matroska `CodecPrivate`, which is an
/// hvcC), from raw record bytes with the §2.1 rejection rules
/// (``fromConfigurationRecord(_:sampleEntry:)``), or from an SPS `profile_tier_level` when there is
/// no record (raw Annex B streams, ``init(profileTierLevel:sampleEntry:)``). Encodes to JSON as
/// the string.
package struct HEVCCodecString: Sendable, Hashable, Codable, LosslessStringConvertible {
    package var sampleEntry: String
    /// general_profile_space (0…3).
    package var profileSpace: UInt8
    /// general_profile_idc (0…31).
    package var profileIDC: UInt8
    /// general_profile_compatibility_flags as stored: flag[0] is the most significant bit.
    package var compatibilityFlags: UInt32
    /// general_tier_flag (false = Main tier `L`, true = High tier `H`).
    package var highTier: Bool
    /// general_level_idc (30 × level).
    package var levelIDC: UInt8
    /// The six general constraint indicator bytes (shorter arrays are padded with zeros).
    package var constraintIndicatorFlags: [UInt8]

    package init(sampleEntry: String = SampleEntryType.hvc1.rawValue, profileSpace: UInt8 = 0, profileIDC: UInt8,
                compatibilityFlags: UInt32, highTier: Bool = false, levelIDC: UInt8,
                constraintIndicatorFlags: [UInt8] = []) {
        self.sampleEntry = sampleEntry
        self.profileSpace = profileSpace & 0x03
        self.profileIDC = profileIDC & 0x1F
        self.compatibilityFlags = compatibilityFlags
        self.highTier = highTier
        self.levelIDC = levelIDC
        let bytes = Array(constraintIndicatorFlags.prefix(6))
        self.constraintIndicatorFlags = bytes + Array(repeating: 0, count: 6 - bytes.count)
    }

    /// From a parsed `hvcC` (bytes 1–12 of the record).
    package init(record: HEVCDecoderConfigurationRecord, sampleEntry: String = SampleEntryType.hvc1.rawValue) {
        self.init(sampleEntry: sampleEntry, profileSpace: record.generalProfileSpace,
                  profileIDC: record.generalProfileIDC, compatibilityFlags: record.generalProfileCompatibilityFlags,
                  highTier: record.generalTierFlag, levelIDC: record.generalLevelIDC,
                  constraintIndicatorFlags: record.generalConstraintIndicatorFlags)
    }

    /// From the SPS `profile_tier_level` (the hvcC copies the same general fields, ISO/IEC
    /// 14496-15 §8.3.3.1.2), for streams without a configuration record.
    package init(profileTierLevel ptl: HEVCProfileTierLevel, sampleEntry: String = SampleEntryType.hvc1.rawValue) {
        self.init(sampleEntry: sampleEntry, profileSpace: ptl.generalProfileSpace, profileIDC: ptl.generalProfileIDC,
                  compatibilityFlags: ptl.generalProfileCompatibilityFlags, highTier: ptl.generalTierFlag,
                  levelIDC: ptl.generalLevelIDC, constraintIndicatorFlags: ptl.generalConstraintIndicatorFlags)
    }

    /// From the raw bytes of an `hvcC` / Matroska `CodecPrivate`, applying §2.1: Annex B start
    /// codes, fewer than 13 bytes, or configurationVersion ≠ 1 give no string. Only bytes 0–12 are
    /// needed; a complete record goes through ``HEVCDecoderConfigurationRecord/parse(_:)``.
    package static func fromConfigurationRecord(_ bytes: [UInt8],
                                               sampleEntry: String = SampleEntryType.hvc1.rawValue) -> Result<HEVCCodecString, CodecStringError> {
        if bytes.starts(with: [0, 0, 1]) || bytes.starts(with: [0, 0, 0, 1]) { return .failure(.annexB) }
        guard bytes.count >= 13 else { return .failure(.tooShort(needed: 13, got: bytes.count)) }
        guard bytes[0] == 1 else { return .failure(.unsupportedVersion(Int(bytes[0]))) }
        if let record = try? HEVCDecoderConfigurationRecord.parse(bytes) {
            return .success(HEVCCodecString(record: record, sampleEntry: sampleEntry))
        }
        // 13…22 bytes: the general fields are all there even though the record is cut short.
        let compat = bytes[2...5].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
        return .success(HEVCCodecString(sampleEntry: sampleEntry, profileSpace: bytes[1] >> 6,
                                        profileIDC: bytes[1] & 0x1F, compatibilityFlags: compat,
                                        highTier: (bytes[1] >> 5) & 1 == 1, levelIDC: bytes[12],
                                        constraintIndicatorFlags: Array(bytes[6...11])))
    }

    /// The same string with another sample entry (e.g. `hev1` → `hvc1` for Apple playback).
    package func withSampleEntry(_ entry: String) -> HEVCCodecString {
        var copy = self
        copy.sampleEntry = entry
        return copy
    }

    /// Reverses the order of all 32 bits (flag[0], the MSB as stored, becomes bit 0).
    package static func reverseBits(_ value: UInt32) -> UInt32 {
        var input = value, output: UInt32 = 0
        for _ in 0..<32 {
            output = output << 1 | (input & 1)
            input >>= 1
        }
        return output
    }

    package var string: String {
        let space = ["", "A", "B", "C"][Int(profileSpace & 0x03)]
        var parts = [sampleEntry, "\(space)\(profileIDC)",
                     CodecStringFormatting.hex(Self.reverseBits(compatibilityFlags), uppercase: true),
                     "\(highTier ? "H" : "L")\(levelIDC)"]
        var constraints = constraintIndicatorFlags
        while let last = constraints.last, last == 0 { constraints.removeLast() }
        parts += constraints.map { CodecStringFormatting.hex($0, width: 2, uppercase: true) }
        return parts.joined(separator: ".")
    }

    package var description: String { string }

    /// The level as a number (§2.1: `general_level_idc` = 30 × level): L93 → `3.1`, L150 → `5`.
    package var levelName: String {
        let major = Int(levelIDC) / 30, minor = (Int(levelIDC) % 30) / 3
        return minor == 0 ? "\(major)" : "\(major).\(minor)"
    }

    /// Parses `hvc1.2.4.L153.B0` and the like (either case). Returns nil for anything that is
    /// not the Annex E form (fewer than four elements, more than six constraint bytes, …).
    package init?(_ description: String) {
        let e = CodecStringFormatting.elements(description)
        guard e.count >= 4, e.count <= 10, !e[0].isEmpty else { return nil }
        var profile = e[1]
        var space: UInt8 = 0
        if let first = profile.first, let index = ["A", "B", "C"].firstIndex(of: first.uppercased()) {
            space = UInt8(index + 1)
            profile = profile.dropFirst()
        }
        guard let idc = CodecStringFormatting.parseDecimal(profile), idc <= 31,
              let compat = CodecStringFormatting.parseHex(e[2], maxDigits: 8),
              let tierLetter = e[3].first?.uppercased(), tierLetter == "L" || tierLetter == "H",
              let level = CodecStringFormatting.parseDecimal(e[3].dropFirst()), level <= 255
        else { return nil }
        var constraints: [UInt8] = []
        for element in e.dropFirst(4) {
            guard let byte = CodecStringFormatting.parseHex(element, maxDigits: 2) else { return nil }
            constraints.append(UInt8(byte))
        }
        self.init(sampleEntry: String(e[0]), profileSpace: space, profileIDC: UInt8(idc),
                  compatibilityFlags: Self.reverseBits(UInt32(compat)), highTier: tierLetter == "H",
                  levelIDC: UInt8(level), constraintIndicatorFlags: constraints)
    }

    package init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let value = HEVCCodecString(text) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath,
                                                    debugDescription: "not an HEVC codec string: \(text)"))
        }
        self = value
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(string)
    }
}
