
/// Where libavformat's H.264 parser (FFmpeg 5.1, which the raw `h264` demuxer runs over the byte
/// stream) cuts an Annex B H.264 stream into packets, once it has seen a picture's first slice:
/// before the start code of the next SEI, SPS, PPS or AUD NAL unit, or of the next slice (types
/// 1, 2, 5) whose first_mb_in_slice is not above the previous slice's. The cut takes the whole
/// start code: a 4-byte start code's leading zero goes with the next packet (unlike HEVC,
/// ``HEVCParserFrameSplit``). After a cut the parser reads on from the cut with a fresh state; the
/// previous slice's first_mb_in_slice is kept. Raw streams carry no timestamps: every packet's is
/// nil. docs/raw-stream-reader.md.
package struct H264ParserFrameSplit {
    private var pending: [UInt8] = []
    private var scanned = 0
    /// The parser's byte state: 7 searching, 2/1/0 one/two/three or more zeros, 4/5 a 3/4-byte
    /// start code read, 12/13 reading a slice's first_mb_in_slice after a 3/4-byte start code.
    private var state = 7
    private var frameStartFound = false
    private var history: [UInt8] = []
    private var lastFirstMB: UInt64 = 0

    /// Adds bytes of the stream; returns the packets they completed.
    package mutating func push(_ bytes: [UInt8]) -> [[UInt8]] {
        pending += bytes
        var frames: [[UInt8]] = []
        while let cut = scan() {
            frames.append(Array(pending[..<cut]))
            pending.removeFirst(cut)
            scanned = 0
            state = 7
            frameStartFound = false
            history = []
        }
        scanned = pending.count
        return frames
    }

    /// The bytes still held: the last packet (the parser's flush at the end of the stream).
    package mutating func finish() -> [UInt8]? {
        defer { pending = [] }
        return pending.isEmpty ? nil : pending
    }

    /// The position in `pending` where the next packet starts, when the bytes read so far show it.
    private mutating func scan() -> Int? {
        var i = scanned
        while i < pending.count {
            let byte = pending[i]
            if state == 7 {
                if byte == 0 { state = 2 }
            } else if state <= 2 {
                state = byte == 1 ? state ^ 5 : byte != 0 ? 7 : state >> 1
            } else if state <= 5 {
                let type = byte & 0x1F
                if [6, 7, 8, 9].contains(type) {
                    if frameStartFound { return i + 1 - (state & 5) }
                    state = 7
                } else if [1, 2, 5].contains(type) {
                    state += 8
                } else {
                    state = 7
                }
            } else {
                history.append(byte)
                if let mb = Self.unsignedExpGolomb(history) ?? (history.count > 5 ? UInt64.max : nil) {
                    let last = lastFirstMB
                    lastFirstMB = mb
                    if frameStartFound {
                        if mb <= last { return i - (history.count - 1) - (state & 5) }
                    } else {
                        frameStartFound = true
                    }
                    history = []
                    state = 7
                }
            }
            i += 1
        }
        scanned = i
        return nil
    }

    /// `ue(v)` at the start of `bytes` when it ends before their last bit (the parser's
    /// `get_bits_left > 0`), nil when more bytes are needed.
    package static func unsignedExpGolomb(_ bytes: [UInt8]) -> UInt64? {
        let bits = bytes.count * 8
        func bit(_ n: Int) -> UInt64 { UInt64(bytes[n / 8] >> (7 - UInt8(n % 8)) & 1) }
        var zeros = 0
        while zeros < bits, bit(zeros) == 0 { zeros += 1 }
        guard 2 * zeros + 1 < bits else { return nil }
        var value: UInt64 = 1
        for n in stride(from: zeros + 1, through: 2 * zeros, by: 1) { value = value << 1 | bit(n) }
        return value - 1
    }
}
