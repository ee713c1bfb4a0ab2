import HDRProbeParse

/// Writes `DOVIDecoderConfigurationRecord` payloads (`docs/rules/dolby-vision.md` §5.1 layout:
/// version 1.0, then profile u(7) level u(6) rpu u(1) el u(1) bl u(1), compatibility u(4)
/// md_compression u(2), reserved to 24 bytes; `docs/rules/isobmff-rewrite.md` §1).
package enum DolbyVisionRecordBytes {
    /// A new record for a stream with RPUs and a base layer, no enhancement layer.
    package static func record(profile: Int, level: Int, compatibilityId: Int) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: DOVIDecoderConfigurationRecord.fullSize)
        out[0] = 1
        let bits = UInt16(profile & 0x7F) << 9 | UInt16(level & 0x3F) << 3 | 0b101
        out[2] = UInt8(bits >> 8)
        out[3] = UInt8(bits & 0xFF)
        out[4] = UInt8((compatibilityId & 0x0F) << 4)
        return out
    }

    /// The record as profile 8, compatibility 1, no enhancement layer; level, RPU and BL flags,
    /// md_compression and the rest kept (`docs/rules/apple-playback.md` §2.6).
    package static func rewrittenTo81(_ payload: [UInt8]) -> [UInt8] {
        var out = payload
        var bits = UInt16(out[2]) << 8 | UInt16(out[3])
        bits = (bits & 0x01FF) | (8 << 9)
        bits &= ~UInt16(0b010)
        out[2] = UInt8(bits >> 8)
        out[3] = UInt8(bits & 0xFF)
        out[4] = (out[4] & 0x0F) | 0x10
        return out
    }
}
