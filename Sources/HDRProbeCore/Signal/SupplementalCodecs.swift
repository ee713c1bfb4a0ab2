/// The value of the `SUPPLEMENTAL-CODECS` attribute (`docs/rules/hls-signalling.md` §5.1, HLS2):
/// a comma-separated list of elements; "each element is a slash-separated list of fields. The
/// first field must be a valid CODECS format. If more than one field is present, the remaining
/// fields must be compatibility brands" (`db1p`, `db4h`, `cdm4`, …).
///
/// Built by ``HLSVideoSignalling`` (§5.2), checked by ``SupplementalCodecsCheck`` (§5.3); parses
/// a value read from a playlist (without its quotes) with ``init(parsing:)``. Encodes to JSON as
/// the attribute string (`dvh1.08.06/db1p`).
public struct SupplementalCodecs: Sendable, Hashable, Codable, CustomStringConvertible {
    public struct Element: Sendable, Hashable, Codable, CustomStringConvertible {
        /// The first field: a codecs-format string (`dvh1.08.06`, `hvc1.2.4.L153.B0`).
        public var codec: String
        /// The remaining fields: compatibility brands, in order.
        public var brands: [String]

        public init(codec: String, brands: [String] = []) {
            self.codec = codec
            self.brands = brands
        }

        /// Parses `codec/brand/brand`.
        public init(parsing text: Substring) {
            let fields = text.split(separator: "/", omittingEmptySubsequences: false)
                .map { Self.trimmed($0) }
            self.init(codec: fields.first ?? "", brands: Array(fields.dropFirst()))
        }

        static func trimmed(_ text: Substring) -> String {
            var slice = text
            while let first = slice.first, first == " " || first == "\t" { slice = slice.dropFirst() }
            while let last = slice.last, last == " " || last == "\t" { slice = slice.dropLast() }
            return String(slice)
        }

        public var string: String { ([codec] + brands).joined(separator: "/") }
        public var description: String { string }

        /// True when the element carries `brand` (brands compare case-insensitively).
        public func hasBrand(_ brand: String) -> Bool {
            brands.contains { $0.lowercased() == brand.lowercased() }
        }
    }

    /// Known brands (§5.1, `docs/rules/dolby-vision.md` §3).
    public static let dolbyVisionPQBrand = "db1p"
    public static let dolbyVisionSDRBrand = "db2g"
    public static let dolbyVisionHLGBrand = "db4h"
    public static let dolbyVisionSDRGammaBrand = "db4g"
    public static let hdr10PlusBrand = "cdm4"
    public static let knownBrands: Set<String> = ["db1p", "db2g", "db4h", "db4g", "cdm4"]

    public var elements: [Element]

    public init(_ elements: [Element]) {
        self.elements = elements
    }

    /// Parses an attribute value (quotes already removed; surrounding quotes are tolerated).
    public init(parsing value: String) {
        var text = Substring(value)
        if text.count >= 2, text.first == "\"", text.last == "\"" { text = text.dropFirst().dropLast() }
        self.init(text.split(separator: ",", omittingEmptySubsequences: false).map { Element(parsing: $0) })
    }

    public var string: String { elements.map(\.string).joined(separator: ",") }
    public var description: String { string }

    public init(from decoder: any Decoder) throws {
        self.init(parsing: try decoder.singleValueContainer().decode(String.self))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(string)
    }
}
