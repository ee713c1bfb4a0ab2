/// Splits a byte stream into NAL units.
///
/// - Annex B (ITU-T H.265 Annex B.2 / H.264 Annex B.1): a NAL unit starts after each `00 00 01`
///   (a 4-byte start code `00 00 00 01` is the same pattern preceded by a zero byte) and runs to
///   the next start code; trailing zero bytes (`trailing_zero_8bits`, and the leading zero of a
///   following 4-byte start code) are stripped. Bytes before the first start code are ignored.
/// - Length-prefixed (ISO/IEC 14496-15 §4.3 / §5.3.2 sample format): a big-endian length of 1, 2 or
///   4 bytes before each NAL unit. A length running past the end stops the split; the units read
///   so far are kept. Zero-length units are skipped.
///
/// Units too short for their header, or with the forbidden_zero_bit set, are dropped. At most
/// `limit` units are returned; the scan is linear in the input size.
package enum NALUnitSplitter {
    package static func split(_ data: ArraySlice<UInt8>, framing: NALFraming, limit: Int = 4096,
                             header: NALHeaderKind = .hevc) -> [NALUnit] {
        let limit = max(0, limit)
        guard limit > 0 else { return [] }
        switch framing {
        case .annexB:
            return splitAnnexB(data, limit: limit, header: header)
        case .lengthPrefixed(let size):
            return splitLengthPrefixed(data, lengthSize: size, limit: limit, header: header)
        }
    }

    private static func makeUnit(_ bytes: ArraySlice<UInt8>, _ header: NALHeaderKind) -> NALUnit? {
        switch header {
        case .hevc: return NALUnit.hevc(bytes)
        case .avc: return NALUnit.avc(bytes)
        }
    }

    private static func splitAnnexB(_ data: ArraySlice<UInt8>, limit: Int, header: NALHeaderKind) -> [NALUnit] {
        var units: [NALUnit] = []
        var unitStart: Int? = nil
        var i = data.startIndex
        let end = data.endIndex
        func emit(upTo stop: Int) {
            guard let s = unitStart else { return }
            var e = stop
            while e > s && data[e - 1] == 0 { e -= 1 }
            if e > s, let u = makeUnit(data[s..<e], header) { units.append(u) }
        }
        while i + 2 < end {
            if data[i + 2] > 1 {
                i += 3
            } else if data[i] == 0 && data[i + 1] == 0 && data[i + 2] == 1 {
                emit(upTo: i)
                if units.count >= limit { return units }
                unitStart = i + 3
                i += 3
            } else {
                i += 1
            }
        }
        emit(upTo: end)
        if units.count > limit { units.removeLast(units.count - limit) }
        return units
    }

    private static func splitLengthPrefixed(_ data: ArraySlice<UInt8>, lengthSize: Int, limit: Int,
                                            header: NALHeaderKind) -> [NALUnit] {
        guard lengthSize == 1 || lengthSize == 2 || lengthSize == 4 else { return [] }
        var units: [NALUnit] = []
        var i = data.startIndex
        while units.count < limit {
            guard data.endIndex - i >= lengthSize else { break }
            var length = 0
            for k in 0..<lengthSize { length = (length << 8) | Int(data[i + k]) }
            i += lengthSize
            guard length <= data.endIndex - i else { break }
            if length > 0, let u = makeUnit(data[i..<(i + length)], header) { units.append(u) }
            i += length
        }
        return units
    }
}
