/// One element of an MPD document as read by the XML parser: its local name and namespace URI,
/// its attributes keyed by `{namespace}local` (no namespace: the local name alone), its text, its
/// children and the 1-based line where its start tag begins. The MPD structures (``MPD``,
/// ``Period``, …) are built from these; they never see XML syntax.
package struct MPDXMLElement: Sendable, Equatable {
    package var name: String
    package var namespace: String?
    package var attributes: [String: String]
    package var text: String
    package var children: [MPDXMLElement]
    package var line: Int

    /// The DASH MPD namespace (ISO/IEC 23009-1 §5.3.1, Annex B).
    package static let dashNamespace = "urn:mpeg:dash:schema:mpd:2011"
    /// SCTE 214-1 extensions (`supplementalCodecs`, `supplementalProfiles`).
    package static let scte214Namespace = "urn:scte:dash:scte214-extensions"
    /// Common Encryption's MPD namespace (`cenc:default_KID`, `cenc:pssh`; ISO/IEC 23001-7 §11.2).
    package static let cencNamespace = "urn:mpeg:cenc:2013"

    /// The attribute without namespace (`codecs`, `bandwidth`, …).
    package subscript(_ local: String) -> String? { attributes[local] }

    /// A namespaced attribute (`scte214:supplementalCodecs` → `attribute("supplementalCodecs", in: scte214Namespace)`).
    package func attribute(_ local: String, in namespace: String) -> String? {
        attributes["{\(namespace)}\(local)"]
    }

    /// Child elements named `local` in the DASH namespace (or without namespace).
    package func children(_ local: String) -> [MPDXMLElement] {
        children.filter { $0.name == local && ($0.namespace == nil || $0.namespace == Self.dashNamespace) }
    }

    package func child(_ local: String) -> MPDXMLElement? { children(local).first }
}

/// Reads an MPD's XML into ``MPDXMLElement``s with hdrprobe's own strict XML 1.0 reader
/// (``XMLDocumentReader``: no DTD loading, no entity declarations, no external entities; any
/// well-formedness error is the MPD's error, with its line). Namespace prefixes are resolved from the
/// `xmlns` attributes in scope, so `scte214:` or any other prefix bound to the same URI reads the same;
/// an undeclared prefix reads as the namespace `undeclared:<prefix>` (`docs/rules/dash-manifests.md` §1).
package enum MPDXMLReader {
    package static func read(_ bytes: [UInt8]) throws(MPDError) -> MPDXMLElement {
        if bytes.count > MPDLimits.maxBytes {
            throw MPDError(.limitExceeded, line: 1, "the MPD is larger than \(MPDLimits.maxBytes) bytes")
        }
        try requireUTF8(bytes)
        return try XMLDocumentReader.read(bytes)
    }

    /// MPDs are UTF-8 (ISO/IEC 23009-1 §5.3.1.1 schema, XML 1.0 §4.3.3). Anything else is refused
    /// before the XML reader sees it.
    private static func requireUTF8(_ bytes: [UInt8]) throws(MPDError) {
        var decoder = UTF8()
        var iterator = bytes.makeIterator()
        var line = 1
        while true {
            switch decoder.decode(&iterator) {
            case let .scalarValue(scalar):
                if scalar == "\n" { line += 1 }
            case .emptyInput:
                return
            case .error:
                throw MPDError(.malformedXML, line: line, "not UTF-8 text (an MPD is UTF-8 XML)")
            }
        }
    }
}

extension String {
    /// XML white space (space, tab, CR, LF) removed at both ends.
    package var trimmedXMLSpace: String {
        var s = Substring(self)
        let space: Set<Character> = [" ", "\t", "\r", "\n", "\r\n"]
        while let f = s.first, space.contains(f) { s.removeFirst() }
        while let l = s.last, space.contains(l) { s.removeLast() }
        return String(s)
    }
}
