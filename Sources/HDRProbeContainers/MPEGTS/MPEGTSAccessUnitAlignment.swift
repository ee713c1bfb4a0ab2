extension MPEGTSContainerDemux {
    /// Whether an H.264 PES payload begins with an access unit delimiter (a start code, then NAL
    /// unit type 9), as every PES of the files this reader was checked on does (FFmpeg's mpegts
    /// muxer writes one at the start of each PES). The reader hands out PES payloads as packets;
    /// libavformat's H.264 parser cuts at access units instead, so a PES that starts inside an
    /// access unit (shaka-player's `hls-ts-h264` segments carry the previous picture's last 36
    /// bytes at the start of the next PES) would give other packets: such a file is declined.
    package static func startsWithAccessUnitDelimiter(_ payload: [UInt8]) -> Bool {
        let start: Int
        if payload.starts(with: [0, 0, 0, 1] as [UInt8]) { start = 4 } else if payload.starts(with: [0, 0, 1] as [UInt8]) { start = 3 } else { return false }
        return payload.count > start && payload[start] & 0x1F == 9
    }
}
