import HDRProbeBytes

/// `VPCodecConfigurationRecord` — the payload of an ISO BMFF `vpcC` box (VP Codec ISO Media File
/// Format Binding, https://www.webmproject.org/vp9/mp4/; `docs/rules/hls-signalling.md` §7).
/// `vpcC` is a FullBox, so the payload starts with version and flags:
///
/// ```
/// version u(8) = 1 ; flags u(24) = 0
/// profile u(8) ; level u(8)
/// bitDepth u(4) ; chromaSubsampling u(3) ; videoFullRangeFlag u(1)
/// colourPrimaries u(8) ; transferCharacteristics u(8) ; matrixCoefficients u(8)
/// codecInitializationDataSize u(16) ; codecInitializationData[codecInitializationDataSize]
/// ```
/// chromaSubsampling: 0 4:2:0 vertical, 1 4:2:0 colocated with luma (0,0), 2 4:2:2, 3 4:4:4.
///
/// Version 0 (the binding's earlier draft, still found in old files) packs
/// `bitDepth u(4) colorSpace u(4)` then `chromaSubsampling u(4) transferFunction u(3)
/// videoFullRangeFlag u(1)` and has no H.273 code points: it is read with the colour fields nil
/// and an ``issues`` entry. Initialization data running past the end is noted, not fatal.
package struct VPCodecConfigurationRecord: Sendable, Equatable {
    package var version: UInt8
    package var flags: UInt32
    package var profile: UInt8
    package var level: UInt8
    package var bitDepth: Int
    package var chromaSubsampling: UInt8
    package var videoFullRangeFlag: Bool
    /// H.273 code points (nil for a version 0 record).
    package var colourPrimaries: Int?
    package var transferCharacteristics: Int?
    package var matrixCoefficients: Int?
    package var codecInitializationData: [UInt8]
    package var issues: [Issue]

    /// A deviation from the VP codec ISO media binding that does not prevent reading the record.
    package enum Issue: Sendable, Equatable, CustomStringConvertible {
        /// A version 0 record: the pre-standard layout has no colour code points.
        case version0
        /// Non-zero `flags`.
        case flags(UInt32)
        /// `codecInitializationDataSize` larger than the bytes present.
        case initializationDataShort(claimed: Int, present: Int)
        /// The record ends before `codecInitializationDataSize`.
        case initializationDataSizeMissing

        package var description: String {
            switch self {
            case .version0: return "version 0 record (pre-standard layout): no colour code points"
            case .flags(let flags): return "flags \(flags), expected 0"
            case .initializationDataShort(let claimed, let present):
                return "codecInitializationData claims \(claimed) bytes, \(present) present"
            case .initializationDataSizeMissing: return "codecInitializationDataSize missing"
            }
        }
    }

    /// version/flags + the 8 fixed bytes of version 1 (the initialization-data size included).
    package static let fixedSize = 12

    package init(version: UInt8 = 1, flags: UInt32 = 0, profile: UInt8, level: UInt8, bitDepth: Int,
                chromaSubsampling: UInt8, videoFullRangeFlag: Bool, colourPrimaries: Int?,
                transferCharacteristics: Int?, matrixCoefficients: Int?, codecInitializationData: [UInt8] = [],
                issues: [Issue] = []) {
        self.version = version
        self.flags = flags
        self.profile = profile
        self.level = level
        self.bitDepth = bitDepth
        self.chromaSubsampling = chromaSubsampling
        self.videoFullRangeFlag = videoFullRangeFlag
        self.colourPrimaries = colourPrimaries
        self.transferCharacteristics = transferCharacteristics
        self.matrixCoefficients = matrixCoefficients
        self.codecInitializationData = codecInitializationData
        self.issues = issues
    }

    /// The colour description as ``ColourCodes`` (nil fields for version 0).
    package var colour: ColourCodes {
        ColourCodes(primaries: colourPrimaries, transfer: transferCharacteristics, matrix: matrixCoefficients,
                    fullRange: videoFullRangeFlag)
    }

    /// Parses the box payload (version and flags first).
    package static func parse(_ bytes: [UInt8]) throws -> VPCodecConfigurationRecord {
        guard bytes.count >= 8 else { throw BitstreamError.tooShort(needed: 8, got: bytes.count) }
        var r = ByteReader(bytes)
        let version = try r.u8()
        let flags = try r.u24()
        let profile = try r.u8()
        let level = try r.u8()
        var record: VPCodecConfigurationRecord
        switch version {
        case 1:
            guard bytes.count >= fixedSize else { throw BitstreamError.tooShort(needed: fixedSize, got: bytes.count) }
            let packed = try r.u8()
            record = VPCodecConfigurationRecord(
                version: version, flags: flags, profile: profile, level: level, bitDepth: Int(packed >> 4),
                chromaSubsampling: (packed >> 1) & 0x07, videoFullRangeFlag: packed & 1 == 1,
                colourPrimaries: Int(try r.u8()), transferCharacteristics: Int(try r.u8()),
                matrixCoefficients: Int(try r.u8()))
        case 0:
            let first = try r.u8(), second = try r.u8()
            record = VPCodecConfigurationRecord(
                version: version, flags: flags, profile: profile, level: level, bitDepth: Int(first >> 4),
                chromaSubsampling: second >> 4, videoFullRangeFlag: second & 1 == 1, colourPrimaries: nil,
                transferCharacteristics: nil, matrixCoefficients: nil,
                issues: [.version0])
        default:
            throw BitstreamError.unsupported(.vpcCVersion(Int(version)))
        }
        if flags != 0 { record.issues.append(.flags(flags)) }
        if r.remaining >= 2 {
            let size = Int(try r.u16())
            if r.remaining >= size {
                record.codecInitializationData = try r.take(size)
            } else {
                record.codecInitializationData = try r.take(r.remaining)
                record.issues.append(.initializationDataShort(claimed: size, present: record.codecInitializationData.count))
            }
        } else {
            record.issues.append(.initializationDataSizeMissing)
        }
        return record
    }
}
