/// `AdaptationSet` (ISO/IEC 23009-1 §5.3.3): interchangeable Representations of one component
/// (`@contentType` video/audio/text, or the `@mimeType`), whose common attributes, descriptors,
/// ContentProtection, BaseURL and segment addressing apply to each Representation.
package struct AdaptationSet: Sendable, Equatable, Codable {
    package var id: String?
    package var contentType: String?
    package var lang: String?
    package var common: RepresentationBase
    package var baseURLs: [BaseURL]
    package var segments: SegmentInformation
    package var representations: [Representation]
    package var line: Int

    package init(element: MPDXMLElement) throws(MPDError) {
        line = element.line
        id = element["id"]
        contentType = element["contentType"]
        lang = element["lang"]
        common = try RepresentationBase(element: element)
        baseURLs = BaseURL.all(in: element)
        segments = try SegmentInformation(element: element)
        var reps: [Representation] = []
        for r in element.children("Representation") { reps.append(try Representation(element: r)) }
        representations = reps
    }

    /// `video`, `audio`, `text`, … from `@contentType`, else the type of `@mimeType` (here or on the
    /// first Representation).
    package var kind: String? {
        if let contentType { return contentType.lowercased() }
        let mime = common.mimeType ?? representations.first?.common.mimeType
        return mime?.split(separator: "/").first.map { $0.lowercased() }
    }
}
