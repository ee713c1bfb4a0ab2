/// A big-endian cursor over a byte slice for byte-oriented structures (ISO BMFF boxes,
/// EBML headers, TS packets). Bounds-checked: reads past the end throw, never trap.
package struct ByteReader: Sendable {
    package let bytes: [UInt8]
    package private(set) var offset: Int
    package let end: Int

    package init(_ bytes: [UInt8], offset: Int = 0, end: Int? = nil) {
        self.bytes = bytes
        let e = min(end ?? bytes.count, bytes.count)
        self.end = max(0, e)
        self.offset = min(max(0, offset), self.end)
    }

    package var remaining: Int { end - offset }
    package var isAtEnd: Bool { offset >= end }

    package mutating func u8() throws -> UInt8 {
        guard remaining >= 1 else { throw BitReaderError.endOfData }
        defer { offset += 1 }
        return bytes[offset]
    }

    package mutating func u16() throws -> UInt16 { UInt16(try uint(2)) }
    package mutating func u24() throws -> UInt32 { UInt32(try uint(3)) }
    package mutating func u32() throws -> UInt32 { UInt32(try uint(4)) }
    package mutating func u64() throws -> UInt64 { try uint(8) }

    /// Reads an unsigned big-endian integer of `width` bytes (1...8).
    package mutating func uint(_ width: Int) throws -> UInt64 {
        guard width >= 1, width <= 8 else { throw BitReaderError.invalidWidth(width) }
        guard remaining >= width else { throw BitReaderError.endOfData }
        var v: UInt64 = 0
        for i in 0..<width { v = (v << 8) | UInt64(bytes[offset + i]) }
        offset += width
        return v
    }

    package mutating func fourCC() throws -> String {
        let b = try take(4)
        return FourCC.string(b)
    }

    package mutating func take(_ count: Int) throws -> [UInt8] {
        guard count >= 0, remaining >= count else { throw BitReaderError.endOfData }
        defer { offset += count }
        return Array(bytes[offset..<(offset + count)])
    }

    package mutating func skip(_ count: Int) throws {
        guard count >= 0, remaining >= count else { throw BitReaderError.endOfData }
        offset += count
    }
}

/// Four-character codes as printable strings (non-printable bytes become `.`).
package enum FourCC {
    package static func string<C: Collection>(_ bytes: C) -> String where C.Element == UInt8 {
        String(decoding: bytes.map { (0x20...0x7E).contains($0) ? $0 : UInt8(ascii: ".") }, as: UTF8.self)
    }

    package static func string(_ value: UInt32) -> String {
        string([UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)])
    }
}
