/// The reasons of ``BitstreamError``, as typed values: one catalogue for the syntax checks of the
/// HEVC, AVC, VP9, AV1, HDR10+ and Dolby Vision parsers in `Parse/` (and the AAC
/// `AudioSpecificConfig`). Each case names the field the syntax constrains (the structure's own
/// field names, `docs/rules/dolby-vision.md` for the RPU and EMDF layouts) and carries the value
/// found; tests compare these values. ``description`` writes the sentence the reports carried when
/// the reasons were prose (pinned once in `ParserIssueTextTests`).
extension BitstreamError {
    /// A field holds a value the syntax forbids.
    package enum Invalid: Sendable, Equatable, Codable, CustomStringConvertible {
        // NAL unit headers (H.264 §7.3.1, H.265 §7.3.1.2).
        /// `forbidden_zero_bit` is 1.
        case forbiddenZeroBit
        /// `nal_unit_type` is not the one the parser reads.
        case nalUnitType(Int, expected: ExpectedNALUnit)
        // Decoder configuration records (ISO/IEC 14496-15 avcC, hvcC; AV1 av1C).
        /// `configurationVersion` is not 1.
        case configurationVersion(UInt8)
        /// The av1C `marker` bit is 0.
        case av1CMarker
        /// AV1 `metadata_type` leb128 is truncated or over 64 bits.
        case av1MetadataType
        // Sequence, picture and slice parameters (H.264 §7.3.2.1, H.265 §7.3.2–7.3.7).
        /// AVC `seq_parameter_set_id` over 31.
        case avcSeqParameterSetID(Int)
        /// HEVC `sps_seq_parameter_set_id` over 15.
        case spsSeqParameterSetID(Int)
        /// `chroma_format_idc` over 3.
        case chromaFormatIDC(Int)
        /// Luma/chroma bit depth over the profile's limit.
        case bitDepth(luma: Int, chroma: Int)
        /// AVC `num_ref_frames_in_pic_order_cnt_cycle` over 255.
        case numRefFramesInPicOrderCntCycle(Int)
        /// AVC `pic_order_cnt_type` over 2.
        case picOrderCntType(Int)
        /// HEVC `max_sub_layers_minus1` outside 0…7.
        case maxSubLayersMinus1(Int)
        /// HEVC `log2_max_pic_order_cnt_lsb` over 16.
        case log2MaxPicOrderCntLsb(Int)
        /// HEVC `num_short_term_ref_pic_sets` over 64.
        case numShortTermRefPicSets(Int)
        /// HEVC `num_long_term_ref_pics_sps` over 32.
        case numLongTermRefPicsSPS(Int)
        /// A predicted `st_ref_pic_set` names a set that does not precede it.
        case stRefPicSetReferenceIndex(Int)
        /// `abs_delta_rps_minus1` over 2^15 - 1.
        case absDeltaRpsMinus1(Int)
        /// A predicted `st_ref_pic_set` with more pictures than the DPB holds.
        case predictedStRefPicSetSize(negative: Int, positive: Int)
        /// An `st_ref_pic_set` with more pictures than the DPB holds.
        case stRefPicSetSize(negative: Int, positive: Int)
        /// A `delta_poc_s0` sum below the range.
        case deltaPocS0OutOfRange
        /// A `delta_poc_s1` sum above the range.
        case deltaPocS1OutOfRange
        /// `pps_pic_parameter_set_id` over 63.
        case ppsPicParameterSetID(Int)
        /// `pps_seq_parameter_set_id` over 15.
        case ppsSeqParameterSetID(Int)
        /// `slice_pic_parameter_set_id` over 63.
        case slicePicParameterSetID(Int)
        /// `slice_pic_parameter_set_id` names no PPS the caller knows.
        case sliceNamesNoPPS(Int)
        /// The PPS's `pps_seq_parameter_set_id` names no SPS the caller knows.
        case ppsNamesNoSPS(Int)
        /// The SPS has no `log2_max_pic_order_cnt_lsb` in 4…16.
        case spsWithoutPicOrderCntLsb(Int)
        /// `num_extra_slice_header_bits` over 2.
        case numExtraSliceHeaderBits(Int)
        /// `slice_type` over 2.
        case sliceType(Int)
        /// `colour_plane_id` over 2.
        case colourPlaneID(Int)
        // VP9 uncompressed header (VP9 bitstream specification §6.2).
        /// `frame_marker` is not 2.
        case vp9FrameMarker
        /// `reserved_zero` after profile 3 is 1.
        case vp9ReservedZero
        /// `frame_sync_code` is not 0x498342.
        case vp9FrameSyncCode
        // VP8 frame tag (RFC 6386 §9.1).
        /// `version` over 3.
        case vp8Version(Int)
        // HDR10+ (ST 2094-40 in ITU-T T.35).
        /// The T.35 header is not HDR10+'s.
        case notHDR10PlusPayload
        // AAC (ISO/IEC 14496-3 §1.6.2.1).
        /// `audioObjectType` 0 (the null object).
        case nullAudioObjectType
        // Dolby Vision RPU (docs/rules/dolby-vision.md).
        /// The NAL prefix byte is not 25 (nil: no byte).
        case rpuNALPrefix(UInt8?)
        /// The last byte is not 0x80 (`rpu_data_crc32` then the final byte).
        case rpuLastByte(UInt8)
        /// `num_pivots_minus2[cmp]` over the pivot limit.
        case numPivotsMinus2(component: Int, value: Int, limit: Int)
        /// `nlq_method_idc` is not 0 (linear dead zone).
        case nlqMethodIDC(UInt8)
        /// `poly_order_minus1` over 1.
        case polyOrderMinus1(Int, component: Int, piece: Int)
        /// `mmr_order_minus1` over 2.
        case mmrOrderMinus1(Int, component: Int, piece: Int)
        /// `mapping_idc` is not 0 or 1.
        case mappingIDC(Int, component: Int, piece: Int)
        /// `num_ext_blocks` over the limit.
        case numExtBlocks(DolbyVisionCMVersion, count: Int, limit: Int)
        /// `ext_block_length` over the limit of any block.
        case extBlockLengthOverLimit(length: Int, level: UInt8, limit: Int)
        /// `ext_block_length` over the data left.
        case extBlockLengthOverData(length: Int, level: UInt8, bytesLeft: Int)
        /// A level's payload length is not one it allows.
        case extBlockPayloadLength(level: UInt8, allowed: [Int], found: Int)
        // Dolby Vision EMDF container (docs/rules/dolby-vision.md).
        /// `itu_t_t35_terminal_provider_code` is not 0x003B.
        case t35ProviderCode(UInt16)
        /// `itu_t_t35_terminal_provider_oriented_code` is not 0x800.
        case t35ProviderOrientedCode(UInt32)
        /// `emdf_version`/`key_id`/`emdf_payload_id` are not 0/6/31.
        case emdfHeader(version: UInt8, keyID: UInt8, payloadID: UInt8)
        /// `emdf_payload_id_ext` is not 225.
        case emdfPayloadIDExt(Int)
        /// `emdf_payload_size` over the data left.
        case emdfPayloadSize(Int, bytesLeft: Int)
        /// `variable_bits(n)` longer than the chunk limit.
        case emdfVariableBits(n: Int, chunkLimit: Int)
        // Audio frame headers (ADTS, AC-3 and E-AC-3 syncframes).
        /// The frame does not start with its syncword.
        case audioSyncword(expected: UInt32)
        /// A header field holds a reserved value.
        case audioReservedField(String, Int)

        package var description: String {
            switch self {
            case .forbiddenZeroBit: return "forbidden_zero_bit set"
            case .nalUnitType(let t, let expected): return "nal_unit_type \(t) is not \(expected.description)"
            case .configurationVersion(let v): return "configurationVersion \(v)"
            case .av1CMarker: return "av1C marker bit is 0"
            case .av1MetadataType: return "metadata_type leb128 is truncated or too large"
            case .avcSeqParameterSetID(let v): return "seq_parameter_set_id \(v)"
            case .spsSeqParameterSetID(let v): return "sps_seq_parameter_set_id \(v)"
            case .chromaFormatIDC(let v): return "chroma_format_idc \(v)"
            case .bitDepth(let luma, let chroma): return "bit depth \(luma)/\(chroma)"
            case .numRefFramesInPicOrderCntCycle(let v): return "num_ref_frames_in_pic_order_cnt_cycle \(v)"
            case .picOrderCntType(let v): return "pic_order_cnt_type \(v)"
            case .maxSubLayersMinus1(let v): return "max_sub_layers_minus1 \(v)"
            case .log2MaxPicOrderCntLsb(let v): return "log2_max_pic_order_cnt_lsb \(v)"
            case .numShortTermRefPicSets(let v): return "num_short_term_ref_pic_sets \(v)"
            case .numLongTermRefPicsSPS(let v): return "num_long_term_ref_pics_sps \(v)"
            case .stRefPicSetReferenceIndex(let v): return "st_ref_pic_set reference index \(v)"
            case .absDeltaRpsMinus1(let v): return "abs_delta_rps_minus1 \(v)"
            case .predictedStRefPicSetSize(let n, let p): return "predicted st_ref_pic_set has \(n)+\(p) pictures"
            case .stRefPicSetSize(let n, let p): return "st_ref_pic_set has \(n)+\(p) pictures"
            case .deltaPocS0OutOfRange: return "delta_poc_s0 out of range"
            case .deltaPocS1OutOfRange: return "delta_poc_s1 out of range"
            case .ppsPicParameterSetID(let v): return "pps_pic_parameter_set_id \(v)"
            case .ppsSeqParameterSetID(let v): return "pps_seq_parameter_set_id \(v)"
            case .slicePicParameterSetID(let v): return "slice_pic_parameter_set_id \(v)"
            case .sliceNamesNoPPS(let v): return "slice_pic_parameter_set_id \(v) names no PPS"
            case .ppsNamesNoSPS(let v): return "pps_seq_parameter_set_id \(v) names no SPS"
            case .spsWithoutPicOrderCntLsb(let v): return "SPS \(v) has no usable log2_max_pic_order_cnt_lsb"
            case .numExtraSliceHeaderBits(let v): return "num_extra_slice_header_bits \(v)"
            case .sliceType(let v): return "slice_type \(v)"
            case .colourPlaneID(let v): return "colour_plane_id \(v)"
            case .vp9FrameMarker: return "frame_marker is not 2"
            case .vp9ReservedZero: return "reserved_zero after profile 3 is 1"
            case .vp9FrameSyncCode: return "frame_sync_code is not 0x498342"
            case .vp8Version(let v): return "VP8 version \(v) (0…3 are defined)"
            case .notHDR10PlusPayload: return "not an HDR10+ T.35 payload"
            case .nullAudioObjectType: return "audioObjectType 0 (null object)"
            case .rpuNALPrefix(let v): return "rpu_nal_prefix should be 25, found \(v.map(String.init) ?? "nothing")"
            case .rpuLastByte(let v): return "Invalid RPU last byte: \(v)"
            case .numPivotsMinus2(let cmp, let v, let limit):
                return "num_pivots_minus2[\(cmp)] \(v) exceeds the limit of \(limit) pivots"
            case .nlqMethodIDC(let v): return "nlq_method_idc should be 0 (linear dead zone), found \(v)"
            case .polyOrderMinus1(let v, let c, let p):
                return "poly_order_minus1 should be <= 1, found \(v) (component \(c), piece \(p))"
            case .mmrOrderMinus1(let v, let c, let p):
                return "mmr_order_minus1 should be <= 2, found \(v) (component \(c), piece \(p))"
            case .mappingIDC(let v, let c, let p):
                return "mapping_idc should be 0 or 1, found \(v) (component \(c), piece \(p))"
            case .numExtBlocks(let version, let count, let limit):
                return "\(version.label): num_ext_blocks \(count) exceeds the limit of \(limit)"
            case .extBlockLengthOverLimit(let length, let level, let limit):
                return "ext_block_length \(length) of a level \(level) block exceeds the limit of \(limit) bytes"
            case .extBlockLengthOverData(let length, let level, let left):
                return "ext_block_length \(length) of a level \(level) block exceeds the data left (\(left) bytes)"
            case .extBlockPayloadLength(let level, let allowed, let found):
                return "L\(level) ext_block_length should be \(allowed.map(String.init).joined(separator: " or ")), found \(found)"
            case .t35ProviderCode(let v): return "itu_t_t35_terminal_provider_code should be 0x003B, found \(v)"
            case .t35ProviderOrientedCode(let v): return "itu_t_t35_terminal_provider_oriented_code should be 0x800, found \(v)"
            case .emdfHeader(let version, let key, let id):
                return "EMDF emdf_version/key_id/emdf_payload_id should be 0/6/31, found \(version)/\(key)/\(id)"
            case .emdfPayloadIDExt(let v): return "emdf_payload_id_ext should be 225, found \(v)"
            case .emdfPayloadSize(let v, let left): return "emdf_payload_size \(v) exceeds the data left (\(left) bytes)"
            case .emdfVariableBits(let n, let limit): return "EMDF variable_bits(\(n)) longer than \(limit) chunks"
            case .audioSyncword(let v): return "the frame does not start with the syncword 0x\(String(v, radix: 16, uppercase: true))"
            case .audioReservedField(let name, let v): return "\(name) \(v) is reserved"
            }
        }
    }

