
/// Reads one length-prefixed HEVC / H.264 sample (ISO/IEC 14496-15: each NAL unit preceded by its
/// length in `lengthSize` bytes) NAL unit by NAL unit: every non-VCL unit (parameter sets, SEI,
/// Dolby Vision RPU NAL 62, …) whole, and of each VCL unit (coded slice) only its first
/// ``keptSliceBytes`` — the NAL and slice-segment headers; the slice data is skipped by seeking, so
/// a 4K frame costs its headers and its RPU, not its megabyte of picture
/// (`docs/rules/isobmff-sample-tables.md` §7). The bytes returned are the sample with each cut
/// unit's length field rewritten to what is kept: the same NAL units, in the same order.
package enum LengthPrefixedSampleRead {
    package static let keptSliceBytes = 64
    package static let maxUnits = 1024

    /// nil when the lengths do not tile the sample exactly (the caller then reads it whole).
    package static func read(_ file: MediaFile, offset: Int, size: Int, lengthSize: Int,
                     isVCL: (UInt8) -> Bool) -> [UInt8]? {
        guard (1...4).contains(lengthSize) else { return nil }
        var out: [UInt8] = []
        var position = 0
        var units = 0
        while position < size {
            units += 1
            guard units <= maxUnits, position + lengthSize < size else { return nil }
            let head = file.read(at: offset + position, count: lengthSize + 1)
            guard head.count == lengthSize + 1 else { return nil }
            let length = head.prefix(lengthSize).reduce(0) { $0 << 8 | Int($1) }
            let start = offset + position + lengthSize
            guard length >= 1, length <= size - position - lengthSize else { return nil }
            let kept = isVCL(head[lengthSize]) ? min(length, keptSliceBytes) : length
            let body = file.read(at: start, count: kept)
            guard body.count == kept else { return nil }
            out += (0..<lengthSize).reversed().map { UInt8(truncatingIfNeeded: kept >> (8 * $0)) }
            out += body
            position += lengthSize + length
        }
        return out
    }

    /// VCL NAL unit types from the first header byte: H.265 §7.4.2.2 types 0–31, H.264 §7.4.1 types 1–5.
    package static func isHEVCVCL(_ byte: UInt8) -> Bool { (byte >> 1) & 0x3F < 32 }
    package static func isAVCVCL(_ byte: UInt8) -> Bool { (1...5).contains(byte & 0x1F) }
}
