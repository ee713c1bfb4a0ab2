import HDRProbeBytes

/// An ISO BMFF box header and a bounded walker over a run of sibling boxes
/// (ISO/IEC 14496-12 §4.2: `size` u32, `type` fourcc, `largesize` u64 when size == 1,
/// size 0 = "to the end of the enclosing container", `uuid` boxes carry a 16-byte usertype).
///
/// The walker never trusts a size field for allocation: a box whose size runs past its parent is
/// reported as `truncated` and clipped, a size smaller than its header stops the walk.
package struct ISOBox: Sendable, Equatable {
    package var type: String
    /// Offset of the box header in the buffer the walk ran over (plus the caller's base offset).
    package var offset: Int
    package var headerSize: Int
    /// Size as declared (header included); for size 0 the size up to the parent's end.
    package var declaredSize: UInt64
    /// Payload range within the walked buffer, clipped to the parent.
    package var payload: Range<Int>
    /// The declared size runs past the parent (or the end of the data).
    package var truncated: Bool
}

package struct ISOBoxWalk: Sendable, Equatable {
    package var boxes: [ISOBox]
    /// Problems met: a size smaller than a header, a box past its parent, too many boxes.
    package var issues: [Issue]

    /// A problem of one walk; ``description`` is the sentence of the container findings.
    package enum Issue: Sendable, Equatable, CustomStringConvertible {
        /// More than ``ISOBoxWalker/maxBoxes`` boxes: the walk stopped.
        case tooManyBoxes(Int)
        /// `size` 1 with the 64-bit `largesize` cut off by the end of the data.
        case largesizeCutOff(type: String, offset: Int)
        /// A declared size smaller than the box header: the walk stopped.
        case sizeSmallerThanHeader(type: String, offset: Int, declared: UInt64)
        /// A declared size running past the parent (the box is clipped).
        case truncated(type: String, offset: Int, declared: UInt64, available: UInt64)

        package var description: String {
            switch self {
            case .tooManyBoxes(let n): return "more than \(n) boxes; walk stopped"
            case .largesizeCutOff(let type, let offset): return "box '\(type)' at \(offset): largesize cut off"
            case .sizeSmallerThanHeader(let type, let offset, let declared):
                return "box '\(type)' at \(offset) declares size \(declared), smaller than its header"
            case .truncated(let type, let offset, let declared, let available):
                return "box '\(type)' at \(offset) declares \(declared) bytes, only \(available) available"
            }
        }
    }
}

package enum ISOBoxWalker {
    /// Upper bound on boxes listed in one walk (a hostile file cannot make it loop or allocate).
    package static let maxBoxes = 4096

    /// Walks the sibling boxes in `bytes[range]`. `baseOffset` is added to reported offsets.
    package static func walk(_ bytes: [UInt8], range: Range<Int>? = nil, baseOffset: Int = 0) -> ISOBoxWalk {
        let r = range ?? 0..<bytes.count
        let end = min(r.upperBound, bytes.count)
        var pos = max(0, r.lowerBound)
        var boxes: [ISOBox] = []
        var issues: [ISOBoxWalk.Issue] = []
        while pos + 8 <= end {
            if boxes.count >= maxBoxes { issues.append(.tooManyBoxes(maxBoxes)); break }
            var reader = ByteReader(bytes, offset: pos, end: end)
            guard let size32 = try? reader.u32(), let type = try? reader.fourCC() else { break }
            var header = 8
            var declared = UInt64(size32)
            if size32 == 1 {
                guard let large = try? reader.u64() else {
                    issues.append(.largesizeCutOff(type: type, offset: baseOffset + pos)); break
                }
                header = 16
                declared = large
            } else if size32 == 0 {
                declared = UInt64(end - pos)
            }
            if type == "uuid" { header += 16 }
            if declared < UInt64(header) {
                issues.append(.sizeSmallerThanHeader(type: type, offset: baseOffset + pos, declared: declared))
                break
            }
            let available = UInt64(end - pos)
            let truncated = declared > available
            let boxEnd = truncated ? end : pos + Int(declared)
            let payloadStart = min(pos + header, boxEnd)
            if truncated {
                issues.append(.truncated(type: type, offset: baseOffset + pos, declared: declared, available: available))
            }
            boxes.append(ISOBox(type: type, offset: baseOffset + pos, headerSize: header, declaredSize: declared,
                                payload: payloadStart..<boxEnd, truncated: truncated))
            pos = boxEnd
        }
        return ISOBoxWalk(boxes: boxes, issues: issues)
    }

    /// The first child of `type` among the boxes of `bytes[range]`.
    package static func first(_ type: String, in bytes: [UInt8], range: Range<Int>) -> ISOBox? {
        walk(bytes, range: range).boxes.first { $0.type == type }
    }
}
