/// A sub-range of a resource: `<n>[@<o>]` (RFC 8216 §4.3.2.2 EXT-X-BYTERANGE, §4.3.2.5 the
/// BYTERANGE attribute of EXT-X-MAP). Without `@<o>` the range starts where the previous one of the
/// same resource ended; hdrprobe reads only the first segment, so it starts at 0 there.
package struct HLSByteRange: Sendable, Equatable, Codable, CustomStringConvertible {
    package var length: Int
    package var offset: Int?

    package init(length: Int, offset: Int?) {
        self.length = length
        self.offset = offset
    }

    /// nil when `text` is not `<decimal-integer>[@<decimal-integer>]`.
    package init?(_ text: String) {
        let parts = text.split(separator: "@", maxSplits: 1, omittingEmptySubsequences: false)
        func decimal(_ s: Substring) -> Int? {
            guard !s.isEmpty, s.count <= 18, s.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
            return Int(s)
        }
        guard let n = decimal(parts[0]) else { return nil }
        length = n
        if parts.count == 2 {
            guard let o = decimal(parts[1]) else { return nil }
            offset = o
        } else {
            offset = nil
        }
    }

    package var description: String { offset.map { "\(length)@\($0)" } ?? "\(length)" }
}
