import HDRProbeParse

/// A structure problem hdrprobe's own container header walk found (`container.malformed`): the
/// engine hands these facts over; ``sentence`` is how reports and errors say it.
package enum ContainerStructureIssue: Equatable, Sendable {
    /// ISO BMFF: a top-level box declares a size smaller than its own header.
    case boxSmallerThanHeader(type: String, offset: Int, size: UInt64)
    /// ISO BMFF: `moov` is larger than hdrprobe reads into memory.
    case movieBoxTooLarge(bytes: Int, limit: Int)
    /// ISO BMFF: an issue of the `moov` walk (``MovieBox/parse(_:)``).
    case movieBox(MovieBox.Issue)
    /// Matroska: the EBML header cannot be read (the parser's error).
    case ebmlHeader(EBMLError)

    package var sentence: String {
        switch self {
        case let .boxSmallerThanHeader(type, offset, size):
            return "top-level box '\(type)' at \(offset) declares size \(size), smaller than its header"
        case let .movieBoxTooLarge(bytes, limit):
            return "moov is \(bytes) bytes; larger than the \(limit >> 20) MiB hdrprobe reads itself"
        case let .movieBox(issue):
            return issue.description
        case let .ebmlHeader(error):
            return "EBML header: \(error)"
        }
    }
}
