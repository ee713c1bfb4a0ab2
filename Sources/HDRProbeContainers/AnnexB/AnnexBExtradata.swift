
/// What libavformat's `extract_extradata` filter (FFmpeg 5.1) takes from the first packet of an
/// H.264 or HEVC stream that has the parameter sets, while `avformat_find_stream_info` analyses a
/// stream without codec private data (MPEG-TS, raw Annex B): each VPS/SPS/PPS (HEVC, needing a
/// VPS and an SPS) or SPS/PPS (H.264, needing an SPS) NAL unit, in packet order, after a 3-byte
/// start code. A NAL unit is what FFmpeg's Annex B splitter (`ff_h2645_packet_split`) makes of
/// it: from after its `00 00 01` to the next `00 00 01` or the packet's end, so the leading zero of
/// a following 4-byte start code and a packet's trailing zeros stay with it; a unit with an
/// invalid header (forbidden bit; HEVC temporal id 0) is skipped. docs/raw-stream-reader.md.
package enum AnnexBExtradata {
    /// The extradata of the first of `packets` that has the parameter sets; nil when none has.
    package static func first(in packets: [[UInt8]], codec: StreamCodec) -> [UInt8]? {
        let isHEVC = codec == .hevc
        let types: Set<Int> = isHEVC ? [32, 33, 34] : [7, 8]
        for packet in packets {
            let units = nalUnits(packet, isHEVC: isHEVC).filter { types.contains($0.type) }
            let kinds = Set(units.map(\.type))
            guard isHEVC ? kinds.isSuperset(of: [32, 33]) : kinds.contains(7) else { continue }
            return units.flatMap { [0, 0, 1] + Array($0.bytes) }
        }
        return nil
    }

    /// The packet's NAL units (type and bytes) as FFmpeg 5.1's Annex B splitter delimits them.
    package static func nalUnits(_ p: [UInt8], isHEVC: Bool) -> [(type: Int, bytes: ArraySlice<UInt8>)] {
        var starts: [Int] = []
        var i = 0
        while i + 2 < p.count {
            if p[i] == 0, p[i + 1] == 0, p[i + 2] == 1 {
                starts.append(i + 3)
                i += 3
            } else {
                i += 1
            }
        }
        var units: [(type: Int, bytes: ArraySlice<UInt8>)] = []
        for (k, start) in starts.enumerated() where p.count - (start - 3) >= 4 {
            let end = k + 1 < starts.count ? starts[k + 1] - 3 : p.count
            let bytes = p[start..<max(start, end)]
            guard let header = bytes.first, header & 0x80 == 0 else { continue }
            if isHEVC {
                guard bytes.count >= 2, bytes[bytes.startIndex + 1] & 0x07 != 0 else { continue }
                units.append((Int(header >> 1 & 0x3F), bytes))
            } else {
                units.append((Int(header & 0x1F), bytes))
            }
        }
        return units
    }
}
