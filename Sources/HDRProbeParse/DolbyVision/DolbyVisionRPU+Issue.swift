import HDRProbeBytes

/// Why a Dolby Vision RPU is invalid, as typed values: the §9.1 CRC check, the §11.3 header,
/// mapping and DM validation, the §10.1 extension-block rules (`docs/rules/dolby-vision.md`), and
/// the stage where a truncated or hostile RPU stopped the parse. Tests compare these values;
/// ``description`` writes the sentence the reports carry (dovi_tool's wording where it has one).
extension DolbyVisionRPU {
    package enum Issue: Sendable, Equatable, Codable, CustomStringConvertible {
        /// §9.1: `rpu_data_crc32` differs from the CRC-32/MPEG-2 of the data.
        case crcMismatch(stored: UInt32, computed: UInt32)
        /// §11.3: `rpu_type` is not 2.
        case rpuType(UInt8)
        /// §11.3: `vdr_seq_info_present_flag` is 0.
        case vdrSeqInfoAbsent
        /// §11.3: `rpu_format & 0x700` is not 0.
        case rpuFormatBits(UInt16)
        /// §11.3: `vdr_rpu_level` is not 0.
        case vdrRpuLevel(UInt8)
        /// §11.3: `coefficient_data_type` over 1.
        case coefficientDataType(UInt8)
        /// §11.3: `coefficient_log2_denom` over 23.
        case coefficientLog2Denom(UInt32)
        /// §11.3: `bl_bit_depth_minus8` is not 2 (0 when absent).
        case blBitDepthMinus8(UInt32)
        /// §11.3: `el_bit_depth_minus8` (low 8 bits of the ue(v)) is not 2.
        case elBitDepthMinus8(UInt32)
        /// §11.3: `vdr_bit_depth_minus8` over 6.
        case vdrBitDepthMinus8(UInt32)
        /// §11.1: no profile matches the header.
        case noProfile(vdrRpuProfile: UInt8, blVideoFullRange: Bool)
        /// The header does not allow reading `rpu_data_mapping()`.
        case mappingNotParsed(MappingStop)
        /// §11.3 mapping validation.
        case mapping(DolbyVisionRPUDataMapping.Issue)
        /// §11.3 DM validation.
        case dm(DolbyVisionDMData.Issue)
        /// §10 alignment and §10.1 Rules of one extension-block list.
        case extBlocks(DolbyVisionDMDataPayload.Issue)
        /// `rpu_alignment_zero_bit` is not 0.
        case rpuAlignmentZeroBit
        /// The parse stopped at `stage` (truncated or hostile data): the rest is nil.
        case stopped(Stage, ReadFailure)

        package var description: String {
            switch self {
            case .crcMismatch(let stored, let computed):
                return "RPU CRC32 does not match the data (stored \(Self.hex(stored)), computed \(Self.hex(computed)))"
            case .rpuType(let v): return "rpu_type should be 2, found \(v)"
            case .vdrSeqInfoAbsent: return "vdr_seq_info_present_flag is 0"
            case .rpuFormatBits(let v): return "rpu_format \(v) has bits 0x700 set"
            case .vdrRpuLevel(let v): return "vdr_rpu_level should be 0, found \(v)"
            case .coefficientDataType(let v): return "invalid coefficient_data_type \(v)"
            case .coefficientLog2Denom(let v): return "coefficient_log2_denom should be <= 23, found \(v)"
            case .blBitDepthMinus8(let v): return "bl_bit_depth_minus8 should be 2, found \(v)"
            case .elBitDepthMinus8(let v): return "el_bit_depth_minus8 should be 2, found \(v)"
            case .vdrBitDepthMinus8(let v): return "vdr_bit_depth_minus8 should be <= 6, found \(v)"
            case .noProfile(let profile, let fullRange):
                return "no Dolby Vision profile matches vdr_rpu_profile \(profile), bl_video_full_range_flag \(fullRange ? 1 : 0)"
            case .mappingNotParsed(let why): return "rpu_data_mapping not parsed: \(why)"
            case .mapping(let issue): return issue.description
            case .dm(let issue): return issue.description
            case .extBlocks(let issue): return issue.description
            case .rpuAlignmentZeroBit: return "rpu_alignment_zero_bit should be 0"
            case .stopped(let stage, let failure): return "\(stage.rawValue): \(failure)"
            }
        }

        private static func hex(_ v: UInt32) -> String {
            let s = String(v, radix: 16, uppercase: true)
            return "0x" + String(repeating: "0", count: max(0, 8 - s.count)) + s
        }
    }

