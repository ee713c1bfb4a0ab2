import HDRProbeBytes

/// `HEVCDecoderConfigurationRecord` — the payload of an ISO BMFF `hvcC` box (ISO/IEC 14496-15
/// §8.3.3.1) and of Matroska `CodecPrivate` for V_MPEGH/ISO/HEVC.
///
/// ```
/// configurationVersion u(8) = 1
/// general_profile_space u(2) general_tier_flag u(1) general_profile_idc u(5)
/// general_profile_compatibility_flags u(32)
/// general_constraint_indicator_flags u(48)
/// general_level_idc u(8)
/// reserved '1111' min_spatial_segmentation_idc u(12)
/// reserved '111111' parallelismType u(2)
/// reserved '111111' chromaFormat u(2)
/// reserved '11111' bitDepthLumaMinus8 u(3)
/// reserved '11111' bitDepthChromaMinus8 u(3)
/// avgFrameRate u(16)
/// constantFrameRate u(2) numTemporalLayers u(3) temporalIdNested u(1) lengthSizeMinusOne u(2)
/// numOfArrays u(8)
/// for each array: array_completeness u(1) reserved u(1) NAL_unit_type u(6) numNalus u(16)
///                 for each: nalUnitLength u(16) nalUnit[nalUnitLength]
/// ```
/// A record shorter than 23 bytes or with configurationVersion ≠ 1 (e.g. Annex B extradata
/// `00 00 00 01 …`) is rejected (`docs/rules/hls-signalling.md` §2.1). A NAL array running past
/// the end stops the array walk; the arrays read before it are kept.
package struct HEVCDecoderConfigurationRecord: Sendable, Equatable {
    /// One `NAL_unit_type` array (parameter sets or declarative SEI), units escaped as stored.
    package struct NALArray: Sendable, Equatable {
        package let arrayCompleteness: Bool
        package let nalType: UInt8
        package let units: [[UInt8]]

        package init(arrayCompleteness: Bool, nalType: UInt8, units: [[UInt8]]) {
            self.arrayCompleteness = arrayCompleteness
            self.nalType = nalType
            self.units = units
        }
    }

    package static let fixedSize = 23

    package var configurationVersion: UInt8
    package var generalProfileSpace: UInt8
    package var generalTierFlag: Bool
    package var generalProfileIDC: UInt8
    package var generalProfileCompatibilityFlags: UInt32
    /// 6 bytes.
    package var generalConstraintIndicatorFlags: [UInt8]
    package var generalLevelIDC: UInt8
    package var minSpatialSegmentationIDC: UInt16
    package var parallelismType: UInt8
    package var chromaFormat: UInt8
    package var bitDepthLuma: Int
    package var bitDepthChroma: Int
    package var avgFrameRate: UInt16
    package var constantFrameRate: UInt8
    package var numTemporalLayers: UInt8
    package var temporalIDNested: Bool
    package var lengthSizeMinusOne: UInt8
    package var arrays: [NALArray]
    /// True when an array or unit length ran past the end of the record.
    package var truncated: Bool

    /// The NAL length size of the samples (1, 2 or 4; 3 is invalid but reported as read).
    package var nalLengthSize: Int { Int(lengthSizeMinusOne) + 1 }

    /// All units of the arrays of `nalType` (32 VPS, 33 SPS, 34 PPS, 39/40 SEI).
    package func units(ofType nalType: UInt8) -> [[UInt8]] {
        arrays.filter { $0.nalType == nalType }.flatMap(\.units)
    }

    package static func parse(_ bytes: [UInt8]) throws -> HEVCDecoderConfigurationRecord {
        guard bytes.count >= fixedSize else { throw BitstreamError.tooShort(needed: fixedSize, got: bytes.count) }
        guard bytes[0] == 1 else { throw BitstreamError.invalid(.configurationVersion(bytes[0])) }
        var r = ByteReader(bytes)
        let version = try r.u8()
        let b1 = try r.u8()
        let compat = try r.u32()
        let constraints = try r.take(6)
        let level = try r.u8()
        let minSeg = try r.u16() & 0x0FFF
        let parallelism = try r.u8() & 0x03
        let chroma = try r.u8() & 0x03
        let depthLuma = Int(try r.u8() & 0x07) + 8
        let depthChroma = Int(try r.u8() & 0x07) + 8
        let avg = try r.u16()
        let b21 = try r.u8()
        let numArrays = Int(try r.u8())
        var record = HEVCDecoderConfigurationRecord(
            configurationVersion: version, generalProfileSpace: b1 >> 6, generalTierFlag: (b1 >> 5) & 1 == 1,
            generalProfileIDC: b1 & 0x1F, generalProfileCompatibilityFlags: compat,
            generalConstraintIndicatorFlags: constraints, generalLevelIDC: level, minSpatialSegmentationIDC: minSeg,
            parallelismType: parallelism, chromaFormat: chroma, bitDepthLuma: depthLuma, bitDepthChroma: depthChroma,
            avgFrameRate: avg, constantFrameRate: b21 >> 6, numTemporalLayers: (b21 >> 3) & 0x07,
            temporalIDNested: (b21 >> 2) & 1 == 1, lengthSizeMinusOne: b21 & 0x03, arrays: [], truncated: false)
        arrayLoop: for _ in 0..<numArrays {
            guard r.remaining >= 3 else { record.truncated = true; break }
            let head = try r.u8()
            let count = Int(try r.u16())
            var units: [[UInt8]] = []
            for _ in 0..<count {
                guard r.remaining >= 2 else { record.truncated = true; break arrayLoop }
                let length = Int(try r.u16())
                guard r.remaining >= length else { record.truncated = true; break arrayLoop }
                units.append(try r.take(length))
            }
            record.arrays.append(NALArray(arrayCompleteness: head & 0x80 != 0, nalType: head & 0x3F, units: units))
        }
        return record
    }
}
