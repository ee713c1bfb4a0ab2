/// A big-endian, MSB-first bit reader over an immutable byte array, with the Exp-Golomb
/// codes of ITU-T H.265 §9.2 / H.264 §9.1 (`ue(v)`, `se(v)`).
///
/// Every read is bounds-checked and throws ``BitReaderError/endOfData`` instead of trapping:
/// parsers are fed untrusted bytes. Nothing here allocates in proportion to a value read.
package struct BitReader: Sendable {
    package let bytes: [UInt8]
    /// Position in bits from the start of `bytes`.
    package private(set) var bitPosition: Int

    package init(_ bytes: [UInt8], bitOffset: Int = 0) {
        self.bytes = bytes
        self.bitPosition = max(0, bitOffset)
    }

    package init<C: Collection>(_ bytes: C) where C.Element == UInt8 {
        self.init(Array(bytes))
    }

    package var bitCount: Int { bytes.count * 8 }
    package var bitsRemaining: Int { max(0, bitCount - bitPosition) }
    package var isByteAligned: Bool { bitPosition % 8 == 0 }
    package var byteOffset: Int { bitPosition / 8 }

    /// Reads `count` bits (0...64) as an unsigned integer.
    package mutating func bits(_ count: Int) throws -> UInt64 {
        guard count >= 0, count <= 64 else { throw BitReaderError.invalidWidth(count) }
        guard count <= bitsRemaining else { throw BitReaderError.endOfData }
        var value: UInt64 = 0
        var remaining = count
        while remaining > 0 {
            let byte = bytes[bitPosition >> 3]
            let offsetInByte = bitPosition & 7
            let available = 8 - offsetInByte
            let take = min(available, remaining)
            let shifted = (UInt64(byte) >> UInt64(available - take)) & ((1 << UInt64(take)) - 1)
            value = (value << UInt64(take)) | shifted
            remaining -= take
            bitPosition += take
        }
        return value
    }

    package mutating func u8(_ count: Int = 8) throws -> UInt8 { UInt8(truncatingIfNeeded: try bits(min(count, 8))) }
    package mutating func u16(_ count: Int = 16) throws -> UInt16 { UInt16(truncatingIfNeeded: try bits(min(count, 16))) }
    package mutating func u32(_ count: Int = 32) throws -> UInt32 { UInt32(truncatingIfNeeded: try bits(min(count, 32))) }
    package mutating func int(_ count: Int) throws -> Int { Int(truncatingIfNeeded: try bits(count)) }

    package mutating func flag() throws -> Bool { try bits(1) == 1 }

    package mutating func skip(_ count: Int) throws {
        guard count >= 0 else { throw BitReaderError.invalidWidth(count) }
        guard count <= bitsRemaining else { throw BitReaderError.endOfData }
        bitPosition += count
    }

    /// Skips to the next byte boundary (no-op when aligned).
    package mutating func alignToByte() {
        let rem = bitPosition & 7
        if rem != 0 { bitPosition = min(bitCount, bitPosition + 8 - rem) }
    }

    /// `ue(v)`: unsigned Exp-Golomb. At most 31 leading zero bits are accepted (values fit in UInt32).
    package mutating func ue() throws -> UInt32 {
        var leadingZeros = 0
        while try bits(1) == 0 {
            leadingZeros += 1
            if leadingZeros > 31 { throw BitReaderError.expGolombTooLong }
        }
        if leadingZeros == 0 { return 0 }
        let suffix = try bits(leadingZeros)
        return UInt32(truncatingIfNeeded: (UInt64(1) << UInt64(leadingZeros)) - 1 + suffix)
    }

    /// `se(v)`: signed Exp-Golomb.
    package mutating func se() throws -> Int32 {
        let k = Int64(try ue())
        return Int32(truncatingIfNeeded: (k & 1) == 1 ? (k + 1) / 2 : -(k / 2))
    }

    /// Reads `count` whole bytes; the reader must be byte aligned.
    package mutating func bytes(_ count: Int) throws -> [UInt8] {
        guard count >= 0 else { throw BitReaderError.invalidWidth(count) }
        guard isByteAligned else { throw BitReaderError.notAligned }
        guard count * 8 <= bitsRemaining else { throw BitReaderError.endOfData }
        let start = bitPosition >> 3
        bitPosition += count * 8
        return Array(bytes[start..<(start + count)])
    }
}

package enum BitReaderError: Error, Equatable, Sendable, Codable {
    case endOfData
    case invalidWidth(Int)
    case expGolombTooLong
    case notAligned
}
