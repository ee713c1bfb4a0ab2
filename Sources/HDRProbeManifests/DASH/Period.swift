/// `Period` (ISO/IEC 23009-1 §5.3.2): a stretch of the presentation with its own AdaptationSets;
/// `@start` (its start on the presentation timeline) and `@duration`.
package struct Period: Sendable, Equatable, Codable {
    package var id: String?
    package var start: Double?
    package var duration: Double?
    package var baseURLs: [BaseURL]
    package var segments: SegmentInformation
    package var adaptationSets: [AdaptationSet]
    package var line: Int

    package init(element: MPDXMLElement) throws(MPDError) {
        line = element.line
        id = element["id"]
        start = try element.duration("start")
        duration = try element.duration("duration")
        baseURLs = BaseURL.all(in: element)
        segments = try SegmentInformation(element: element)
        var sets: [AdaptationSet] = []
        for a in element.children("AdaptationSet") { sets.append(try AdaptationSet(element: a)) }
        adaptationSets = sets
    }
}