    /// The part of the RPU body being read when the parse stopped.
    package enum Stage: String, Sendable, Equatable, Codable {
        case rpuDataMapping = "rpu_data_mapping"
        case vdrDMDataPayload = "vdr_dm_data_payload"
        case rpuAlignmentZeroBit = "rpu_alignment_zero_bit"
    }

    /// Why the header does not allow reading `rpu_data_mapping()`.
    package enum MappingStop: Sendable, Equatable, Codable, CustomStringConvertible {
        /// No bit depths: seq info absent or `rpu_format & 0x700`.
        case noBitDepths
        /// A bit depth over 16.
        case bitDepthsOver16(bl: Int, el: Int)
        /// Fixed-point coefficients with `coefficient_log2_denom` over 32 (nil: absent).
        case coefficientLog2DenomOver32(UInt32?)
        /// An unknown `coefficient_data_type`.
        case coefficientDataType(UInt8)

        package var description: String {
            switch self {
            case .noBitDepths: return "the header has no bit depths"
            case .bitDepthsOver16(let bl, let el): return "bit depths BL \(bl) / EL \(el) over 16"
            case .coefficientLog2DenomOver32(let d): return "coefficient_log2_denom \(d.map(String.init) ?? "absent") over 32"
            case .coefficientDataType(let v): return "coefficient_data_type \(v)"
            }
        }
    }

    /// A read that failed: the thrown error as a value. ``description`` is the short text of
    /// ``DolbyVisionRPU/Issue/stopped(_:_:)``; ``errorText`` the error as Swift prints it.
    package enum ReadFailure: Sendable, Equatable, Codable, CustomStringConvertible {
        case bitstream(BitstreamError)
        case bitReader(BitReaderError)
        /// Any other error, as Swift prints it.
        case other(String)

        package init(_ error: any Error) {
            switch error {
            case let e as BitstreamError: self = .bitstream(e)
            case let e as BitReaderError: self = .bitReader(e)
            default: self = .other("\(error)")
            }
        }

        package var description: String {
            switch self {
            case .bitstream(let e): return e.reason
            case .bitReader(.endOfData): return "unexpected end of data"
            case .bitReader(.expGolombTooLong): return "Exp-Golomb code longer than 32 bits"
            default: return errorText
            }
        }

        /// The error as `"\(error)"` prints it.
        package var errorText: String {
            switch self {
            case .bitstream(let e): return "\(e)"
            case .bitReader(let e): return "\(e)"
            case .other(let s): return s
            }
        }
    }
}

/// Why a scanned RPU was counted invalid (``BitstreamScan/rpuProblems``): the framing could not
/// be parsed, the CRC failed, or validation found issues. ``description`` is the detail sentence
/// of the `dv.rpuInvalid` finding.
package enum DolbyVisionRPUProblem: Sendable, Equatable, Codable, CustomStringConvertible {
    /// ``DolbyVisionRPU/parse(_:)`` threw.
    case unparsable(DolbyVisionRPU.ReadFailure)
    /// The CRC does not match (the other issues of that RPU are not listed).
    case crcMismatch
    /// The RPU parsed with a valid CRC and these issues.
    case issues([DolbyVisionRPU.Issue])

    /// What the scanner records for an invalid RPU.
    package init(_ rpu: DolbyVisionRPU) {
        self = rpu.crcValid ? .issues(rpu.issues) : .crcMismatch
    }

    package var description: String {
        switch self {
        case .unparsable(let failure): return failure.errorText
        case .crcMismatch: return "RPU CRC32 does not match the data"
        case .issues(let issues): return issues.map(\.description).joined(separator: "; ")
        }
    }
}
