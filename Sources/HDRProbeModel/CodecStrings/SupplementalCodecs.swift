/// The value of the `SUPPLEMENTAL-CODECS` attribute (`docs/rules/hls-signalling.md` §5.1, HLS2):
/// a comma-separated list of elements; "each element is a slash-separated list of fields. The
/// first field must be a valid CODECS format. If more than one field is present, the remaining
/// fields must be compatibility brands" (`db1p`, `db4h`, `cdm4`, …).
///
/// Built by ``HLSVideoSignalling`` (§5.2), checked by ``SupplementalCodecsCheck`` (§5.3); parses
/// a value read from a playlist (without its quotes) with ``init(parsing:)``. Encodes to JSON as
/// the attribute string (`dvh1.08.06/db1p`).
package struct SupplementalCodecs: Sendable, Hashable, Codable, CustomStringConvertible {
    package struct Element: Sendable, Hashable, Codable, CustomStringConvertible {
        /// The first field: a codecs-format string (`dvh1.08.06`, `hvc1.2.4.L153.B0`).
        package var codec: String
        /// The remaining fields: compatibility brands, in order.
        package var brands: [String]

        package init(codec: String, brands: [String] = []) {
            self.codec = codec
            self.brands = brands
        }

        /// Parses `codec/brand/brand`.
        package init(parsing text: Substring) {
            let fields = text.split(separator: "/", omittingEmptySubsequences: false)
                .map { Self.trimmed($0) }
            self.init(codec: fields.first ?? "", brands: Array(fields.dropFirst()))
        }

        package static func trimmed(_ text: Substring) -> String {
            var slice = text
            while let first = slice.first, first == " " || first == "\t" { slice = slice.dropFirst() }
            while let last = slice.last, last == " " || last == "\t" { slice = slice.dropLast() }
            return String(slice)
        }

        package var string: String { ([codec] + brands).joined(separator: "/") }
        package var description: String { string }

        /// True when the element carries `brand` (brands compare case-insensitively).
        package func hasBrand(_ brand: String) -> Bool {
            brands.contains { $0.lowercased() == brand.lowercased() }
        }
    }

    /// Known brands (§5.1, `docs/rules/dolby-vision.md` §3).
    package static let dolbyVisionPQBrand = "db1p"
    package static let dolbyVisionSDRBrand = "db2g"
    package static let dolbyVisionHLGBrand = "db4h"
    package static let dolbyVisionSDRGammaBrand = "db4g"
    package static let hdr10PlusBrand = "cdm4"
    package static let knownBrands: Set<String> = ["db1p", "db2g", "db4h", "db4g", "cdm4"]

    package var elements: [Element]

    package init(_ elements: [Element]) {
        self.elements = elements
    }

    /// Parses an attribute value (quotes already removed; surrounding quotes are tolerated).
    package init(parsing value: String) {
        var text = Substring(value)
        if text.count >= 2, text.first == "\"", text.last == "\"" { text = text.dropFirst().dropLast() }
        self.init(text.split(separator: ",", omittingEmptySubsequences: false).map { Element(parsing: $0) })
    }

    package var string: String { elements.map(\.string).joined(separator: ",") }

    /// True when an element declares HDR10+ (`cdm4`) and none is a Dolby Vision codec: the part of
    /// SUPPLEMENTAL-CODECS a player keeps when Dolby Vision does not engage (``OutputPipeline``).
    package var declaresHDR10PlusWithoutDolbyVision: Bool {
        elements.contains { $0.hasBrand(Self.hdr10PlusBrand) }
            && !elements.contains { DolbyVisionCodecString.sampleEntries.contains(String($0.codec.prefix(4))) }
    }
    package var description: String { string }

    package init(from decoder: any Decoder) throws {
        self.init(parsing: try decoder.singleValueContainer().decode(String.self))
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(string)
    }
}
