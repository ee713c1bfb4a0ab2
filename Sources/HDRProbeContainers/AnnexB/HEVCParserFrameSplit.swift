
/// Where libavformat's HEVC parser (FFmpeg 5.1, which the TS demuxer runs over every HEVC stream)
/// cuts the elementary stream into packets: before the 3-byte start code `00 00 01` of the NAL
/// unit that begins the next access unit — a VPS, SPS, PPS, AUD, EOS, EOB, prefix SEI, reserved
/// 41–44 or unspecified 48–55 unit after a picture's first slice, or the next first slice
/// (first_slice_segment_in_pic_flag) of a slice unit 0–9 or 16–21. The leading zero of a 4-byte
/// start code therefore ends the packet before it. A packet takes the timestamps of the PES packet
/// holding its first byte. Fed PES payloads in order; ``finish()`` gives the last packet.
package struct HEVCParserFrameSplit {
    package struct Frame {
        package var data: [UInt8]
        package var pts: Int64?
    }

    private var pending: [UInt8] = []
    /// (index in `pending` where a PES payload starts, its timestamp), oldest first.
    private var origins: [(start: Int, pts: Int64?)] = []
    private var state: UInt64 = 0
    private var frameStartFound = false

    package static func beginsAccessUnit(_ type: Int) -> Bool {
        (32...37).contains(type) || type == 39 || (41...44).contains(type) || (48...55).contains(type)
    }

    package static func isSlice(_ type: Int) -> Bool { type <= 9 || (16...21).contains(type) }

    /// Adds one PES payload; returns the packets it completed.
    package mutating func push(_ payload: [UInt8], pts: Int64?) -> [Frame] {
        let base = pending.count
        origins.append((base, pts))
        pending += payload
        var frames: [Frame] = []
        var consumed = 0
        for i in payload.indices {
            state = (state << 8) | UInt64(payload[i])
            guard (state >> 24) & 0xFF_FFFF == 1 else { continue }
            let type = Int((state >> 17) & 0x3F)
            var cut = false
            if Self.beginsAccessUnit(type) {
                cut = frameStartFound
                frameStartFound = false
            } else if Self.isSlice(type), payload[i] >> 7 == 1 {
                // The parser reads the cut-off bytes again: this first slice starts the next picture.
                cut = frameStartFound
                frameStartFound = true
            }
            let at = base + i - 5
            if cut, at > consumed {
                frames.append(take(upTo: at - consumed))
                consumed = at
            }
        }
        return frames
    }

    /// The bytes still held: the last packet (libavformat's parser flush at the end of the data).
    package mutating func finish() -> Frame? {
        guard !pending.isEmpty else { return nil }
        return take(upTo: pending.count)
    }

    /// The first `count` pending bytes as a packet, with the timestamp of the PES its first byte came from.
    private mutating func take(upTo count: Int) -> Frame {
        let pts = origins.last(where: { $0.start <= 0 })?.pts
        let frame = Frame(data: Array(pending[..<count]), pts: pts)
        pending.removeFirst(count)
        origins = origins.map { ($0.start - count, $0.pts) }
        if let keep = origins.lastIndex(where: { $0.start <= 0 }) { origins.removeFirst(keep) }
        return frame
    }
}
