/// A Dolby Vision reference processing unit (RPU): framing, CRC and `rpu_header()`.
///
/// Facts from `shared/specs/dolby-vision.md`: §9.1 (NAL 62 framing: `0x19` prefix, CRC-32/MPEG-2
/// over the unescaped bytes after the prefix up to the CRC, final byte `0x80`, tolerated trailing
/// zero bytes, emulation prevention), §9.4 (dovi_tool `.bin` form), §10 (`rpu_header` bit widths),
/// §11.1 (profile derivation) and §11.3 (header validation). Mapping and DM data are not parsed.
///
/// Input: the RPU NAL payload after the 2-byte `7C 01` header, still escaped — it starts with
/// `0x19` — i.e. the bytes of a dovi_tool RPU file after `00 00 00 01`. A leading `7C 01`,
/// `00 00 01` or `00 00 00 01` in front of the `0x19` is tolerated and skipped.
///
/// Throws when the framing is unusable (no `0x19` prefix, fewer than 7 bytes, last byte not
/// `0x80`, header shorter than its fields). A CRC mismatch or a header that dovi_tool would reject
/// does not throw: see ``crcValid`` and ``issues``.
public struct DolbyVisionRPU: Sendable, Equatable {
    public static let prefix: UInt8 = 0x19

    // rpu_header()
    public var rpuType: UInt8
    public var rpuFormat: UInt16
    public var vdrRpuProfile: UInt8
    public var vdrRpuLevel: UInt8
    public var vdrSeqInfoPresentFlag: Bool
    public var chromaResamplingExplicitFilterFlag: Bool = false
    /// 0 fixed point, 1 float32.
    public var coefficientDataType: UInt8 = 0
    public var coefficientLog2Denom: UInt32?
    public var vdrRpuNormalizedIDC: UInt8 = 0
    public var blVideoFullRangeFlag: Bool = false
    public var blBitDepthMinus8: UInt32?
    /// The full ue(v) value: bits 0–7 el_bit_depth_minus8, bits 8–15 ext_mapping_idc (§10).
    public var elBitDepthMinus8: UInt32?
    public var vdrBitDepthMinus8: UInt32?
    public var spatialResamplingFilterFlag: Bool = false
    public var reservedZero3Bits: UInt8 = 0
    public var elSpatialResamplingFilterFlag: Bool = false
    public var disableResidualFlag: Bool = false
    public var vdrDMMetadataPresentFlag: Bool = false
    public var usePrevVdrRpuFlag: Bool = false
    public var prevVdrRpuID: UInt32?

    // Framing
    /// `rpu_data_crc32` as stored.
    public var storedCRC: UInt32
    /// CRC-32/MPEG-2 computed over the unescaped bytes after the prefix, up to the CRC.
    public var computedCRC: UInt32
    /// Zero bytes after the final `0x80` (dovi_tool tolerates and preserves them).
    public var trailingZeroBytes: Int
    /// Unescaped size from the prefix through the final `0x80`.
    public var unescapedSize: Int
    /// Problems dovi_tool would reject the RPU for (CRC mismatch, header validation, §11.3).
    public var issues: [String] = []

    public var crcValid: Bool { storedCRC == computedCRC }

    public var blBitDepth: Int? { blBitDepthMinus8.map { Int($0) + 8 } }
    public var elBitDepth: Int? { elBitDepthMinus8.map { Int($0 & 0xFF) + 8 } }
    public var vdrBitDepth: Int? { vdrBitDepthMinus8.map { Int($0) + 8 } }
    /// `ext_mapping_idc`: bits 8–15 of the coded el_bit_depth_minus8 (non-zero in Apple's P20 RPU).
    public var extMappingIDC: UInt8? { elBitDepthMinus8.map { UInt8(($0 >> 8) & 0xFF) } }

    /// True when NLQ (enhancement-layer residual) data follows the mapping: profiles 7 and 4 (§11.2).
    public var hasNLQ: Bool { (rpuFormat & 0x700) == 0 && !disableResidualFlag }

    /// Dolby Vision profile from the header only, dovi_tool's rule (§11.1): 5, 7, 8, 4, or 0 when
    /// the header matches none. There is no 8.1/8.4 split in the RPU.
    public var profile: Int {
        switch vdrRpuProfile {
        case 0:
            return blVideoFullRangeFlag ? 5 : 0
        case 1:
            if elSpatialResamplingFilterFlag && !disableResidualFlag {
                return vdrBitDepthMinus8 == 4 ? 7 : 4
            }
            return 8
        default:
            return 0
        }
    }

