/// The header of one MPEG-2 transport packet (ISO/IEC 13818-1 §2.4.3.2) and where its payload
/// lies: sync_byte 0x47, transport_error_indicator, payload_unit_start_indicator, 13-bit PID,
/// transport_scrambling_control, adaptation_field_control, continuity_counter; the adaptation
/// field (§2.4.3.4), when present, is skipped by its length byte.
package struct TransportPacket: Sendable, Equatable {
    package static let size = 188
    package static let nullPID = 0x1FFF

    package var pid: Int
    package var transportError: Bool
    package var payloadUnitStart: Bool
    package var scrambling: Int
    package var continuityCounter: Int
    /// The payload's bytes relative to the packet's first byte; empty when it has none.
    package var payload: Range<Int>

    /// Reads the packet that starts at `offset` of `bytes` (188 bytes needed); nil without the sync
    /// byte or with an adaptation field longer than the packet.
    package static func parse(_ bytes: [UInt8], at offset: Int) -> TransportPacket? {
        guard offset >= 0, offset + size <= bytes.count, bytes[offset] == 0x47 else { return nil }
        let b1 = bytes[offset + 1], b3 = bytes[offset + 3]
        let control = Int(b3 >> 4) & 0x3
        var start = 4
        if control & 0x2 != 0 {
            start += 1 + Int(bytes[offset + 4])
            guard start <= size else { return nil }
        }
        let payload = control & 0x1 != 0 ? start..<size : size..<size
        return TransportPacket(pid: (Int(b1 & 0x1F) << 8) | Int(bytes[offset + 2]),
                               transportError: b1 & 0x80 != 0, payloadUnitStart: b1 & 0x40 != 0,
                               scrambling: Int(b3 >> 6), continuityCounter: Int(b3 & 0x0F), payload: payload)
    }
}
