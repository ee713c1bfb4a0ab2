/// The subsample map of one encrypted sample (ISO/IEC 23001-7 §7.2, `senc`: per subsample
/// BytesOfClearData then BytesOfProtectedData, in order, covering the sample from its first byte).
/// The engine takes it from libavformat's per-packet encryption info. hdrprobe reads only the
/// clear bytes it marks: in conforming CENC the NAL length fields and NAL headers are clear, and
/// conforming packagers leave every non-VCL NAL unit (parameter sets, SEI, the Dolby Vision RPU NAL 62)
/// entirely clear (`docs/report-contract.md`, "encryption").
package struct SubsampleEncryption: Sendable, Equatable {
    package struct Subsample: Sendable, Equatable {
        package var clearBytes: Int
        package var protectedBytes: Int

        package init(clearBytes: Int, protectedBytes: Int) {
            self.clearBytes = clearBytes
            self.protectedBytes = protectedBytes
        }
    }

    /// The clear byte ranges of the sample, in order.
    package let clearRanges: [Range<Int>]

    /// An empty list means whole-sample encryption: nothing is clear.
    package init(subsamples: [Subsample]) {
        var ranges: [Range<Int>] = []
        var position = 0
        for s in subsamples {
            let clear = max(0, s.clearBytes), protected = max(0, s.protectedBytes)
            if clear > 0 { ranges.append(position..<(position + clear)) }
            position += clear + protected
        }
        clearRanges = ranges
    }

    /// Whether every byte of `range` (offsets from the start of the sample) is clear.
    package func isClear(_ range: Range<Int>) -> Bool {
        guard !range.isEmpty else { return true }
        return clearRanges.contains { $0.lowerBound <= range.lowerBound && range.upperBound <= $0.upperBound }
    }

    /// The NAL units of a length-prefixed sample, each with whether it is entirely clear. A length
    /// field or NAL header that is not clear ends the walk (whole-sample encryption or a broken
    /// map): nothing after it is read. `headerSize` is 2 for HEVC, 1 for H.264.
    package func nalUnits(in sample: [UInt8], lengthSize: Int, headerSize: Int, limit: Int) -> [(unit: NALUnit, clear: Bool)] {
        guard [1, 2, 4].contains(lengthSize) else { return [] }
        var units: [(unit: NALUnit, clear: Bool)] = []
        var i = 0
        while units.count < limit, sample.count - i >= lengthSize + headerSize,
              isClear(i..<(i + lengthSize + headerSize)) {
            var length = 0
            for k in 0..<lengthSize { length = (length << 8) | Int(sample[i + k]) }
            i += lengthSize
            guard length >= headerSize, length <= sample.count - i else { break }
            let bytes = sample[i..<(i + length)]
            let unit = headerSize == 1 ? NALUnit.avc(bytes) : NALUnit.hevc(bytes)
            if let unit { units.append((unit, isClear(i..<(i + length)))) }
            i += length
        }
        return units
    }
}
