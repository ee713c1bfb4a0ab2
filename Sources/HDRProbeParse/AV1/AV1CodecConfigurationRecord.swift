/// `AV1CodecConfigurationRecord` — the payload of an ISO BMFF `av1C` box (AV1 Codec ISO Media
/// File Format Binding §2.3.3) and of Matroska `CodecPrivate` for V_AV1.
///
/// ```
/// marker u(1) = 1 ; version u(7) = 1
/// seq_profile u(3) ; seq_level_idx_0 u(5)
/// seq_tier_0 u(1) ; high_bitdepth u(1) ; twelve_bit u(1) ; monochrome u(1)
/// chroma_subsampling_x u(1) ; chroma_subsampling_y u(1) ; chroma_sample_position u(2)
/// reserved u(3) ; initial_presentation_delay_present u(1) ; initial_presentation_delay_minus_one / reserved u(4)
/// configOBUs[]   (zero or more OBUs, normally the sequence header)
/// ```
package struct AV1CodecConfigurationRecord: Sendable, Equatable {
    package static let fixedSize = 4

    package var marker: Bool
    package var version: UInt8
    package var seqProfile: UInt8
    package var seqLevelIdx0: UInt8
    package var seqTier0: UInt8
    package var highBitdepth: Bool
    package var twelveBit: Bool
    package var monochrome: Bool
    package var chromaSubsamplingX: Bool
    package var chromaSubsamplingY: Bool
    /// 0 unknown, 1 vertical, 2 colocated.
    package var chromaSamplePosition: UInt8
    package var initialPresentationDelayMinusOne: UInt8?
    /// The configOBUs bytes as stored (low-overhead OBU format).
    package var configOBUs: [UInt8]

    /// BitDepth per AV1 §5.5.2 color_config: 12 when seq_profile 2 with high_bitdepth and
    /// twelve_bit, 10 with high_bitdepth, else 8.
    package var bitDepth: Int {
        if seqProfile == 2 && highBitdepth { return twelveBit ? 12 : 10 }
        return highBitdepth ? 10 : 8
    }

    package static func parse(_ bytes: [UInt8]) throws -> AV1CodecConfigurationRecord {
        guard bytes.count >= fixedSize else { throw BitstreamError.tooShort(needed: fixedSize, got: bytes.count) }
        let b0 = bytes[0], b1 = bytes[1], b2 = bytes[2], b3 = bytes[3]
        guard b0 & 0x80 != 0 else { throw BitstreamError.invalid(.av1CMarker) }
        return AV1CodecConfigurationRecord(
            marker: true, version: b0 & 0x7F, seqProfile: b1 >> 5, seqLevelIdx0: b1 & 0x1F, seqTier0: b2 >> 7,
            highBitdepth: b2 & 0x40 != 0, twelveBit: b2 & 0x20 != 0, monochrome: b2 & 0x10 != 0,
            chromaSubsamplingX: b2 & 0x08 != 0, chromaSubsamplingY: b2 & 0x04 != 0, chromaSamplePosition: b2 & 0x03,
            initialPresentationDelayMinusOne: b3 & 0x10 != 0 ? b3 & 0x0F : nil, configOBUs: Array(bytes[4...]))
    }
}
