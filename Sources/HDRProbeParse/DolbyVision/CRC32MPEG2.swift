/// CRC-32/MPEG-2: polynomial 0x04C11DB7, initial value 0xFFFFFFFF, no input/output reflection,
/// no final XOR — the `rpu_data_crc32` of a Dolby Vision RPU (`docs/rules/dolby-vision.md` §9.1)
/// and the CRC_32 of MPEG-2 TS PSI sections (ISO/IEC 13818-1 Annex A).
/// Check value: CRC of ASCII "123456789" = 0x0376E6E7.
package enum CRC32MPEG2 {
    private static let table: [UInt32] = (0..<256).map { i -> UInt32 in
        var c = UInt32(i) << 24
        for _ in 0..<8 { c = (c & 0x8000_0000) != 0 ? (c << 1) ^ 0x04C1_1DB7 : c << 1 }
        return c
    }

    package static func checksum<C: Collection>(_ bytes: C) -> UInt32 where C.Element == UInt8 {
        var crc: UInt32 = 0xFFFF_FFFF
        for b in bytes {
            crc = (crc << 8) ^ table[Int(((crc >> 24) ^ UInt32(b)) & 0xFF)]
        }
        return crc
    }
}
