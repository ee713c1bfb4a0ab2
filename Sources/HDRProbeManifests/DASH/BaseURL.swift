/// `BaseURL` (ISO/IEC 23009-1 §5.6): a URL, absolute or relative to the level above, at MPD,
/// Period, AdaptationSet and Representation level. Several at one level are alternatives (other
/// CDNs); hdrprobe follows the first, as a client without a preference does.
package struct BaseURL: Sendable, Equatable, Codable {
    package var url: String
    package var serviceLocation: String?
    package var line: Int

    package init(element: MPDXMLElement) {
        url = element.text
        serviceLocation = element["serviceLocation"]
        line = element.line
    }

    package static func all(in element: MPDXMLElement) -> [BaseURL] {
        element.children("BaseURL").map(BaseURL.init(element:))
    }
}
