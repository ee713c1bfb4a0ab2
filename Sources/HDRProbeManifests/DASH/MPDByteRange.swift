/// A byte range as the MPD writes it: `first-last`, both inclusive (ISO/IEC 23009-1 §5.3.9.2
/// `@indexRange`, `Initialization@range`, `SegmentURL@mediaRange`; the form of an HTTP Range,
/// RFC 9110 §14.1.2). `length` is `last - first + 1`.
package struct MPDByteRange: Sendable, Equatable, Hashable, Codable, CustomStringConvertible {
    package var first: Int
    package var last: Int

    package init(first: Int, last: Int) {
        self.first = first
        self.last = last
    }

    /// nil unless `text` is `<digits>-<digits>` with first ≤ last.
    package init?(_ text: String) {
        let parts = text.trimmedXMLSpace.split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false)
        func decimal(_ s: Substring) -> Int? {
            guard !s.isEmpty, s.count <= 18, s.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
            return Int(s)
        }
        guard parts.count == 2, let a = decimal(parts[0]), let b = decimal(parts[1]), a <= b else { return nil }
        first = a
        last = b
    }

    package var length: Int { last - first + 1 }

    /// The same range as HLS writes it (`<length>@<offset>`, RFC 8216 §4.3.2.2).
    package var hls: HLSByteRange { HLSByteRange(length: length, offset: first) }

    package var description: String { "\(first)-\(last)" }
}
