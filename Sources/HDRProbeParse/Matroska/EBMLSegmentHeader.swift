/// The start of a Matroska/WebM file: the EBML header element (ID 0x1A45DFA3) followed by the
/// Segment element (ID 0x18538067), with EBML variable-size integers as in RFC 8794 §4
/// (element IDs keep their length marker; data sizes drop it; all-ones = unknown size).
///
/// hdrprobe uses it to tell how long the file claims to be: a Segment whose declared end lies
/// past the end of the file means the file was cut short (`container.truncated`).
package struct EBMLSegmentHeader: Sendable, Equatable {
    package var docType: String?
    /// Offset of the first byte of Segment data.
    package var segmentDataOffset: Int
    /// Declared Segment data size, nil for "unknown size" (live streams).
    package var segmentSize: UInt64?
    /// The EBML header's EBMLReadVersion (0x42F7), EBMLMaxIDLength (0x42F2), EBMLMaxSizeLength
    /// (0x42F3) and DocTypeReadVersion (0x4285), RFC 8794 §11.2, as declared (defaults 1, 4, 8, 1).
    package var readVersions: [UInt32: UInt64] = [:]

    /// What a reader of EBML version 1 with 4-byte IDs and 8-byte sizes, and Matroska up to
    /// DocTypeReadVersion 3, can read (the limits FFmpeg's matroska demuxer checks).
    package var isReadable: Bool {
        readVersions[0x42F7, default: 1] <= 1 && readVersions[0x42F2, default: 4] <= 4
            && readVersions[0x42F3, default: 8] <= 8 && readVersions[0x4285, default: 1] <= 3
    }

    package var declaredEnd: UInt64? { segmentSize.map { UInt64(segmentDataOffset) + $0 } }

    package static let ebmlMagic: [UInt8] = [0x1A, 0x45, 0xDF, 0xA3]

    package static func parse(_ bytes: [UInt8]) throws(EBMLError) -> EBMLSegmentHeader {
        var pos = 0
        let (id, idLen) = try readID(bytes, at: pos)
        guard id == 0x1A45DFA3 else { throw EBMLError.notEBML }
        pos += idLen
        let (headerSize, sizeLen) = try readSize(bytes, at: pos)
        pos += sizeLen
        guard let hs = headerSize, hs <= 4096 else { throw EBMLError.implausibleHeader }
        let headerEnd = pos + Int(hs)
        guard headerEnd <= bytes.count else { throw EBMLError.truncated }
        var docType: String?
        var versions: [UInt32: UInt64] = [:]
        var p = pos
        var guardCount = 0
        while p < headerEnd, guardCount < 64 {
            guardCount += 1
            let (cid, cl) = try readID(bytes, at: p)
            let (csize, csl) = try readSize(bytes, at: p + cl)
            guard let cs = csize else { throw EBMLError.implausibleHeader }
            let dataStart = p + cl + csl
            // A child whose ID and size run past the header's declared end is not a header.
            guard dataStart <= headerEnd else { throw EBMLError.implausibleHeader }
            let dataEnd = dataStart + Int(min(cs, UInt64(headerEnd - dataStart)))
            if cid == 0x4282 { docType = String(decoding: bytes[dataStart..<dataEnd].prefix { $0 != 0 }, as: UTF8.self) }
            if [0x42F7, 0x42F2, 0x42F3, 0x4285].contains(cid) {
                versions[cid] = dataEnd - dataStart <= 8 ? bytes[dataStart..<dataEnd].reduce(UInt64(0)) { $0 << 8 | UInt64($1) } : .max
            }
            p = dataEnd
        }
        // Skip top-level Void/CRC elements between the header and the Segment.
        pos = headerEnd
        var skipped = 0
        while skipped < 16 {
            let (sid, sidLen) = try readID(bytes, at: pos)
            let (ssize, ssl) = try readSize(bytes, at: pos + sidLen)
            if sid == 0x18538067 {
                return EBMLSegmentHeader(docType: docType, segmentDataOffset: pos + sidLen + ssl, segmentSize: ssize, readVersions: versions)
            }
            guard let s = ssize, s < UInt64(bytes.count) else { throw EBMLError.noSegment }
            pos += sidLen + ssl + Int(s)
            skipped += 1
        }
        throw EBMLError.noSegment
    }

    /// An element ID: 1–4 bytes, length from the leading zero bits, marker kept.
    package static func readID(_ b: [UInt8], at pos: Int) throws(EBMLError) -> (UInt32, Int) {
        guard pos < b.count else { throw EBMLError.truncated }
        let first = b[pos]
        let len = first.leadingZeroBitCount + 1
        guard len <= 4 else { throw EBMLError.invalidVint }
        guard pos + len <= b.count else { throw EBMLError.truncated }
        var v: UInt32 = 0
        for i in 0..<len { v = (v << 8) | UInt32(b[pos + i]) }
        return (v, len)
    }

    /// A data size: 1–8 bytes, marker removed; all value bits set = unknown (nil).
    package static func readSize(_ b: [UInt8], at pos: Int) throws(EBMLError) -> (UInt64?, Int) {
        guard pos < b.count else { throw EBMLError.truncated }
        let first = b[pos]
        let len = first.leadingZeroBitCount + 1
        guard len <= 8 else { throw EBMLError.invalidVint }
        guard pos + len <= b.count else { throw EBMLError.truncated }
        var v = UInt64(first) & ((UInt64(1) << UInt64(8 - len)) - 1)
        for i in 1..<len { v = (v << 8) | UInt64(b[pos + i]) }
        let allOnes = (UInt64(1) << UInt64(7 * len)) - 1
        return (v == allOnes ? nil : v, len)
    }
}

package enum EBMLError: Error, Equatable, Sendable {
    case notEBML, truncated, invalidVint, implausibleHeader, noSegment
}
