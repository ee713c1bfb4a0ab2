/// Why an MPD could not be read: the XML is not well formed, the root is not an `MPD`, a required
/// attribute is missing or a value breaks its type (ISO/IEC 23009-1 §5.3 and the MPD schema), with
/// the 1-based line of the element at fault (`docs/rules/dash-manifests.md` §1).
package struct MPDError: Error, Sendable, Equatable, Codable, CustomStringConvertible {
    package enum Kind: String, Sendable, Equatable, Codable {
        /// The bytes are not well-formed XML (the XML parser's message).
        case malformedXML
        /// The root element is not `MPD` in the DASH namespace (or without namespace).
        case notMPD
        /// The document is larger than ``MPDLimits/maxBytes`` or has too many elements.
        case limitExceeded
        /// A required attribute is absent (`Representation@id`, `@bandwidth`, `S@d`, …).
        case missingAttribute
        /// An attribute value is not of its schema type (xs:duration, xs:unsignedInt, a template).
        case invalidValue
    }

    package let kind: Kind
    package let line: Int
    package let message: String

    package init(_ kind: Kind, line: Int, _ message: String) {
        self.kind = kind
        self.line = line
        self.message = message
    }

    package var description: String { "line \(line): \(message)" }
}

/// Bounds on what an MPD may make hdrprobe hold in memory.
package enum MPDLimits {
    /// Largest MPD read (bytes).
    package static let maxBytes = 8 << 20
    /// Elements in one document.
    package static let maxElements = 200_000
    /// Elements nested in one another (libxml2's documented default; the XMLParser-based reader of earlier
    /// versions had no bound and overflowed the stack releasing a tree 100,000 elements deep).
    package static let maxDepth = 256
    /// Segments expanded from one `SegmentTimeline` or `@duration` (for playlists written from it).
    package static let maxSegments = 100_000
}
