/// Errors thrown by the bitstream parsers in `Parse/HEVC`, `Parse/AVC`, `Parse/AV1`,
/// `Parse/HDR10Plus` and `Parse/DolbyVision` (reads past the end surface as
/// ``BitReaderError/endOfData`` from the bit and byte readers).
package enum BitstreamError: Error, Equatable, Sendable, Codable {
    /// Fewer bytes than the structure's fixed part needs.
    case tooShort(needed: Int, got: Int)
    /// A field holds a value the syntax forbids (the text names the field and the value).
    case invalid(String)
    /// Valid syntax this parser deliberately does not handle (the text says which).
    case unsupported(String)
}
