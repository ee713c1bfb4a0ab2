import HDRProbeBytes

/// A Dolby Vision reference processing unit (RPU): framing, CRC, `rpu_header()`,
/// `rpu_data_mapping()` and `vdr_dm_data_payload()`.
///
/// Facts from `docs/rules/dolby-vision.md`: §9.1 (NAL 62 framing: `0x19` prefix, CRC-32/MPEG-2
/// over the unescaped bytes after the prefix up to the CRC, final byte `0x80`, tolerated trailing
/// zero bytes, emulation prevention, extra bytes before the CRC), §9.4 (dovi_tool `.bin` form),
/// §10 (syntax and bit widths; see ``DolbyVisionRPUDataMapping`` and ``DolbyVisionDMData``),
/// §10.1 (extension blocks), §10.2 (CM version), §11.1 (profile derivation), §11.2 (MEL/FEL) and
/// §11.3 (validation). §13 (AV1): ``parse(av1T35:)`` in `DolbyVisionEMDFContainer.swift`.
///
/// Input: the RPU NAL payload after the 2-byte `7C 01` header, still escaped — it starts with
/// `0x19` — i.e. the bytes of a dovi_tool RPU file after `00 00 00 01`. A leading `7C 01`,
/// `00 00 01` or `00 00 00 01` in front of the `0x19` is tolerated and skipped.
/// ``parse(unescaped:)`` takes the same bytes without emulation prevention.
///
/// Throws when the framing is unusable (no `0x19` prefix, fewer than 7 bytes, last byte not
/// `0x80`, header shorter than its fields). Everything after the header — a CRC mismatch, a
/// header, mapping or DM problem dovi_tool would reject the RPU for, a truncated or hostile
/// mapping / DM part — does not throw: it becomes an ``issues`` entry (``isValid`` is false) and
/// the parts that could not be read are nil. Counts read from the stream are bounded before they
/// drive a loop (``DolbyVisionRPUDataMapping/maxPivots``, ``DolbyVisionDMDataPayload/maxExtBlocks``,
/// ``DolbyVisionExtMetadataBlock/maxLength``), and every read is bounds-checked by ``BitReader``.
package struct DolbyVisionRPU: Sendable, Equatable {
    package static let prefix: UInt8 = 0x19

    // rpu_header()
    package var rpuType: UInt8
    package var rpuFormat: UInt16
    package var vdrRpuProfile: UInt8
    package var vdrRpuLevel: UInt8
    package var vdrSeqInfoPresentFlag: Bool
    package var chromaResamplingExplicitFilterFlag: Bool = false
    /// 0 fixed point, 1 float32.
    package var coefficientDataType: UInt8 = 0
    package var coefficientLog2Denom: UInt32?
    package var vdrRpuNormalizedIDC: UInt8 = 0
    package var blVideoFullRangeFlag: Bool = false
    package var blBitDepthMinus8: UInt32?
    /// The full ue(v) value: bits 0–7 el_bit_depth_minus8, bits 8–15 ext_mapping_idc (§10).
    package var elBitDepthMinus8: UInt32?
    package var vdrBitDepthMinus8: UInt32?
    package var spatialResamplingFilterFlag: Bool = false
    package var reservedZero3Bits: UInt8 = 0
    package var elSpatialResamplingFilterFlag: Bool = false
    package var disableResidualFlag: Bool = false
    package var vdrDMMetadataPresentFlag: Bool = false
    package var usePrevVdrRpuFlag: Bool = false
    package var prevVdrRpuID: UInt32?

    // Framing
    /// `rpu_data_crc32` as stored.
    package var storedCRC: UInt32
    /// CRC-32/MPEG-2 computed over the unescaped bytes after the prefix, up to the CRC.
    package var computedCRC: UInt32
    /// Zero bytes after the final `0x80` (dovi_tool tolerates and preserves them).
    package var trailingZeroBytes: Int
    /// Unescaped size from the prefix through the final `0x80`.
    package var unescapedSize: Int
    /// Problems dovi_tool would reject the RPU for (CRC mismatch, header, mapping and DM
    /// validation §11.3, extension block rules §10.1), or that stopped the parse.
    package var issues: [Issue] = []

    // rpu_data_mapping() / vdr_dm_data_payload()
    /// nil when `use_prev_vdr_rpu_flag` is set or the mapping could not be read (see ``issues``).
    package var mapping: DolbyVisionRPUDataMapping?
    /// nil when `vdr_dm_metadata_present_flag` is 0 or the DM data could not be read.
    package var dm: DolbyVisionDMData?
    /// Whole bytes left between the end of the parsed syntax (after the alignment bits) and the
    /// CRC: dovi_tool keeps them opaque (§9.1 "extra bytes"; asset `data_before_crc32.bin`).
    /// nil when the parse stopped early.
    package var extraBytesBeforeCRC: Int?

    package var crcValid: Bool { storedCRC == computedCRC }

    /// No CRC, header, mapping or DM problem: dovi_tool would accept the RPU.
    package var isValid: Bool { issues.isEmpty }

    /// §10.2: "4.0" with a `dm_data_payload2`, "2.9" with only the v2.9 list, nil without DM data.
    package var cmVersion: DolbyVisionCMVersion? { dm?.cmVersion }
    /// §11.2: MEL / FEL for RPUs with NLQ data (profiles 7 and 4), nil otherwise.
    package var enhancementLayer: DolbyVisionEnhancementLayer? { mapping?.enhancementLayer }
    /// `scene_refresh_flag == 1` (a scene cut); nil without DM data.
    package var sceneRefresh: Bool? { dm.map { $0.sceneRefreshFlag == 1 } }
    package var level1: DolbyVisionLevel1? { dm?.level1 }
    package var level2: [DolbyVisionLevel2] { dm?.level2 ?? [] }
    package var level5: DolbyVisionLevel5? { dm?.level5 }
    package var level6: DolbyVisionLevel6? { dm?.level6 }
    package var level8: [DolbyVisionLevel8] { dm?.level8 ?? [] }
    package var level9: DolbyVisionLevel9? { dm?.level9 }
    package var level11: DolbyVisionLevel11? { dm?.level11 }
    package var level254: DolbyVisionLevel254? { dm?.level254 }

    package var blBitDepth: Int? { blBitDepthMinus8.map { Int($0) + 8 } }
    package var elBitDepth: Int? { elBitDepthMinus8.map { Int($0 & 0xFF) + 8 } }
    package var vdrBitDepth: Int? { vdrBitDepthMinus8.map { Int($0) + 8 } }
    /// `ext_mapping_idc`: bits 8–15 of the coded el_bit_depth_minus8 (non-zero in Apple's P20 RPU).
    package var extMappingIDC: UInt8? { elBitDepthMinus8.map { UInt8(($0 >> 8) & 0xFF) } }

    /// True when NLQ (enhancement-layer residual) data follows the mapping: profiles 7 and 4 (§11.2).
    package var hasNLQ: Bool { (rpuFormat & 0x700) == 0 && !disableResidualFlag }

    /// Dolby Vision profile from the header only, dovi_tool's rule (§11.1): 5, 7, 8, 4, or 0 when
    /// the header matches none. There is no 8.1/8.4 split in the RPU.
    package var profile: Int {
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

    package static func parse(_ input: [UInt8]) throws -> DolbyVisionRPU {
        var start = 0
        for lead in [[0x00, 0x00, 0x00, 0x01], [0x00, 0x00, 0x01], [0x7C, 0x01]] as [[UInt8]] {
            if input.count > lead.count, Array(input.prefix(lead.count)) == lead, input[lead.count] == prefix {
                start = lead.count
                break
            }
        }
        return try parse(unescaped: EmulationPrevention.unescape(input[start...]))
    }

    /// Parses an RPU whose emulation-prevention bytes are already removed (or were never there,
    /// as in AV1, §13): `0x19`, the RPU syntax, CRC32, `0x80`, optional trailing zero bytes.
    package static func parse(unescaped input: [UInt8]) throws -> DolbyVisionRPU {
        var data = input
        guard data.first == prefix else {
            throw BitstreamError.invalid(.rpuNALPrefix(data.first))
        }
        var trailing = 0
        while let last = data.last, last == 0 {
            data.removeLast()
            trailing += 1
        }
        guard data.count >= 7 else { throw BitstreamError.tooShort(needed: 7, got: data.count) }
        guard data[data.count - 1] == 0x80 else {
            throw BitstreamError.invalid(.rpuLastByte(data[data.count - 1]))
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
        rpu.parseBody(&r)
        return rpu
    }

    /// `rpu_data_mapping()`, `vdr_dm_data_payload()` and the alignment bits, from the reader
    /// positioned after `rpu_header()` (it covers the bytes up to the CRC). Never throws: a
    /// failure is an issue and leaves the unread parts nil.
    private mutating func parseBody(_ r: inout BitReader) {
        var stage = Stage.rpuDataMapping
        do {
            if !usePrevVdrRpuFlag {
                guard let parameters = mappingParameters() else { return }
                let m = try DolbyVisionRPUDataMapping.parse(&r, parameters)
                mapping = m
                issues += m.validationIssues(profile: profile).map(Issue.mapping)
            }
            if vdrDMMetadataPresentFlag {
                stage = .vdrDMDataPayload
                let d = try DolbyVisionDMData.parse(&r, compressed: reservedZero3Bits == 1, issues: &issues)
                dm = d
                issues += d.validationIssues()
            }
            stage = .rpuAlignmentZeroBit
            var nonZero = false
            while !r.isByteAligned { if try r.flag() { nonZero = true } }
            if nonZero { issues.append(.rpuAlignmentZeroBit) }
            extraBytesBeforeCRC = r.bitsRemaining / 8
        } catch {
            issues.append(.stopped(stage, ReadFailure(error)))
        }
    }

    /// What the mapping syntax needs from the header, or nil (with an issue) when the header does
    /// not allow reading it: no bit depths (seq info absent or rpu_format & 0x700), bit depths
    /// over 16, an unknown coefficient type, or a coefficient length over 32 bits.
    private mutating func mappingParameters() -> DolbyVisionRPUDataMapping.Parameters? {
        func stop(_ why: MappingStop) -> DolbyVisionRPUDataMapping.Parameters? {
            issues.append(.mappingNotParsed(why))
            return nil
        }
        guard let bl = blBitDepth, let el = elBitDepth else { return stop(.noBitDepths) }
        guard bl <= 16, el <= 16 else { return stop(.bitDepthsOver16(bl: bl, el: el)) }
        let length: Int
        switch coefficientDataType {
        case 0:
            guard let d = coefficientLog2Denom, d <= 32 else {
                return stop(.coefficientLog2DenomOver32(coefficientLog2Denom))
            }
            length = Int(d)
        case 1:
            length = 32
        default:
            return stop(.coefficientDataType(coefficientDataType))
        }
        return .init(blBitDepth: bl, elBitDepth: el, coefficientDataType: coefficientDataType,
                     coefficientLength: length, hasNLQ: hasNLQ)
    }

    /// §9.1 CRC check and §11.3 header rules.
    private func validationIssues() -> [Issue] {
        var issues: [Issue] = []
        if !crcValid { issues.append(.crcMismatch(stored: storedCRC, computed: computedCRC)) }
        if rpuType != 2 { issues.append(.rpuType(rpuType)) }
        if !vdrSeqInfoPresentFlag { issues.append(.vdrSeqInfoAbsent) }
        if rpuFormat & 0x700 != 0 { issues.append(.rpuFormatBits(rpuFormat)) }
        if vdrRpuLevel != 0 { issues.append(.vdrRpuLevel(vdrRpuLevel)) }
        if coefficientDataType > 1 { issues.append(.coefficientDataType(coefficientDataType)) }
        if let d = coefficientLog2Denom, d > 23 { issues.append(.coefficientLog2Denom(d)) }
        if vdrSeqInfoPresentFlag && rpuFormat & 0x700 == 0 {
            if blBitDepthMinus8 != 2 { issues.append(.blBitDepthMinus8(blBitDepthMinus8 ?? 0)) }
            if let el = elBitDepthMinus8, el & 0xFF != 2 { issues.append(.elBitDepthMinus8(el & 0xFF)) }
            if let v = vdrBitDepthMinus8, v > 6 { issues.append(.vdrBitDepthMinus8(v)) }
        }
        if profile == 0 { issues.append(.noProfile(vdrRpuProfile: vdrRpuProfile, blVideoFullRange: blVideoFullRangeFlag)) }
        return issues
    }
}
