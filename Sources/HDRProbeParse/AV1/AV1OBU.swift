/// Open bitstream units: AV1 Bitstream & Decoding Process Specification §5.3 (`obu_header()`,
/// `obu_extension_header()`, `open_bitstream_unit()`) and §4.10.5 / §5.2 (`leb128()`), for the
/// low-overhead bitstream format (§7.5) used by ISO BMFF, Matroska and IVF samples.
///
/// ```
/// obu_forbidden_bit u(1) ; obu_type u(4) ; obu_extension_flag u(1) ; obu_has_size_field u(1) ; obu_reserved_1bit u(1)
/// if obu_extension_flag: temporal_id u(3) ; spatial_id u(2) ; extension_header_reserved_3bits u(3)
/// if obu_has_size_field: obu_size leb128()   else: the OBU runs to the end of the data
/// ```
/// OBU types: 1 sequence header, 2 temporal delimiter, 3 frame header, 4 tile group, 5 metadata,
/// 6 frame, 7 redundant frame header, 8 tile list, 15 padding.
package struct AV1OBU: Sendable, Equatable {
    package static let sequenceHeader: UInt8 = 1
    package static let temporalDelimiter: UInt8 = 2
    package static let metadata: UInt8 = 5

    package let type: UInt8
    package let temporalID: UInt8?
    package let spatialID: UInt8?
    package let hasSizeField: Bool
    /// The OBU payload (after header and size).
    package let payload: ArraySlice<UInt8>

    package init(type: UInt8, temporalID: UInt8?, spatialID: UInt8?, hasSizeField: Bool, payload: ArraySlice<UInt8>) {
        self.type = type
        self.temporalID = temporalID
        self.spatialID = spatialID
        self.hasSizeField = hasSizeField
        self.payload = payload
    }

    /// Splits a temporal unit (or configOBUs) into OBUs. Stops at the first OBU whose header or
    /// size does not fit, or whose forbidden bit is set; keeps the OBUs read before. At most
    /// `limit` OBUs.
    package static func split(_ data: ArraySlice<UInt8>, limit: Int = 4096) -> [AV1OBU] {
        var obus: [AV1OBU] = []
        var i = data.startIndex
        while i < data.endIndex && obus.count < max(0, limit) {
            let h = data[i]
            guard h & 0x80 == 0 else { break }
            let type = (h >> 3) & 0x0F
            let ext = h & 0x04 != 0
            let hasSize = h & 0x02 != 0
            i += 1
            var tid: UInt8? = nil, sid: UInt8? = nil
            if ext {
                guard i < data.endIndex else { break }
                tid = data[i] >> 5
                sid = (data[i] >> 3) & 0x03
                i += 1
            }
            let size: Int
            if hasSize {
                guard let (value, length) = readLEB128(data[i...]) else { break }
                i += length
                guard value <= UInt64(data.endIndex - i) else { break }
                size = Int(value)
            } else {
                size = data.endIndex - i
            }
            obus.append(AV1OBU(type: type, temporalID: tid, spatialID: sid, hasSizeField: hasSize,
                               payload: data[i..<(i + size)]))
            i += size
        }
        return obus
    }

    /// `leb128()`: up to 8 bytes, little-endian groups of 7 bits; the value must fit in 32 bits
    /// (§4.10.5). Returns the value and the number of bytes read, nil when truncated or too large.
    package static func readLEB128(_ data: ArraySlice<UInt8>) -> (value: UInt64, length: Int)? {
        var value: UInt64 = 0
        var i = data.startIndex
        for n in 0..<8 {
            guard i < data.endIndex else { return nil }
            let b = data[i]
            value |= UInt64(b & 0x7F) << UInt64(n * 7)
            i += 1
            if b & 0x80 == 0 {
                return value <= UInt64(UInt32.max) ? (value, n + 1) : nil
            }
        }
        return nil
    }
}
