/// Typed attribute reads for the MPD structures: each throws ``MPDError/Kind/invalidValue`` with
/// the element's line when a value breaks its schema type (ISO/IEC 23009-1 Annex B types).
extension MPDXMLElement {
    /// xs:unsignedInt / xs:unsignedLong (decimal digits only).
    package func unsigned(_ local: String) throws(MPDError) -> Int? {
        guard let text = self[local] else { return nil }
        let trimmed = text.trimmedXMLSpace
        guard !trimmed.isEmpty, trimmed.count <= 18, trimmed.allSatisfy({ $0.isASCII && $0.isNumber }), let v = Int(trimmed) else {
            throw MPDError(.invalidValue, line: line, "\(name)@\(local)=\"\(text)\" is not an unsigned integer")
        }
        return v
    }

    /// xs:integer (S@r may be -1).
    package func integer(_ local: String) throws(MPDError) -> Int? {
        guard let text = self[local] else { return nil }
        let trimmed = text.trimmedXMLSpace
        let digits = trimmed.hasPrefix("-") ? trimmed.dropFirst() : Substring(trimmed)
        guard !digits.isEmpty, digits.count <= 18, digits.allSatisfy({ $0.isASCII && $0.isNumber }), let v = Int(trimmed) else {
            throw MPDError(.invalidValue, line: line, "\(name)@\(local)=\"\(text)\" is not an integer")
        }
        return v
    }

    /// xs:duration in seconds.
    package func duration(_ local: String) throws(MPDError) -> Double? {
        guard let text = self[local] else { return nil }
        guard let seconds = MPDDuration.seconds(text) else {
            throw MPDError(.invalidValue, line: line, "\(name)@\(local)=\"\(text)\" is not an xs:duration")
        }
        return seconds
    }

    /// A byte range `first-last` (ISO/IEC 23009-1 §5.3.9.2: both inclusive, as in an HTTP Range).
    package func byteRange(_ local: String) throws(MPDError) -> MPDByteRange? {
        guard let text = self[local] else { return nil }
        guard let range = MPDByteRange(text) else {
            throw MPDError(.invalidValue, line: line, "\(name)@\(local)=\"\(text)\" is not a byte range first-last")
        }
        return range
    }

    /// A required attribute.
    package func required(_ local: String) throws(MPDError) -> String {
        guard let v = self[local] else { throw MPDError(.missingAttribute, line: line, "\(name) has no @\(local)") }
        return v
    }

    /// A white-space separated list (`@dependencyId`).
    package func list(_ local: String) -> [String] {
        (self[local] ?? "").split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }).map(String.init)
    }
}
