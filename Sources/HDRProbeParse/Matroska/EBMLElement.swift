/// One EBML element inside a buffer (RFC 8794 §4–5): its ID (length marker kept), where its data
/// starts and ends. ``children(of:in:)`` lists the elements of a master element's data; an
/// element whose size runs past its parent is cut at the parent's end, an unknown size (live
/// streams) extends to it.
package struct EBMLElement: Sendable, Equatable {
    package var id: UInt32
    package var dataStart: Int
    package var dataEnd: Int
    /// The data size the element declares (nil = unknown size).
    package var declaredSize: UInt64?

    /// The elements found in `bytes[range]`, at most `limit` of them; stops at the first
    /// element whose header cannot be read.
    package static func children(of range: Range<Int>, in bytes: [UInt8], limit: Int = 4096) -> [EBMLElement] {
        var out: [EBMLElement] = []
        var pos = range.lowerBound
        while pos < range.upperBound, out.count < limit {
            guard let (id, idLen) = try? EBMLSegmentHeader.readID(bytes, at: pos),
                  let (size, sizeLen) = try? EBMLSegmentHeader.readSize(bytes, at: pos + idLen) else { break }
            let start = pos + idLen + sizeLen
            guard start <= range.upperBound else { break }
            let end = size.map { $0 > UInt64(range.upperBound - start) ? range.upperBound : start + Int($0) } ?? range.upperBound
            out.append(EBMLElement(id: id, dataStart: start, dataEnd: end, declaredSize: size))
            pos = end
        }
        return out
    }

    /// The element whose header starts at `bytes[offset]` (a buffer holding at least its ID and
    /// size): ID, where its data starts (relative to `bytes`) and its declared size (nil = unknown).
    package static func header(in bytes: [UInt8], at offset: Int) -> (id: UInt32, dataStart: Int, size: UInt64?)? {
        guard let (id, idLen) = try? EBMLSegmentHeader.readID(bytes, at: offset),
              let (size, sizeLen) = try? EBMLSegmentHeader.readSize(bytes, at: offset + idLen) else { return nil }
        return (id, offset + idLen + sizeLen, size)
    }

    /// An unsigned integer element (1–8 bytes, big-endian; empty = 0).
    package func unsigned(in bytes: [UInt8]) -> UInt64? {
        guard dataEnd - dataStart <= 8 else { return nil }
        return bytes[dataStart..<dataEnd].reduce(UInt64(0)) { ($0 << 8) | UInt64($1) }
    }

    /// A float element (0, 4 or 8 bytes, IEEE 754 big-endian).
    package func float(in bytes: [UInt8]) -> Double? {
        let raw = bytes[dataStart..<dataEnd].reduce(UInt64(0)) { ($0 << 8) | UInt64($1) }
        switch dataEnd - dataStart {
        case 0: return 0
        case 4: return Double(Float(bitPattern: UInt32(truncatingIfNeeded: raw)))
        case 8: return Double(bitPattern: raw)
        default: return nil
        }
    }

    package func data(in bytes: [UInt8]) -> [UInt8] { Array(bytes[dataStart..<dataEnd]) }
    package func string(in bytes: [UInt8]) -> String {
        String(decoding: bytes[dataStart..<dataEnd].prefix { $0 != 0 }, as: UTF8.self)
    }
}