    /// The NAL unit a parser reads, named in ``Invalid/nalUnitType(_:expected:)``.
    package enum ExpectedNALUnit: Sendable, Equatable, Codable, CustomStringConvertible {
        /// H.264 sequence parameter set (type 7).
        case avcSPS
        /// H.265 sequence parameter set (type 33).
        case hevcSPS
        /// H.265 picture parameter set (type 34).
        case hevcPPS
        /// H.265 slice segment (types 0…31).
        case hevcSliceSegment

        package var description: String {
            switch self {
            case .avcSPS: return "an SPS (7)"
            case .hevcSPS: return "an SPS (33)"
            case .hevcPPS: return "a PPS (34)"
            case .hevcSliceSegment: return "a slice segment (0...31)"
            }
        }
    }

    /// Valid syntax a parser deliberately does not read.
    package enum Unsupported: Sendable, Equatable, Codable, CustomStringConvertible {
        /// AV1 `seq_profile` over 2.
        case av1SeqProfile(Int)
        /// EMDF `smploffste`/`duratione`/`groupide`/`codecdatae` set.
        case emdfOptionalFields
        /// RPU `linear_interp_flag` 1.
        case linearInterpolation(component: Int, piece: Int)
        /// A vpcC version other than 0 and 1.
        case vpcCVersion(Int)
        /// VP9 `show_existing_frame`: the frame has no header.
        case vp9ShowExistingFrame
        /// VP9 frame that is not a key frame: no `color_config()`.
        case vp9NotKeyFrame
        /// An HEVC multi-layer extension SPS.
        case hevcMultiLayerSPS
        /// A slice segment that is not the first of its picture.
        case notFirstSliceSegment

        package var description: String {
            switch self {
            case .av1SeqProfile(let v): return "seq_profile \(v)"
            case .emdfOptionalFields: return "EMDF smploffste/duratione/groupide/codecdatae set"
            case .linearInterpolation(let c, let p): return "linear_interp_flag 1 (component \(c), piece \(p))"
            case .vpcCVersion(let v): return "vpcC version \(v)"
            case .vp9ShowExistingFrame: return "show_existing_frame: no header"
            case .vp9NotKeyFrame: return "not a key frame: no color_config()"
            case .hevcMultiLayerSPS: return "multi-layer extension SPS (sps_ext_or_max_sub_layers_minus1 = 7)"
            case .notFirstSliceSegment: return "slice segment that is not the first of its picture"
            }
        }
    }
}
