/// MPEG-2 transport stream packetisation (ISO/IEC 13818-1 §2.4.3): 188-byte packets starting
/// with sync byte 0x47; M2TS/Blu-ray adds a 4-byte timestamp prefix (192), some DVB captures a
/// 16-byte trailer (204). A file whose size is not a whole number of packets was cut short.
package struct TransportStreamLayout: Sendable, Equatable {
    package var packetSize: Int
    /// Offset of the first sync byte within a packet (4 for 192-byte M2TS packets).
    package var syncOffset: Int

    /// Detects the packet size from the first bytes: three consecutive sync bytes at the stride.
    package static func detect(_ head: [UInt8]) -> TransportStreamLayout? {
        for (size, syncOffset) in [(188, 0), (192, 4), (204, 0)] {
            let positions = (0..<3).map { syncOffset + $0 * size }
            if positions.allSatisfy({ $0 < head.count && head[$0] == 0x47 }) {
                return TransportStreamLayout(packetSize: size, syncOffset: syncOffset)
            }
        }
        return nil
    }

    /// Bytes beyond the last whole packet.
    package func partialPacketBytes(fileSize: Int) -> Int { fileSize % packetSize }
}
