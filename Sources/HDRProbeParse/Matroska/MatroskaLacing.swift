/// Lacing of a Matroska `Block`/`SimpleBlock` (RFC 9559 §10.3): several frames in one block, their
/// sizes coded after the block header as Xiph (runs of 255), EBML (a size, then signed differences)
/// or fixed (equal sizes) lacing. The frame count is the first byte plus one; the last frame's size
/// is what the others leave. A block whose sizes do not fit is invalid (demuxers drop it).
package enum MatroskaLacing: UInt8, Sendable {
    case none = 0, xiph = 1, fixed = 2, ebml = 3

    /// The lacing of a block's flags byte (bits 1–2).
    package init(flags: UInt8) { self = MatroskaLacing(rawValue: (flags >> 1) & 3) ?? .none }

    /// The frame sizes of laced block data `bytes` (what follows the flags byte, at least the lace
    /// header) whose total length is `size`, and the lace header's length; nil when invalid.
    package func frameSizes(_ bytes: [UInt8], size: Int) -> (sizes: [Int], headerLength: Int)? {
        if self == .none { return ([size], 0) }
        guard size > 0, !bytes.isEmpty else { return nil }
        let count = Int(bytes[0]) + 1
        var pos = 1
        var sizes: [Int] = []
        switch self {
        case .none: return nil
        case .fixed:
            guard (size - 1) % count == 0 else { return nil }
            sizes = Array(repeating: (size - 1) / count, count: count)
            return (sizes, 1)
        case .xiph:
            for _ in 0..<(count - 1) {
                var lace = 0
                while true {
                    guard pos < bytes.count else { return nil }
                    lace += Int(bytes[pos])
                    pos += 1
                    if bytes[pos - 1] != 0xFF { break }
                }
                sizes.append(lace)
            }
        case .ebml:
            guard count > 1, let (first, length) = try? EBMLSegmentHeader.readSize(bytes, at: pos), let first, first <= UInt64(Int32.max) else { return nil }
            pos += length
            sizes.append(Int(first))
            for _ in 1..<max(1, count - 1) where count > 2 {
                guard let (raw, length) = try? EBMLSegmentHeader.readSize(bytes, at: pos), let raw else { return nil }
                // A signed difference: the unsigned value less half its range (RFC 9559 §10.3.3).
                let difference = Int(raw) - ((1 << (7 * length - 1)) - 1)
                pos += length
                let lace = sizes[sizes.count - 1] + difference
                guard lace >= 0, lace <= Int(Int32.max) else { return nil }
                sizes.append(lace)
            }
        }
        let rest = size - pos - sizes.reduce(0, +)
        guard rest > 0 else { return nil }
        return (sizes + [rest], pos)
    }
}
