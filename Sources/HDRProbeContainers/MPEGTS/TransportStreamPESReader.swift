import HDRProbeParse

/// One reassembled PES packet of the elementary stream a ``TransportStreamPESReader`` follows.
package struct TransportStreamPES {
    package var header: PESPacketHeader
    package var payload: [UInt8]
    /// Where its first transport packet starts in the file.
    package var offset: Int
}

/// Reads 188-byte transport packets from `start` on and reassembles the PES packets of one PID
/// (ISO/IEC 13818-1 §2.4.3): a PES starts in the packet with payload_unit_start_indicator set
/// and runs to the next such packet of its PID, or to PES_packet_length when that is given, or
/// to the end of the file (libavformat's TS demuxer closes the last PES there too). Bytes of the
/// PID before its first start are not a PES. Notes what a plain stream does not have: packets of
/// PIDs outside `allowed`, scrambled or errored packets, PES headers it cannot read.
package final class TransportStreamPESReader {
    private let file: MediaFile
    private let pid: Int
    private let allowed: Set<Int>
    private var position: Int
    private let end: Int
    private var chunk: [UInt8] = []
    private var chunkStart = 0
    private var pending: (bytes: [UInt8], offset: Int)?
    private(set) var foreignPID: Int?
    private(set) var scrambledOrErrored = false
    private(set) var unreadableHeader = false
    private(set) var lostSync = false
    /// Where `budget` stopped the reading, nil when it did not.
    private(set) var budgetStop: Int?
    /// Bytes of packets read at most (``ProbeOptions/readBudget``); nil: to the end.
    package var budget: Int?
    /// A PES larger than this is not one libavformat would deliver whole: reading stops.
    package static let maxPESBytes = 64 << 20
    /// Bytes of transport packets read so far (from `start`).
    package var bytesConsumed: Int { position - startPosition }
    private let startPosition: Int
    package static let chunkPackets = 348

    package init(file: MediaFile, pid: Int, allowed: Set<Int>, start: Int = 0, end: Int? = nil) {
        self.file = file
        self.pid = pid
        self.allowed = allowed
        self.position = start
        self.startPosition = start
        self.end = min(end ?? file.size, file.size)
    }

    /// The next complete PES of the PID; nil at the end of the file (or of the range), when the
    /// sync byte is lost, or on a read error.
    package func next() -> TransportStreamPES? {
        while position + TransportPacket.size <= end {
            if let budget, position - startPosition >= budget {
                budgetStop = position
                return nil
            }
            guard let packet = nextPacket() else { lostSync = true; return nil }
            if let done = take(packet.packet, at: packet.offset) { return done }
        }
        return flush()
    }

    private func nextPacket() -> (packet: TransportPacket, offset: Int)? {
        if position < chunkStart || position + TransportPacket.size > chunkStart + chunk.count {
            chunkStart = position
            chunk = file.read(at: position, count: min(Self.chunkPackets * TransportPacket.size, end - position))
        }
        let offset = position
        position += TransportPacket.size
        guard let packet = TransportPacket.parse(chunk, at: offset - chunkStart) else { return nil }
        return (packet, offset)
    }

    /// Adds one packet; returns the PES it completed, if any.
    private func take(_ packet: TransportPacket, at offset: Int) -> TransportStreamPES? {
        guard packet.pid == pid else {
            if !allowed.contains(packet.pid), foreignPID == nil { foreignPID = packet.pid }
            return nil
        }
        if packet.scrambling != 0 || packet.transportError { scrambledOrErrored = true }
        let base = offset - chunkStart
        let payload = chunk[(base + packet.payload.lowerBound)..<(base + packet.payload.upperBound)]
        var completed: TransportStreamPES?
        if packet.payloadUnitStart {
            completed = flush()
            pending = (Array(payload), offset)
        } else if pending != nil {
            pending!.bytes += payload
            if pending!.bytes.count > Self.maxPESBytes {
                pending = nil
                unreadableHeader = true
            }
        }
        if completed == nil, let p = pending, let header = PESPacketHeader.parse(p.bytes[...]), header.packetLength > 0,
           p.bytes.count >= 6 + header.packetLength {
            completed = flush()
        }
        return completed
    }

    /// The PES being gathered, closed.
    private func flush() -> TransportStreamPES? {
        guard let p = pending else { return nil }
        pending = nil
        guard let header = PESPacketHeader.parse(p.bytes[...]) else { unreadableHeader = true; return nil }
        var stop = p.bytes.count
        if header.packetLength > 0 { stop = min(stop, 6 + header.packetLength) }
        let payload = header.headerSize <= stop ? Array(p.bytes[header.headerSize..<stop]) : []
        return TransportStreamPES(header: header, payload: payload, offset: p.offset)
    }
}
