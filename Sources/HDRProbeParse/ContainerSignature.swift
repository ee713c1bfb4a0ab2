import HDRProbeBytes

/// What the first bytes of a file say it is, independent of its name: used to tell a cut-short
/// media file (`container.truncated`) from something that is not media at all
/// (`container.unrecognized`) when the demuxer cannot open it.
/// Signatures: ISO BMFF box types at offset 4 (ISO/IEC 14496-12 §4.2), EBML magic (RFC 8794),
/// TS sync bytes (ISO/IEC 13818-1), Annex B start codes (H.265 §B.2), IVF "DKIF", PNG/JPEG/GIF
/// magic numbers.
package enum ContainerSignature: String, Sendable, Equatable {
    case isobmff, matroska, mpegts, annexB, ivf, png, jpeg, gif, text, unknown

    package var isMedia: Bool { [.isobmff, .matroska, .mpegts, .annexB, .ivf].contains(self) }

    package static let isoTopLevel: Set<String> = ["ftyp", "moov", "mdat", "free", "skip", "wide", "styp", "sidx", "moof", "pnot", "uuid"]

    package static func sniff(_ head: [UInt8]) -> ContainerSignature {
        if head.count >= 8, isoTopLevel.contains(FourCC.string(head[4..<8])) { return .isobmff }
        if head.starts(with: EBMLSegmentHeader.ebmlMagic) { return .matroska }
        if TransportStreamLayout.detect(head) != nil { return .mpegts }
        if head.starts(with: [0x89, 0x50, 0x4E, 0x47]) { return .png }
        if head.starts(with: [0xFF, 0xD8, 0xFF]) { return .jpeg }
        if head.starts(with: Array("GIF8".utf8)) { return .gif }
        if head.starts(with: Array("DKIF".utf8)) { return .ivf }
        if head.starts(with: [0, 0, 0, 1]) || head.starts(with: [0, 0, 1]) { return .annexB }
        if !head.isEmpty, head.prefix(512).allSatisfy({ $0 == 0x09 || $0 == 0x0A || $0 == 0x0D || (0x20...0x7E).contains($0) || $0 >= 0x80 }) {
            return .text
        }
        return .unknown
    }
}
