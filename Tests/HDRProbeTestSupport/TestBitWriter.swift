@testable import HDRProbeParse

/// Test helper: the one MSB-first bit writer of the tests, `u(value, width)` as the syntax tables
/// read — for Dolby Vision RPUs (docs/rules/dolby-vision.md §10 / §10.1), HEVC NAL units (`ue(v)`,
/// trailing bits), HDR10+ payloads and VP9 headers, independent of the parsers under test.
package struct TestBitWriter {
    package private(set) var bytes: [UInt8] = []
    package private(set) var bitCount = 0

    /// A writer that continues after `prefix` (e.g. a NAL unit header, `hevcNALHeader`).
    package init(_ prefix: [UInt8] = []) {
        bytes = prefix
        bitCount = prefix.count * 8
    }

    package var isByteAligned: Bool { bitCount % 8 == 0 }

    /// `u(n)`: the low `width` bits of `value`.
    package mutating func u(_ value: UInt64, _ width: Int) {
        precondition(width >= 0 && width <= 64)
        for i in stride(from: width - 1, through: 0, by: -1) { bit((value >> UInt64(i)) & 1 == 1) }
    }

    package mutating func bit(_ b: Bool) {
        if bitCount % 8 == 0 { bytes.append(0) }
        if b { bytes[bytes.count - 1] |= 0x80 >> UInt8(bitCount % 8) }
        bitCount += 1
    }

    package mutating func flag(_ b: Bool) { bit(b) }

    /// `u(n)` that insists the value fits (for payload encoders that must not truncate silently).
    package mutating func put(_ value: UInt64, _ width: Int) {
        precondition(width == 64 || value >> UInt64(width) == 0, "value \(value) does not fit in \(width) bits")
        u(value, width)
    }

    /// `ue(v)`: unsigned Exp-Golomb.
    package mutating func ue(_ value: UInt64) {
        let v = value + 1
        let len = 64 - v.leadingZeroBitCount
        u(0, len - 1)
        u(v, len)
    }

    /// `se(v)`: signed Exp-Golomb.
    package mutating func se(_ value: Int64) {
        ue(value > 0 ? UInt64(2 * value - 1) : UInt64(-2 * value))
    }

    /// Zero bits (or one bits) up to the next byte boundary.
    package mutating func align(with one: Bool = false) { while !isByteAligned { bit(one) } }

    package mutating func append(bytes more: [UInt8]) { for b in more { u(UInt64(b), 8) } }

    /// `rbsp_trailing_bits()`: a stop bit and zero bits to the byte boundary (ITU-T H.265 §7.3.2.11).
    package mutating func trailingBits() {
        bit(true)
        align()
    }
}

