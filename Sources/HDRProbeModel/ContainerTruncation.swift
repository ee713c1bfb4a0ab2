/// Why a container looks cut short, as hdrprobe's own header walk saw it: the engine hands these
/// facts over; ``sentence`` is how every report and error says it (`container.truncated`).
package indirect enum ContainerTruncation: Equatable, Sendable {
    /// MPEG-TS: the file ends `bytesIntoPacket` bytes into a transport packet of `packetSize` bytes.
    case partialTransportPacket(bytesIntoPacket: Int, packetSize: Int)
    /// ISO BMFF: a top-level box's 64-bit size field is missing.
    case boxHeaderCut(type: String)
    /// ISO BMFF: a top-level box declares more bytes than the file has after its start.
    case boxPastEnd(type: String, offset: Int, declared: UInt64, available: UInt64)
    /// ISO BMFF: every top-level box was read and none is `moov`.
    case noMovieBox
    /// ISO BMFF: `cut` ended the walk before a `moov` box was found.
    case movieBoxNotFound(after: ContainerTruncation)
    /// Matroska: the Segment declares more bytes than the file has.
    case segmentPastEnd(declaredEnd: UInt64, fileSize: Int)
    /// Matroska: the file ends inside the EBML header.
    case ebmlHeaderCut

    /// The clause that follows "The file is cut short: ".
    package var sentence: String {
        switch self {
        case let .partialTransportPacket(bytes, packetSize):
            return "the file ends \(bytes) bytes into a \(packetSize)-byte transport packet"
        case let .boxHeaderCut(type):
            return "box '\(type)' header is cut off"
        case let .boxPastEnd(type, offset, declared, available):
            return "top-level box '\(type)' at offset \(offset) declares \(declared) bytes but only \(available) remain"
        case .noMovieBox:
            return "no 'moov' box: the movie header is missing (a file cut before its end, or an interrupted recording)"
        case let .movieBoxNotFound(cut):
            return cut.sentence + "; no 'moov' box was found"
        case let .segmentPastEnd(end, fileSize):
            return "the Matroska Segment declares \(end) bytes but the file has \(fileSize)"
        case .ebmlHeaderCut:
            return "the file ends inside the EBML header"
        }
    }
}
