import HDRProbeBytes
import HDRProbeParse

/// The codecs parameter of a VP9 track, VP Codec ISO Media File Format Binding
/// (https://www.webmproject.org/vp9/mp4/): `vp09.PP.LL.DD[.CC.cp.tc.mc.FF]`
/// (`docs/rules/hls-signalling.md` §7).
///
/// PP profile (00–03), LL level × 10 (`10` = 1.0, `41` = 4.1), DD bit depth — mandatory; CC chroma
/// subsampling (00 4:2:0 vertical, 01 4:2:0 colocated, 02 4:2:2, 03 4:4:4), cp/tc/mc H.273 code
/// points, FF full-range flag — optional, all or none, defaults CC 01, cp/tc/mc 01, FF 00. As for
/// AV1 (§6) hdrprobe writes the long form whenever an optional field differs from its default,
/// the short form otherwise (`vp09.00.10.08`). VP9 is not an Apple HLS codec (§7): the string is
/// for the report only. Encodes to JSON as the string.
package struct VP9CodecString: Sendable, Hashable, Codable, LosslessStringConvertible {
    package var sampleEntry: String
    package var profile: Int
    package var level: Int
    package var bitDepth: Int
    package var chromaSubsampling: Int
    package var colourPrimaries: Int
    package var transferCharacteristics: Int
    package var matrixCoefficients: Int
    package var fullRange: Bool

    package init(sampleEntry: String = SampleEntryType.vp09.rawValue, profile: Int, level: Int, bitDepth: Int, chromaSubsampling: Int = 1,
                colourPrimaries: Int = 1, transferCharacteristics: Int = 1, matrixCoefficients: Int = 1,
                fullRange: Bool = false) {
        self.sampleEntry = sampleEntry
        self.profile = profile
        self.level = level
        self.bitDepth = bitDepth
        self.chromaSubsampling = chromaSubsampling
        self.colourPrimaries = colourPrimaries
        self.transferCharacteristics = transferCharacteristics
        self.matrixCoefficients = matrixCoefficients
        self.fullRange = fullRange
    }

    /// From a `vpcC` record. Code points the record lacks (version 0) come from `colour` when given
    /// (container or bitstream), else take the binding's defaults.
    package init(record: VPCodecConfigurationRecord, colour: ColourCodes? = nil, sampleEntry: String = SampleEntryType.vp09.rawValue) {
        self.init(sampleEntry: sampleEntry, profile: Int(record.profile), level: Int(record.level),
                  bitDepth: record.bitDepth, chromaSubsampling: Int(record.chromaSubsampling),
                  colourPrimaries: record.colourPrimaries ?? colour?.primaries ?? 1,
                  transferCharacteristics: record.transferCharacteristics ?? colour?.transfer ?? 1,
                  matrixCoefficients: record.matrixCoefficients ?? colour?.matrix ?? 1,
                  fullRange: record.videoFullRangeFlag)
    }

    /// Without a `vpcC` (WebM/Matroska): profile, bit depth and subsampling from the first key
    /// frame's uncompressed header, the level from the VP9 level table for the size and rate
    /// (``VP9Level``), colour code points from the container (Matroska `Colour`), else the frame's
    /// colour space for the matrix and the binding's defaults (1) for primaries and transfer.
    package static func fromFrameHeader(_ h: VP9UncompressedHeader, colour: ColourCodes?, framesPerSecond fps: Double?,
                                       sampleEntry: String = SampleEntryType.vp09.rawValue) -> Result<VP9CodecString, CodecStringError> {
        guard let fps, let level = VP9Level.level(width: h.width, height: h.height, framesPerSecond: fps) else {
            return .failure(.invalidField("no VP9 level: no vpcC record and no frame rate to place \(h.width)x\(h.height) in the level table"))
        }
        guard let chroma = h.codecStringChroma else {
            return .failure(.invalidField("VP9 4:4:0 subsampling has no codecs-parameter value"))
        }
        return .success(VP9CodecString(sampleEntry: sampleEntry, profile: h.profile, level: level, bitDepth: h.bitDepth,
                                       chromaSubsampling: chroma, colourPrimaries: colour?.primaries ?? 1,
                                       transferCharacteristics: colour?.transfer ?? 1,
                                       matrixCoefficients: colour?.matrix ?? h.matrixCoefficients ?? 1,
                                       fullRange: colour?.fullRange ?? h.fullRange))
    }

    package var optionalFieldsAreDefault: Bool {
        chromaSubsampling == 1 && colourPrimaries == 1 && transferCharacteristics == 1 && matrixCoefficients == 1
            && !fullRange
    }

    package var shortString: String {
        ([sampleEntry] + [profile, level, bitDepth].map { CodecStringFormatting.decimal($0, width: 2) })
            .joined(separator: ".")
    }

    package var longString: String {
        ([shortString] + [chromaSubsampling, colourPrimaries, transferCharacteristics, matrixCoefficients,
                          fullRange ? 1 : 0].map { CodecStringFormatting.decimal($0, width: 2) })
            .joined(separator: ".")
    }

    package var string: String { optionalFieldsAreDefault ? shortString : longString }

    package var description: String { string }

    /// The level LL / 10 (§7): 10 → `1.0`, 31 → `3.1`, 51 → `5.1`.
    package var levelName: String { "\(level / 10).\(level % 10)" }

    /// Parses the four-field or nine-field form (two digits per field).
    package init?(_ description: String) {
        let e = CodecStringFormatting.elements(description)
        guard e.count == 4 || e.count == 9, !e[0].isEmpty else { return nil }
        let numbers = e.dropFirst().map { CodecStringFormatting.parseDecimal($0, width: 2) }
        guard numbers.allSatisfy({ $0 != nil }) else { return nil }
        let n = numbers.map { $0! }
        guard n[0] <= 3 else { return nil }
        self.init(sampleEntry: String(e[0]), profile: n[0], level: n[1], bitDepth: n[2])
        if n.count == 8 {
            guard n[3] <= 3, n[7] <= 1 else { return nil }
            chromaSubsampling = n[3]
            colourPrimaries = n[4]
            transferCharacteristics = n[5]
            matrixCoefficients = n[6]
            fullRange = n[7] == 1
        }
    }

    package init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let value = VP9CodecString(text) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath,
                                                    debugDescription: "not a VP9 codec string: \(text)"))
        }
        self = value
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(string)
    }
}
