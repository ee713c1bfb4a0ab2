import HDRProbeBytes

/// `AVCDecoderConfigurationRecord` — the payload of an ISO BMFF `avcC` box (ISO/IEC 14496-15
/// §5.3.3.1) and of Matroska `CodecPrivate` for V_MPEG4/ISO/AVC.
///
/// ```
/// configurationVersion u(8) = 1
/// AVCProfileIndication u(8) ; profile_compatibility u(8) ; AVCLevelIndication u(8)
/// reserved '111111' lengthSizeMinusOne u(2)
/// reserved '111' numOfSequenceParameterSets u(5) ; { sequenceParameterSetLength u(16) ; SPS bytes }
/// numOfPictureParameterSets u(8) ; { pictureParameterSetLength u(16) ; PPS bytes }
/// if AVCProfileIndication ∉ {66, 77, 88}:            (present in practice only when bytes remain)
///   reserved '111111' chroma_format u(2)
///   reserved '11111' bit_depth_luma_minus8 u(3) ; reserved '11111' bit_depth_chroma_minus8 u(3)
///   numOfSequenceParameterSetExt u(8) ; { sequenceParameterSetExtLength u(16) ; SPS-ext bytes }
/// ```
/// Many writers omit the extension for High profiles; it is read only when at least 4 bytes
/// follow the PPS list. Units are stored escaped, as in the record.
package struct AVCDecoderConfigurationRecord: Sendable, Equatable {
    package static let fixedSize = 7

    package var configurationVersion: UInt8
    package var profileIndication: UInt8
    package var profileCompatibility: UInt8
    package var levelIndication: UInt8
    package var lengthSizeMinusOne: UInt8
    package var sequenceParameterSets: [[UInt8]]
    package var pictureParameterSets: [[UInt8]]
    /// High-profile extension, nil when absent.
    package var chromaFormat: UInt8?
    package var bitDepthLuma: Int?
    package var bitDepthChroma: Int?
    package var sequenceParameterSetExts: [[UInt8]]
    /// True when a list ran past the end of the record (earlier units are kept).
    package var truncated: Bool

    package var nalLengthSize: Int { Int(lengthSizeMinusOne) + 1 }

    package static func parse(_ bytes: [UInt8]) throws -> AVCDecoderConfigurationRecord {
        guard bytes.count >= fixedSize else { throw BitstreamError.tooShort(needed: fixedSize, got: bytes.count) }
        guard bytes[0] == 1 else { throw BitstreamError.invalid(.configurationVersion(bytes[0])) }
        var r = ByteReader(bytes)
        var rec = AVCDecoderConfigurationRecord(
            configurationVersion: try r.u8(), profileIndication: try r.u8(), profileCompatibility: try r.u8(),
            levelIndication: try r.u8(), lengthSizeMinusOne: try r.u8() & 0x03, sequenceParameterSets: [],
            pictureParameterSets: [], chromaFormat: nil, bitDepthLuma: nil, bitDepthChroma: nil,
            sequenceParameterSetExts: [], truncated: false)
        let numSPS = Int(try r.u8() & 0x1F)
        guard let sps = readUnits(&r, count: numSPS) else { rec.truncated = true; return rec }
        rec.sequenceParameterSets = sps.units
        if sps.truncated { rec.truncated = true; return rec }
        guard r.remaining >= 1 else { rec.truncated = true; return rec }
        let numPPS = Int(try r.u8())
        guard let pps = readUnits(&r, count: numPPS) else { rec.truncated = true; return rec }
        rec.pictureParameterSets = pps.units
        if pps.truncated { rec.truncated = true; return rec }
        if ![66, 77, 88].contains(rec.profileIndication) && r.remaining >= 4 {
            rec.chromaFormat = try r.u8() & 0x03
            rec.bitDepthLuma = Int(try r.u8() & 0x07) + 8
            rec.bitDepthChroma = Int(try r.u8() & 0x07) + 8
            let numExt = Int(try r.u8())
            if let ext = readUnits(&r, count: numExt) {
                rec.sequenceParameterSetExts = ext.units
                rec.truncated = ext.truncated
            }
        }
        return rec
    }

    private static func readUnits(_ r: inout ByteReader, count: Int) -> (units: [[UInt8]], truncated: Bool)? {
        var units: [[UInt8]] = []
        for _ in 0..<count {
            guard r.remaining >= 2, let length = try? Int(r.u16()), r.remaining >= length,
                  let unit = try? r.take(length)
            else { return (units, true) }
            units.append(unit)
        }
        return (units, false)
    }
}
