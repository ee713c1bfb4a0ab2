/// `Representation` (ISO/IEC 23009-1 §5.3.5): one encoded version of the content — `@id`
/// (required, no white space), `@bandwidth` (required: the bits per second a client needs to
/// receive it at its `@minBufferTime`), `@dependencyId` (the Representations it depends on: a Dolby
/// Vision enhancement layer names its base layer, `docs/rules/dash-signalling.md` §1), the common
/// attributes, BaseURLs and segment addressing.
package struct Representation: Sendable, Equatable, Codable {
    package var id: String
    /// `@bandwidth` as written and as a number (nil when absent or not an unsigned integer).
    package var bandwidthText: String?
    package var bandwidth: Int?
    package var dependencyId: [String]
    package var common: RepresentationBase
    package var baseURLs: [BaseURL]
    package var segments: SegmentInformation
    package var line: Int

    package init(element: MPDXMLElement) throws(MPDError) {
        line = element.line
        id = try element.required("id")
        bandwidthText = element["bandwidth"]
        bandwidth = try? element.unsigned("bandwidth")
        dependencyId = element.list("dependencyId")
        common = try RepresentationBase(element: element)
        baseURLs = BaseURL.all(in: element)
        segments = try SegmentInformation(element: element)
    }
}
