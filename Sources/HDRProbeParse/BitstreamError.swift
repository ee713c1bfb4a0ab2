/// Errors thrown by the bitstream parsers in `Parse/HEVC`, `Parse/AVC`, `Parse/AV1`,
/// `Parse/HDR10Plus` and `Parse/DolbyVision` (reads past the end surface as
/// ``BitReaderError/endOfData`` from the bit and byte readers). The reasons are typed values
/// (`BitstreamError+Reason.swift`); ``description`` prints the error as Swift printed it when the
/// reasons were strings (`invalid("…")`), the text of the `dv.rpuInvalid` detail for an RPU that
/// could not be parsed.
package enum BitstreamError: Error, Equatable, Sendable, Codable, CustomStringConvertible {
    /// Fewer bytes than the structure's fixed part needs.
    case tooShort(needed: Int, got: Int)
    /// A field holds a value the syntax forbids.
    case invalid(Invalid)
    /// Valid syntax this parser deliberately does not handle.
    case unsupported(Unsupported)

    /// The reason's sentence (`needs N bytes, got M` for ``tooShort(needed:got:)``).
    package var reason: String {
        switch self {
        case .tooShort(let needed, let got): return "needs \(needed) bytes, got \(got)"
        case .invalid(let why): return why.description
        case .unsupported(let what): return what.description
        }
    }

    package var description: String {
        switch self {
        case .tooShort(let needed, let got): return "tooShort(needed: \(needed), got: \(got))"
        case .invalid(let why): return "invalid(\(String(reflecting: why.description)))"
        case .unsupported(let what): return "unsupported(\(String(reflecting: what.description)))"
        }
    }
}
