/// A `SegmentTemplate@media`/`@initialization`/`@index` string (ISO/IEC 23009-1 §5.3.9.4.4,
/// Table 16): literal text with identifiers `$RepresentationID$`, `$Number$`, `$Time$`,
/// `$Bandwidth$`, `$SubNumber$` and the escape `$$` (a literal `$`). `$Number$`, `$Time$`,
/// `$Bandwidth$` and `$SubNumber$` may carry a format tag `%0<width>d` (`$Number%05d$` → `00042`:
/// zero-padded to at least `width` digits); `$RepresentationID$` may not. Any other identifier or an
/// unclosed `$` makes the template invalid.
package struct SegmentTemplateString: Sendable, Equatable {
    package enum Part: Sendable, Equatable {
        case literal(String)
        case identifier(Identifier, width: Int?)
    }

    package enum Identifier: String, Sendable, Equatable, CaseIterable {
        case representationID = "RepresentationID"
        case number = "Number"
        case time = "Time"
        case bandwidth = "Bandwidth"
        case subNumber = "SubNumber"
    }

    package enum Error: Swift.Error, Sendable, Equatable, CustomStringConvertible {
        case unclosed
        case unknownIdentifier(String)
        case invalidFormatTag(String)
        case missingValue(Identifier)

        package var description: String {
            switch self {
            case .unclosed: return "a '$' is not closed"
            case let .unknownIdentifier(s): return "'$\(s)$' is not a template identifier (Table 16)"
            case let .invalidFormatTag(s): return "'\(s)' is not a format tag %0<width>d allowed there"
            case let .missingValue(id): return "$\(id.rawValue)$ has no value here"
            }
        }
    }

    package var parts: [Part]

    package init(_ template: String) throws(Error) {
        var parts: [Part] = []
        var literal = ""
        var rest = Substring(template)
        while let dollar = rest.firstIndex(of: "$") {
            literal += rest[..<dollar]
            let afterOpen = rest.index(after: dollar)
            guard let close = rest[afterOpen...].firstIndex(of: "$") else { throw .unclosed }
            let body = rest[afterOpen..<close]
            rest = rest[rest.index(after: close)...]
            if body.isEmpty { literal += "$"; continue }
            if !literal.isEmpty { parts.append(.literal(literal)); literal = "" }
            parts.append(try Self.identifier(body))
        }
        literal += rest
        if !literal.isEmpty { parts.append(.literal(literal)) }
        self.parts = parts
    }

    private static func identifier(_ body: Substring) throws(Error) -> Part {
        let name: Substring
        var width: Int?
        if let percent = body.firstIndex(of: "%") {
            name = body[..<percent]
            let tag = body[percent...]
            let digits = tag.dropFirst(2).dropLast()
            guard tag.hasPrefix("%0"), tag.hasSuffix("d"), tag.count >= 4, digits.count <= 3,
                  digits.allSatisfy({ $0.isASCII && $0.isNumber }), let w = Int(digits) else {
                throw .invalidFormatTag(String(tag))
            }
            width = w
        } else {
            name = body
        }
        guard let id = Identifier(rawValue: String(name)) else { throw .unknownIdentifier(String(body)) }
        if id == .representationID, width != nil { throw .invalidFormatTag(String(body)) }
        return .identifier(id, width: width)
    }

    package func uses(_ id: Identifier) -> Bool {
        parts.contains { if case let .identifier(i, _) = $0 { return i == id } else { return false } }
    }

    /// The URL for the given values; an identifier without a value throws ``Error/missingValue(_:)``.
    package func expand(representationID: String, number: Int? = nil, time: Int? = nil, bandwidth: Int? = nil,
                        subNumber: Int? = nil) throws(Error) -> String {
        var out = ""
        for part in parts {
            switch part {
            case let .literal(s): out += s
            case let .identifier(id, width):
                let value: Int?
                switch id {
                case .representationID: out += representationID; continue
                case .number: value = number
                case .time: value = time
                case .bandwidth: value = bandwidth
                case .subNumber: value = subNumber
                }
                guard let value else { throw .missingValue(id) }
                let digits = String(value)
                out += String(repeating: "0", count: max(0, (width ?? 0) - digits.count)) + digits
            }
        }
        return out
    }
}
