import HDRProbeBytes

/// The display-management part of an RPU, `vdr_dm_data_payload()`:
/// `docs/rules/dolby-vision.md` §10 (bit widths), §10.2 (CM version), §11.3 (DM validation).
///
/// ```
/// affected_dm_metadata_id ue ; current_dm_metadata_id ue ; scene_refresh_flag ue
/// if reserved_zero_3bits != 1:                     ("compressed" DM carries only the three ids)
///   ycc_to_rgb_coef0..8 i(16) ; ycc_to_rgb_offset0..2 u(32) ; rgb_to_lms_coef0..8 i(16)
///   signal_eotf u(16) ; signal_eotf_param0 u(16) ; signal_eotf_param1 u(16) ; signal_eotf_param2 u(32)
///   signal_bit_depth u(5) ; signal_color_space u(2) ; signal_chroma_format u(2) ; signal_full_range_flag u(2)
///   source_min_pq u(12) ; source_max_pq u(12) ; source_diagonal u(10)
/// dm_data_payload()                                 (CM v2.9 block list)
/// if ≥ 16 bits are left before the CRC: dm_data_payload2()    (CM v4.0 block list)
/// ```
package struct DolbyVisionDMData: Sendable, Equatable {
    package var affectedDMMetadataID: UInt32
    package var currentDMMetadataID: UInt32
    /// 1 marks the first frame of a scene / shot (a scene cut).
    package var sceneRefreshFlag: UInt32
    /// The header's `reserved_zero_3bits` was 1: the colour and signal fields are absent.
    package var compressed: Bool
    /// The colour and signal fields; nil for compressed DM data.
    package var signal: Signal?
    /// The CM v2.9 block list (`dm_data_payload`), always present.
    package var cmV29: DolbyVisionDMDataPayload
    /// The CM v4.0 block list (`dm_data_payload2`), when the RPU carries one.
    package var cmV40: DolbyVisionDMDataPayload?

    /// The colour conversion and signal description of the DM data (§10).
    package struct Signal: Sendable, Equatable, Hashable, Codable {
        /// ycc_to_rgb_coef0…8, signed.
        package var yccToRgbCoef: [Int16]
        /// ycc_to_rgb_offset0…2.
        package var yccToRgbOffset: [UInt32]
        /// rgb_to_lms_coef0…8, signed.
        package var rgbToLmsCoef: [Int16]
        /// 65535 = PQ.
        package var signalEOTF: UInt16
        package var signalEOTFParam0: UInt16
        package var signalEOTFParam1: UInt16
        package var signalEOTFParam2: UInt32
        package var signalBitDepth: UInt8
        /// 0 YCbCr, 1 RGB, 2 IPT-PQ-c2 (profile 5).
        package var signalColorSpace: UInt8
        package var signalChromaFormat: UInt8
        package var signalFullRangeFlag: UInt8
        /// Mastering display minimum, 12-bit PQ code.
        package var sourceMinPq: UInt16
        /// Mastering display maximum, 12-bit PQ code.
        package var sourceMaxPq: UInt16
        package var sourceDiagonal: UInt16

        package init(_ r: inout BitReader) throws {
            yccToRgbCoef = try (0..<9).map { _ in Int16(bitPattern: try r.u16()) }
            yccToRgbOffset = try (0..<3).map { _ in try r.u32() }
            rgbToLmsCoef = try (0..<9).map { _ in Int16(bitPattern: try r.u16()) }
            signalEOTF = try r.u16()
            signalEOTFParam0 = try r.u16()
            signalEOTFParam1 = try r.u16()
            signalEOTFParam2 = try r.u32()
            signalBitDepth = try r.u8(5)
            signalColorSpace = try r.u8(2)
            signalChromaFormat = try r.u8(2)
            signalFullRangeFlag = try r.u8(2)
            sourceMinPq = try r.u16(12)
            sourceMaxPq = try r.u16(12)
            sourceDiagonal = try r.u16(10)
        }
    }

    /// Reads `vdr_dm_data_payload()` from the reader over the RPU bytes before the CRC.
    /// Structural failures throw; alignment-bit problems are appended to `issues`.
    package static func parse(_ r: inout BitReader, compressed: Bool, issues: inout [DolbyVisionRPU.Issue]) throws -> DolbyVisionDMData {
        let affected = try r.ue()
        let current = try r.ue()
        let sceneRefresh = try r.ue()
        let signal = compressed ? nil : try Signal(&r)
        let v29 = try DolbyVisionDMDataPayload.parse(&r, version: .v29, issues: &issues)
        // §10: dm_data_payload2 follows when at least 2 bytes are left before CRC32 + 0x80
        // (dovi_tool: ≥ 56 bits including those 40): the least an L254-only list needs.
        let v40 = r.bitsRemaining >= 16 ? try DolbyVisionDMDataPayload.parse(&r, version: .v40, issues: &issues) : nil
        return DolbyVisionDMData(affectedDMMetadataID: affected, currentDMMetadataID: current, sceneRefreshFlag: sceneRefresh,
                                 compressed: compressed, signal: signal, cmV29: v29, cmV40: v40)
    }

    /// §10.2: "4.0" when the RPU carries `dm_data_payload2`, otherwise "2.9".
    package var cmVersion: DolbyVisionCMVersion { cmV40 == nil ? .v29 : .v40 }

    /// Both lists' blocks in coded order (v2.9 first).
    package var allBlocks: [DolbyVisionExtMetadataBlock] { cmV29.blocks + (cmV40?.blocks ?? []) }

    /// The blocks of one level from both lists, in coded order.
    package func blocks(level: UInt8) -> [DolbyVisionExtMetadataBlock] { allBlocks.filter { $0.level == level } }

    package var level1: DolbyVisionLevel1? { first { if case .level1(let b) = $0 { b } else { nil } } }
    package var level2: [DolbyVisionLevel2] { allBlocks.compactMap { if case .level2(let b) = $0 { b } else { nil } } }
    package var level3: DolbyVisionLevel3? { first { if case .level3(let b) = $0 { b } else { nil } } }
    package var level4: DolbyVisionLevel4? { first { if case .level4(let b) = $0 { b } else { nil } } }
    package var level5: DolbyVisionLevel5? { first { if case .level5(let b) = $0 { b } else { nil } } }
    package var level6: DolbyVisionLevel6? { first { if case .level6(let b) = $0 { b } else { nil } } }
    package var level8: [DolbyVisionLevel8] { allBlocks.compactMap { if case .level8(let b) = $0 { b } else { nil } } }
    package var level9: DolbyVisionLevel9? { first { if case .level9(let b) = $0 { b } else { nil } } }
    package var level10: [DolbyVisionLevel10] { allBlocks.compactMap { if case .level10(let b) = $0 { b } else { nil } } }
    package var level11: DolbyVisionLevel11? { first { if case .level11(let b) = $0 { b } else { nil } } }
    package var level254: DolbyVisionLevel254? { first { if case .level254(let b) = $0 { b } else { nil } } }
    package var level255: DolbyVisionLevel255? { first { if case .level255(let b) = $0 { b } else { nil } } }

    private func first<T>(_ pick: (DolbyVisionExtMetadataBlock) -> T?) -> T? {
        for block in allBlocks { if let v = pick(block) { return v } }
        return nil
    }

    /// §11.3 DM validation (affected_dm_metadata_id ≤ 15; for uncompressed data signal_bit_depth
    /// 8…16 and, when the three EOTF parameters are 0, signal_eotf 65535) plus the §10.1 Rules of
    /// both block lists.
    package func validationIssues() -> [DolbyVisionRPU.Issue] {
        var out: [Issue] = []
        if affectedDMMetadataID > 15 { out.append(.affectedDMMetadataID(affectedDMMetadataID)) }
        if let s = signal {
            if !(8...16).contains(s.signalBitDepth) { out.append(.signalBitDepth(s.signalBitDepth)) }
            if s.signalEOTFParam0 == 0 && s.signalEOTFParam1 == 0 && s.signalEOTFParam2 == 0 && s.signalEOTF != 65535 {
                out.append(.signalEOTF(s.signalEOTF))
            }
        }
        return out.map(DolbyVisionRPU.Issue.dm) + (cmV29.ruleIssues() + (cmV40?.ruleIssues() ?? [])).map(DolbyVisionRPU.Issue.extBlocks)
    }

    /// A §11.3 DM rule the RPU breaks.
    package enum Issue: Sendable, Equatable, Codable, CustomStringConvertible {
        /// `affected_dm_metadata_id` over 15.
        case affectedDMMetadataID(UInt32)
        /// Uncompressed: `signal_bit_depth` outside 8…16.
        case signalBitDepth(UInt8)
        /// Uncompressed, the three EOTF parameters 0: `signal_eotf` is not 65535.
        case signalEOTF(UInt16)

        package var description: String {
            switch self {
            case .affectedDMMetadataID(let v): return "affected_dm_metadata_id should be <= 15, found \(v)"
            case .signalBitDepth(let v): return "signal_bit_depth should be between 8 and 16, found \(v)"
            case .signalEOTF(let v): return "signal_eotf should be 65535, found \(v)"
            }
        }
    }
}
