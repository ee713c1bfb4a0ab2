/// A DASH descriptor (ISO/IEC 23009-1 §5.8.2 DescriptorType): `EssentialProperty` (a client that
/// does not understand the scheme must ignore the parent), `SupplementalProperty` (may be ignored),
/// `Role`, `Accessibility`, `AudioChannelConfiguration`, … — a `@schemeIdUri` with an optional
/// `@value` and `@id`. Colour and HDR descriptors: `docs/rules/dash-signalling.md` §1.
package struct Descriptor: Sendable, Equatable, Codable {
    package var element: String
    package var schemeIdUri: String
    package var value: String?
    package var id: String?
    package var line: Int

    package init(element: MPDXMLElement) {
        self.element = element.name
        schemeIdUri = element["schemeIdUri"] ?? ""
        value = element["value"]
        id = element["id"]
        line = element.line
    }

    package var isEssential: Bool { element == "EssentialProperty" }
    package var isSupplemental: Bool { element == "SupplementalProperty" }

    /// The H.273 code point of a CICP descriptor (`urn:mpeg:mpegB:cicp:<name>`), nil for other schemes.
    package func cicp(_ name: String) -> Int? {
        guard schemeIdUri == "urn:mpeg:mpegB:cicp:\(name)", let v = value?.trimmedXMLSpace else { return nil }
        return Int(v)
    }

    package static let elementNames = ["EssentialProperty", "SupplementalProperty"]
}