    public static func parse(_ input: [UInt8]) throws -> DolbyVisionRPU {
        var start = 0
        for lead in [[0x00, 0x00, 0x00, 0x01], [0x00, 0x00, 0x01], [0x7C, 0x01]] as [[UInt8]] {
            if input.count > lead.count, Array(input.prefix(lead.count)) == lead, input[lead.count] == prefix {
                start = lead.count
                break
            }
        }
        var data = EmulationPrevention.unescape(input[start...])
        guard data.first == prefix else {
            throw BitstreamError.invalid("rpu_nal_prefix should be 25, found \(data.first.map(String.init) ?? "nothing")")
        }
        var trailing = 0
        while let last = data.last, last == 0 {
            data.removeLast()
            trailing += 1
        }
        guard data.count >= 7 else { throw BitstreamError.tooShort(needed: 7, got: data.count) }
        guard data[data.count - 1] == 0x80 else {
            throw BitstreamError.invalid("Invalid RPU last byte: \(data[data.count - 1])")
        }
        let crcStart = data.count - 5
        let computed = CRC32MPEG2.checksum(data[1..<crcStart])
        var stored: UInt32 = 0
        for b in data[crcStart..<(data.count - 1)] { stored = (stored << 8) | UInt32(b) }

        var r = BitReader(Array(data[1..<crcStart]))
        let rpuType = try r.u8(6)
        let rpuFormat = try r.u16(11)
        var rpu = DolbyVisionRPU(rpuType: rpuType, rpuFormat: rpuFormat, vdrRpuProfile: try r.u8(4),
                                 vdrRpuLevel: try r.u8(4), vdrSeqInfoPresentFlag: try r.flag(),
                                 storedCRC: stored, computedCRC: computed, trailingZeroBytes: trailing,
                                 unescapedSize: data.count)
        if rpu.vdrSeqInfoPresentFlag {
            rpu.chromaResamplingExplicitFilterFlag = try r.flag()
            rpu.coefficientDataType = try r.u8(2)
            if rpu.coefficientDataType == 0 { rpu.coefficientLog2Denom = try r.ue() }
            rpu.vdrRpuNormalizedIDC = try r.u8(2)
            rpu.blVideoFullRangeFlag = try r.flag()
            if rpu.rpuFormat & 0x700 == 0 {
                rpu.blBitDepthMinus8 = try r.ue()
                rpu.elBitDepthMinus8 = try r.ue()
                rpu.vdrBitDepthMinus8 = try r.ue()
                rpu.spatialResamplingFilterFlag = try r.flag()
                rpu.reservedZero3Bits = try r.u8(3)
                rpu.elSpatialResamplingFilterFlag = try r.flag()
                rpu.disableResidualFlag = try r.flag()
            }
        }
        rpu.vdrDMMetadataPresentFlag = try r.flag()
        rpu.usePrevVdrRpuFlag = try r.flag()
        if rpu.usePrevVdrRpuFlag { rpu.prevVdrRpuID = try r.ue() }
        rpu.issues = rpu.validationIssues()
        return rpu
    }

    /// §9.1 CRC check and §11.3 header rules, as text.
    private func validationIssues() -> [String] {
        var issues: [String] = []
        if !crcValid {
            issues.append("RPU CRC32 does not match the data (stored \(hex(storedCRC)), computed \(hex(computedCRC)))")
        }
        if rpuType != 2 { issues.append("rpu_type should be 2, found \(rpuType)") }
        if !vdrSeqInfoPresentFlag { issues.append("vdr_seq_info_present_flag is 0") }
        if rpuFormat & 0x700 != 0 { issues.append("rpu_format \(rpuFormat) has bits 0x700 set") }
        if vdrRpuLevel != 0 { issues.append("vdr_rpu_level should be 0, found \(vdrRpuLevel)") }
        if coefficientDataType > 1 { issues.append("invalid coefficient_data_type \(coefficientDataType)") }
        if let d = coefficientLog2Denom, d > 23 { issues.append("coefficient_log2_denom should be <= 23, found \(d)") }
        if vdrSeqInfoPresentFlag && rpuFormat & 0x700 == 0 {
            if blBitDepthMinus8 != 2 { issues.append("bl_bit_depth_minus8 should be 2, found \(blBitDepthMinus8 ?? 0)") }
            if let el = elBitDepthMinus8, el & 0xFF != 2 { issues.append("el_bit_depth_minus8 should be 2, found \(el & 0xFF)") }
            if let v = vdrBitDepthMinus8, v > 6 { issues.append("vdr_bit_depth_minus8 should be <= 6, found \(v)") }
        }
        if profile == 0 {
            issues.append("no Dolby Vision profile matches vdr_rpu_profile \(vdrRpuProfile), bl_video_full_range_flag \(blVideoFullRangeFlag ? 1 : 0)")
        }
        return issues
    }

    private func hex(_ v: UInt32) -> String {
        let s = String(v, radix: 16, uppercase: true)
        return "0x" + String(repeating: "0", count: max(0, 8 - s.count)) + s
    }
}
