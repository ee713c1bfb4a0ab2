import HDRProbeParse

/// Edits of the NAL unit arrays of an `HEVCDecoderConfigurationRecord` (ISO/IEC 14496-15
/// §8.3.3.1, layout in ``HEVCDecoderConfigurationRecord``): the 22 bytes of fixed fields are kept
/// as stored, `numOfArrays` is rewritten, each kept array is copied byte for byte
/// (`docs/rules/apple-playback.md` §2.4, `docs/rules/isobmff-rewrite.md` §2).
package enum HEVCConfigurationArrays {
    /// VPS, SPS, PPS: the arrays Apple keeps.
    package static let parameterSetTypes: Set<Int> = [32, 33, 34]

    /// One array as stored: its first byte (completeness, reserved, NAL type) and all its bytes.
    private struct NALArrayBytes {
        package var head: UInt8
        package var bytes: [UInt8]
        package var nalType: Int { Int(head & 0x3F) }
    }

    package static func dropping(_ nalTypes: [Int], from record: [UInt8]) throws(MovieBoxRewriteError) -> [UInt8] {
        let (fixed, arrays) = try split(record)
        return join(fixed, arrays.filter { !nalTypes.contains($0.nalType) })
    }

    package static func markingParameterSetsComplete(_ record: [UInt8]) throws(MovieBoxRewriteError) -> [UInt8] {
        let (fixed, arrays) = try split(record)
        return join(fixed, arrays.map { array in
            guard parameterSetTypes.contains(array.nalType) else { return array }
            var marked = array
            marked.head |= 0x80
            marked.bytes[0] = marked.head
            return marked
        })
    }

    private static func split(_ record: [UInt8]) throws(MovieBoxRewriteError) -> ([UInt8], [NALArrayBytes]) {
        let fixedSize = HEVCDecoderConfigurationRecord.fixedSize
        guard record.count >= fixedSize, record[0] == 1 else {
            throw .configurationRecord("hvcC is \(record.count) bytes\(record.first.map { ", version \($0)" } ?? "")")
        }
        var arrays: [NALArrayBytes] = []
        var at = fixedSize
        for _ in 0..<Int(record[fixedSize - 1]) {
            guard at + 3 <= record.count else { throw .configurationRecord("hvcC array \(arrays.count) is cut short") }
            let start = at
            let count = SampleTableBytes.u16(record, at + 1)
            at += 3
            for _ in 0..<count {
                guard at + 2 <= record.count else { throw .configurationRecord("hvcC array \(arrays.count) is cut short") }
                let length = SampleTableBytes.u16(record, at)
                guard at + 2 + length <= record.count else { throw .configurationRecord("hvcC array \(arrays.count) is cut short") }
                at += 2 + length
            }
            arrays.append(NALArrayBytes(head: record[start], bytes: Array(record[start..<at])))
        }
        // Bytes after the arrays are not part of the record (§8.3.3.1); they are dropped with it.
        return (Array(record[0..<(fixedSize - 1)]), arrays)
    }

    private static func join(_ fixed: [UInt8], _ arrays: [NALArrayBytes]) -> [UInt8] {
        var out = fixed
        out.append(UInt8(arrays.count))
        for array in arrays { out += array.bytes }
        return out
    }
}
