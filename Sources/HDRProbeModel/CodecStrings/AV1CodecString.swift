import HDRProbeBytes
import HDRProbeParse

/// The codecs parameter of an AV1 track, AV1 Codec ISO Media File Format Binding "Codecs
/// Parameter String": `av01.P.LLT.DD[.M.CCC.cp.tc.mc.F]` (`docs/rules/hls-signalling.md` §6).
///
/// * P `seq_profile` (one digit), LL `seq_level_idx[0]` (two digits), T tier `M`/`H`, DD BitDepth
///   (two digits) — mandatory;
/// * M `mono_chrome`; CCC `subsampling_x`, `subsampling_y`, then `chroma_sample_position` when both
///   are 1, else 0; cp/tc/mc the H.273 code points (two digits each); F `color_range` — optional,
///   "mutually inclusive (all or none)", defaults mono 0, `110`, 1, 1, 1, 0.
///
/// The binding: cp/tc/mc/F "SHALL equal the value of matching fields in the Sequence Header OBU,
/// if color_description_present_flag is set to 1, otherwise they SHOULD not be set, defaulting" to
/// 1/1/1 — so a header without a colour description contributes the defaults. hdrprobe emits the
/// full ten-field form whenever any optional field differs from its default (a short form means
/// "4:2:0, BT.709, limited") and the four-field form otherwise (§6). Apple's partial tails
/// (`av01.0.13M.10.0.112`) are not produced and do not parse (§16). Encodes to JSON as the string.
package struct AV1CodecString: Sendable, Hashable, Codable, LosslessStringConvertible {
    package var sampleEntry: String
    package var profile: UInt8
    package var level: UInt8
    /// seq_tier[0]: false `M`, true `H`.
    package var highTier: Bool
    package var bitDepth: Int
    package var monochrome: Bool
    package var subsamplingX: Bool
    package var subsamplingY: Bool
    /// 0 unknown, 1 vertical, 2 colocated.
    package var chromaSamplePosition: UInt8
    package var colourPrimaries: Int
    package var transferCharacteristics: Int
    package var matrixCoefficients: Int
    package var fullRange: Bool

    package init(sampleEntry: String = SampleEntryType.av01.rawValue, profile: UInt8, level: UInt8, highTier: Bool = false, bitDepth: Int,
                monochrome: Bool = false, subsamplingX: Bool = true, subsamplingY: Bool = true,
                chromaSamplePosition: UInt8 = 0, colourPrimaries: Int = 1, transferCharacteristics: Int = 1,
                matrixCoefficients: Int = 1, fullRange: Bool = false) {
        self.sampleEntry = sampleEntry
        self.profile = profile
        self.level = level
        self.highTier = highTier
        self.bitDepth = bitDepth
        self.monochrome = monochrome
        self.subsamplingX = subsamplingX
        self.subsamplingY = subsamplingY
        self.chromaSamplePosition = chromaSamplePosition
        self.colourPrimaries = colourPrimaries
        self.transferCharacteristics = transferCharacteristics
        self.matrixCoefficients = matrixCoefficients
        self.fullRange = fullRange
    }

    /// From the sequence header OBU (the binding's source for every field).
    package init(sequenceHeader sh: AV1SequenceHeader, sampleEntry: String = SampleEntryType.av01.rawValue) {
        let described = sh.colorDescriptionPresent
        self.init(sampleEntry: sampleEntry, profile: sh.seqProfile, level: sh.seqLevelIdx0, highTier: sh.seqTier0 == 1,
                  bitDepth: sh.bitDepth, monochrome: sh.monochrome, subsamplingX: sh.subsamplingX,
                  subsamplingY: sh.subsamplingY, chromaSamplePosition: sh.chromaSamplePosition,
                  colourPrimaries: described ? sh.colour.primaries ?? 1 : 1,
                  transferCharacteristics: described ? sh.colour.transfer ?? 1 : 1,
                  matrixCoefficients: described ? sh.colour.matrix ?? 1 : 1,
                  fullRange: sh.colour.fullRange ?? false)
    }

    /// From an `av1C` record (which repeats the sequence header's profile, level, tier, depth and
    /// chroma fields) plus the colour description found elsewhere (`colr` box, Matroska
    /// `Colour`); absent code points take the binding's defaults.
    package init(record: AV1CodecConfigurationRecord, colour: ColourCodes? = nil, sampleEntry: String = SampleEntryType.av01.rawValue) {
        self.init(sampleEntry: sampleEntry, profile: record.seqProfile, level: record.seqLevelIdx0,
                  highTier: record.seqTier0 == 1, bitDepth: record.bitDepth, monochrome: record.monochrome,
                  subsamplingX: record.chromaSubsamplingX, subsamplingY: record.chromaSubsamplingY,
                  chromaSamplePosition: record.chromaSamplePosition,
                  colourPrimaries: Self.specified(colour?.primaries), transferCharacteristics: Self.specified(colour?.transfer),
                  matrixCoefficients: Self.specified(colour?.matrix), fullRange: colour?.fullRange ?? false)
    }

    /// `av1C` bytes → string; no string when the marker bit is 0 or fewer than 4 bytes are present.
    package static func fromConfigurationRecord(_ bytes: [UInt8], colour: ColourCodes? = nil,
                                               sampleEntry: String = SampleEntryType.av01.rawValue) -> Result<AV1CodecString, CodecStringError> {
        guard bytes.count >= AV1CodecConfigurationRecord.fixedSize else {
            return .failure(.tooShort(needed: AV1CodecConfigurationRecord.fixedSize, got: bytes.count))
        }
        guard let record = try? AV1CodecConfigurationRecord.parse(bytes), record.version == 1 else {
            return .failure(.unsupportedVersion(Int(bytes[0])))
        }
        return .success(AV1CodecString(record: record, colour: colour, sampleEntry: sampleEntry))
    }

    private static func specified(_ code: Int?) -> Int { code ?? 1 }

    /// The three CCC digits.
    package var chromaDigits: String {
        let position = subsamplingX && subsamplingY ? Int(chromaSamplePosition) : 0
        return "\(subsamplingX ? 1 : 0)\(subsamplingY ? 1 : 0)\(position)"
    }

    /// True when every optional field equals the binding's default, so the short form says it all.
    package var optionalFieldsAreDefault: Bool {
        !monochrome && chromaDigits == "110" && colourPrimaries == 1 && transferCharacteristics == 1
            && matrixCoefficients == 1 && !fullRange
    }

    /// `av01.P.LLT.DD`.
    package var shortString: String {
        [sampleEntry, "\(profile)",
         CodecStringFormatting.decimal(Int(level), width: 2) + (highTier ? "H" : "M"),
         CodecStringFormatting.decimal(bitDepth, width: 2)].joined(separator: ".")
    }

    /// `av01.P.LLT.DD.M.CCC.cp.tc.mc.F`.
    package var longString: String {
        [shortString, monochrome ? "1" : "0", chromaDigits,
         CodecStringFormatting.decimal(colourPrimaries, width: 2),
         CodecStringFormatting.decimal(transferCharacteristics, width: 2),
         CodecStringFormatting.decimal(matrixCoefficients, width: 2), fullRange ? "1" : "0"].joined(separator: ".")
    }

    /// The short form when the optional fields are all default, else the long form.
    package var string: String { optionalFieldsAreDefault ? shortString : longString }

    package var description: String { string }

    /// The level X.Y = (2 + (LL >> 2)).(LL & 3) (§6): 04 → `3.0`, 13 → `5.1`, 19 → `6.3`.
    package var levelName: String { "\(2 + (Int(level) >> 2)).\(Int(level) & 3)" }

    /// Parses the four-field or the ten-field form; a partial optional tail is rejected (all or none).
    package init?(_ description: String) {
        let e = CodecStringFormatting.elements(description)
        guard e.count == 4 || e.count == 10, !e[0].isEmpty,
              let profile = CodecStringFormatting.parseDecimal(e[1], width: 1),
              e[2].count == 3, let tier = e[2].last?.uppercased(), tier == "M" || tier == "H",
              let level = CodecStringFormatting.parseDecimal(e[2].prefix(2), width: 2),
              let depth = CodecStringFormatting.parseDecimal(e[3], width: 2)
        else { return nil }
        self.init(sampleEntry: String(e[0]), profile: UInt8(profile), level: UInt8(level), highTier: tier == "H",
                  bitDepth: depth)
        guard e.count == 10 else { return }
        guard let mono = CodecStringFormatting.parseDecimal(e[4], width: 1), mono <= 1,
              e[5].count == 3, let ccc = CodecStringFormatting.parseDecimal(e[5], width: 3),
              let cp = CodecStringFormatting.parseDecimal(e[6], width: 2),
              let tc = CodecStringFormatting.parseDecimal(e[7], width: 2),
              let mc = CodecStringFormatting.parseDecimal(e[8], width: 2),
              let range = CodecStringFormatting.parseDecimal(e[9], width: 1), range <= 1
        else { return nil }
        let x = ccc / 100, y = (ccc / 10) % 10, position = ccc % 10
        guard x <= 1, y <= 1, position <= 3 else { return nil }
        monochrome = mono == 1
        subsamplingX = x == 1
        subsamplingY = y == 1
        chromaSamplePosition = UInt8(position)
        colourPrimaries = cp
        transferCharacteristics = tc
        matrixCoefficients = mc
        fullRange = range == 1
    }

    package init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let value = AV1CodecString(text) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath,
                                                    debugDescription: "not an AV1 codec string: \(text)"))
        }
        self = value
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(string)
    }
}
