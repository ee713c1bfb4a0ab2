import HDRProbeBytes
import HDRProbeParse

/// The RFC 6381 §3.3 codecs parameter of an H.264 track: `avc1.PPCCLL`
/// (`docs/rules/hls-signalling.md` §3) — `profile_idc`, the constraint-flags byte
/// (`constraint_set0..5_flag` + 2 reserved bits) and `level_idc`, two hex digits each.
///
/// hdrprobe copies the three `avcC` bytes 1–3 (AVCProfileIndication, profile_compatibility,
/// AVCLevelIndication) verbatim — the real constraint byte, not AetherEngine's constant `00` —
/// and writes lower-case hex as Apple's examples do (`avc1.42001f`, `avc1.640029`). Without a
/// record the same three bytes come from the SPS. Encodes to JSON as the string.
package struct AVCCodecString: Sendable, Hashable, Codable, LosslessStringConvertible {
    /// `avc1` (parameter sets out of band) or `avc3` (in band; Apple: "use not recommended").
    package var sampleEntry: String
    package var profileIDC: UInt8
    /// constraint_set0_flag … constraint_set5_flag and the 2 reserved bits, as stored.
    package var constraintFlags: UInt8
    package var levelIDC: UInt8

    package init(sampleEntry: String = SampleEntryType.avc1.rawValue, profileIDC: UInt8, constraintFlags: UInt8, levelIDC: UInt8) {
        self.sampleEntry = sampleEntry
        self.profileIDC = profileIDC
        self.constraintFlags = constraintFlags
        self.levelIDC = levelIDC
    }

    /// From a parsed `avcC` (bytes 1, 2, 3).
    package init(record: AVCDecoderConfigurationRecord, sampleEntry: String = SampleEntryType.avc1.rawValue) {
        self.init(sampleEntry: sampleEntry, profileIDC: record.profileIndication,
                  constraintFlags: record.profileCompatibility, levelIDC: record.levelIndication)
    }

    /// From a sequence parameter set (its bytes 1–3 after the NAL header are the same fields).
    package init(sps: AVCSequenceParameterSet, sampleEntry: String = SampleEntryType.avc1.rawValue) {
        self.init(sampleEntry: sampleEntry, profileIDC: sps.profileIDC, constraintFlags: sps.constraintFlags,
                  levelIDC: sps.levelIDC)
    }

    /// From raw `avcC` / Matroska `CodecPrivate` bytes: Annex B start codes, fewer than 4 bytes or
    /// configurationVersion ≠ 1 give no string (the §2.1 rule applied to the AVC record).
    package static func fromConfigurationRecord(_ bytes: [UInt8],
                                               sampleEntry: String = SampleEntryType.avc1.rawValue) -> Result<AVCCodecString, CodecStringError> {
        if bytes.starts(with: [0, 0, 1]) || bytes.starts(with: [0, 0, 0, 1]) { return .failure(.annexB) }
        guard bytes.count >= 4 else { return .failure(.tooShort(needed: 4, got: bytes.count)) }
        guard bytes[0] == 1 else { return .failure(.unsupportedVersion(Int(bytes[0]))) }
        return .success(AVCCodecString(sampleEntry: sampleEntry, profileIDC: bytes[1], constraintFlags: bytes[2],
                                       levelIDC: bytes[3]))
    }

    package func withSampleEntry(_ entry: String) -> AVCCodecString {
        var copy = self
        copy.sampleEntry = entry
        return copy
    }

    package var string: String {
        sampleEntry + "." + [profileIDC, constraintFlags, levelIDC]
            .map { CodecStringFormatting.hex($0, width: 2, uppercase: false) }.joined()
    }

    package var description: String { string }

    /// Parses `avc1.640029` (either case, exactly six hex digits).
    package init?(_ description: String) {
        let e = CodecStringFormatting.elements(description)
        guard e.count == 2, !e[0].isEmpty, e[1].count == 6,
              let value = CodecStringFormatting.parseHex(e[1], maxDigits: 6) else { return nil }
        self.init(sampleEntry: String(e[0]), profileIDC: UInt8(value >> 16), constraintFlags: UInt8((value >> 8) & 0xFF),
                  levelIDC: UInt8(value & 0xFF))
    }

    package init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let value = AVCCodecString(text) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath,
                                                    debugDescription: "not an AVC codec string: \(text)"))
        }
        self = value
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(string)
    }
}
