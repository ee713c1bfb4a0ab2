/// `ContentProtection` (ISO/IEC 23009-1 §5.8.4.1; ISO/IEC 23001-7 §11.2): the
/// `urn:mpeg:dash:mp4protection:2011` element names the scheme (`@value` `cenc`, `cbcs`, …) and the
/// key (`cenc:default_KID`, a UUID); one more element per DRM system (`urn:uuid:<system id>`,
/// optional `cenc:pssh`). `docs/rules/dash-signalling.md` §1.
package struct ContentProtection: Sendable, Equatable, Codable {
    package var schemeIdUri: String
    package var value: String?
    /// `cenc:default_KID` as written (UUID form, 8-4-4-4-12 hex digits).
    package var defaultKID: String?
    package var hasPSSH: Bool
    package var line: Int

    package static let mp4Protection = "urn:mpeg:dash:mp4protection:2011"

    package init(element: MPDXMLElement) {
        schemeIdUri = element["schemeIdUri"] ?? ""
        value = element["value"]
        defaultKID = element.attribute("default_KID", in: MPDXMLElement.cencNamespace)
        hasPSSH = element.children.contains { $0.name == "pssh" }
        line = element.line
    }

    package var isMP4Protection: Bool { schemeIdUri.lowercased() == Self.mp4Protection }

    /// The system id of a `urn:uuid:` element, lower case without the prefix.
    package var systemID: String? {
        let lower = schemeIdUri.lowercased()
        guard lower.hasPrefix("urn:uuid:") else { return nil }
        return String(lower.dropFirst("urn:uuid:".count))
    }

    /// `default_KID` as 32 lower-case hex digits (dashes removed), nil when absent or not 16 bytes of hex.
    package var normalizedKID: String? {
        guard let kid = defaultKID else { return nil }
        let hex = kid.trimmedXMLSpace.lowercased().filter { $0 != "-" }
        guard hex.count == 32, hex.allSatisfy({ $0.isHexDigit }) else { return nil }
        return hex
    }
}