/// Hand-built RPUs (docs/rules/dolby-vision.md §9.1 framing, §10 syntax) for tests that need fields the
/// dovi_tool assets do not exercise. Every field is written from the spec's bit widths.
package enum SyntheticRPU {
    /// One extension block: `ext_block_length` ue(v), `ext_block_level` u(8), then the payload
    /// bits, zero-padded to `length` bytes.
    package static func extBlock(_ w: inout TestBitWriter, level: UInt8, length: Int, fields: (inout TestBitWriter) -> Void) {
        w.ue(UInt64(length))
        w.u(UInt64(level), 8)
        var payload = TestBitWriter()
        fields(&payload)
        precondition(payload.bitCount <= length * 8, "fields longer than the block")
        while payload.bitCount < length * 8 { payload.bit(false) }
        w.append(bytes: payload.bytes)
    }

    package struct Block {
        package var level: UInt8
        package var length: Int
        package var fields: (inout TestBitWriter) -> Void

        package init(level: UInt8, length: Int, fields: @escaping (inout TestBitWriter) -> Void) {
            self.level = level
            self.length = length
            self.fields = fields
        }
    }

    package static func l1(_ minPq: UInt64, _ maxPq: UInt64, _ avgPq: UInt64) -> Block {
        Block(level: 1, length: 5) { $0.u(minPq, 12); $0.u(maxPq, 12); $0.u(avgPq, 12) }
    }
    package static func l254(mode: UInt64 = 0, version: UInt64 = 2) -> Block {
        Block(level: 254, length: 2) { $0.u(mode, 8); $0.u(version, 8) }
    }

    /// A complete unescaped RPU (`19` … CRC32 `80`): profile 8 header (vdr_rpu_profile 1,
    /// disable_residual_flag 1, bit depths 10/10/12, coefficient_log2_denom 23), identity
    /// mapping (2 pivots, one linear polynomial per component), DM data with PQ signal fields,
    /// the given v2.9 list and optional v4.0 list.
    package static func build(v29: [Block], v40: [Block]? = nil, sceneRefresh: UInt64 = 1, compressed: Bool = false,
                      v29Count: UInt64? = nil, v40Count: UInt64? = nil, badAlignment: Bool = false,
                      affectedID: UInt64 = 0, signalEOTF: UInt64 = 65535, signalBitDepth: UInt64 = 12,
                      afterHeader: ((inout TestBitWriter) -> Void)? = nil) -> [UInt8] {
        var w = TestBitWriter()
        // rpu_header
        w.u(2, 6); w.u(18, 11); w.u(1, 4); w.u(0, 4); w.flag(true)
        w.flag(false); w.u(0, 2); w.ue(23); w.u(1, 2); w.flag(false)
        w.ue(2); w.ue(2); w.ue(4); w.flag(false); w.u(compressed ? 1 : 0, 3); w.flag(false); w.flag(true)
        w.flag(true); w.flag(false)  // vdr_dm_metadata_present_flag, use_prev_vdr_rpu_flag
        if let afterHeader {
            afterHeader(&w)
        } else {
            // rpu_data_mapping
            w.ue(0); w.ue(0); w.ue(0)
            for _ in 0..<3 { w.ue(0); w.u(0, 10); w.u(1023, 10) }
            w.ue(0); w.ue(0)
            for _ in 0..<3 {
                w.ue(0); w.ue(0); w.flag(false)          // polynomial, order 1, no interpolation
                w.se(0); w.u(0, 23); w.se(1); w.u(0, 23)  // coefficients 0 and 1.0
            }
        }
        // vdr_dm_data_payload
        w.ue(affectedID); w.ue(0); w.ue(sceneRefresh)
        if !compressed {
            for c in [9574, 0, 13802, 9574, -1540, -5348, 9574, 17610, 0] { w.u(UInt64(UInt16(bitPattern: Int16(c))), 16) }
            for o in [16_777_216, 134_217_728, 134_217_728] as [UInt64] { w.u(o, 32) }
            for c in [7222, 8771, 390, 2654, 12430, 1300, 0, 422, 15962] as [UInt64] { w.u(c, 16) }
            w.u(signalEOTF, 16); w.u(0, 16); w.u(0, 16); w.u(0, 32)
            w.u(signalBitDepth, 5); w.u(0, 2); w.u(0, 2); w.u(1, 2)
            w.u(7, 12); w.u(3079, 12); w.u(42, 10)
        }
        writeList(&w, v29, count: v29Count, badAlignment: badAlignment)
        if let v40 { writeList(&w, v40, count: v40Count, badAlignment: false) }
        w.align()
        return frame(w.bytes)
    }

    package static func writeList(_ w: inout TestBitWriter, _ blocks: [Block], count: UInt64?, badAlignment: Bool) {
        w.ue(count ?? UInt64(blocks.count))
        w.align(with: badAlignment)
        for b in blocks { extBlock(&w, level: b.level, length: b.length, fields: b.fields) }
    }

    /// `19` + body + CRC-32/MPEG-2 of the body + `80` (§9.1).
    package static func frame(_ body: [UInt8]) -> [UInt8] {
        let crc = CRC32MPEG2.checksum(body)
        return [0x19] + body + [UInt8(crc >> 24), UInt8((crc >> 16) & 0xFF), UInt8((crc >> 8) & 0xFF), UInt8(crc & 0xFF), 0x80]
    }
}
