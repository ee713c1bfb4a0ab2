/// The header of a PES packet (ISO/IEC 13818-1 §2.4.3.6-7): packet_start_code_prefix 00 00 01,
/// stream_id, PES_packet_length, and for the stream ids that carry the optional header (video,
/// audio, private_stream_1, …) the PTS/DTS flags and PES_header_data_length. Timestamps are the
/// 33-bit values in 90 kHz units.
package struct PESPacketHeader: Sendable, Equatable {
    package var streamID: Int
    /// PES_packet_length; 0 = unbounded (allowed for video).
    package var packetLength: Int
    package var pts: Int64?
    package var dts: Int64?
    /// Bytes from the start code to the first payload byte.
    package var headerSize: Int

    /// stream_ids without the optional PES header (§2.4.3.7: program_stream_map, padding,
    /// private_stream_2, ECM, EMM, directory, DSMCC, H.222.1 type E).
    package static let withoutOptionalHeader: Set<Int> = [0xBC, 0xBE, 0xBF, 0xF0, 0xF1, 0xFF, 0xF2, 0xF8]

    /// Reads the header at the start of `bytes`; nil when the start code is missing or the header
    /// does not fit.
    package static func parse(_ bytes: ArraySlice<UInt8>) -> PESPacketHeader? {
        let b = bytes.startIndex
        guard bytes.count >= 6, bytes[b] == 0, bytes[b + 1] == 0, bytes[b + 2] == 1 else { return nil }
        let streamID = Int(bytes[b + 3])
        let length = (Int(bytes[b + 4]) << 8) | Int(bytes[b + 5])
        guard !withoutOptionalHeader.contains(streamID) else {
            return PESPacketHeader(streamID: streamID, packetLength: length, pts: nil, dts: nil, headerSize: 6)
        }
        guard bytes.count >= 9, bytes[b + 6] & 0xC0 == 0x80 else { return nil }
        let flags = bytes[b + 7] >> 6
        let headerSize = 9 + Int(bytes[b + 8])
        guard bytes.count >= headerSize else { return nil }
        var pts: Int64?, dts: Int64?
        if flags & 0x2 != 0, headerSize >= 14 { pts = timestamp(bytes, at: b + 9) }
        if flags == 0x3, headerSize >= 19 { dts = timestamp(bytes, at: b + 14) }
        return PESPacketHeader(streamID: streamID, packetLength: length, pts: pts, dts: dts, headerSize: headerSize)
    }

    /// A 33-bit timestamp in its 5-byte layout (3 + 15 + 15 bits, each followed by a marker bit).
    package static func timestamp(_ b: ArraySlice<UInt8>, at i: Int) -> Int64 {
        (Int64(b[i] >> 1) & 0x07) << 30 | Int64(b[i + 1]) << 22 | Int64(b[i + 2] >> 1) << 15
            | Int64(b[i + 3]) << 7 | Int64(b[i + 4] >> 1)
    }
}
