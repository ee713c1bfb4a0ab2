/// Dolby Vision extension block level 11 (CM v4.0): content type and intended viewing.
///
/// `docs/rules/dolby-vision.md` §10.1 (length 4 bytes: `content_type` 8; a byte whose bits 0–3
/// are the whitepoint and bit 4 the `reference_mode_flag`; `reserved_byte2` 8; `reserved_byte3` 8).
package struct DolbyVisionLevel11: DolbyVisionExtBlockPayload {
    package static let level: UInt8 = 11
    package static let lengths: [Int] = [4]

    package var contentType: UInt8
    /// Bits 0–3 of the second byte.
    package var whitepoint: UInt8
    /// Bit 4 of the second byte.
    package var referenceModeFlag: Bool
    /// Bits 5–7 of the second byte (reserved).
    package var reservedBits: UInt8
    package var reservedByte2: UInt8
    package var reservedByte3: UInt8

    package init(payload: [UInt8]) throws {
        try Self.checkLength(payload)
        contentType = payload[0]
        whitepoint = payload[1] & 0x0F
        referenceModeFlag = payload[1] & 0x10 != 0
        reservedBits = payload[1] >> 5
        reservedByte2 = payload[2]
        reservedByte3 = payload[3]
    }
}
