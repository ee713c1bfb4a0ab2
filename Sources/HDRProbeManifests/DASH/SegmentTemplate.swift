/// `SegmentTemplate` (ISO/IEC 23009-1 §5.3.9.4): segment URLs from `@initialization` and `@media`
/// templates (identifiers: ``SegmentTemplateString``), with either `@duration` (every segment that
/// long, numbered from `@startNumber`, default 1) or a ``SegmentTimeline``. Inherited attribute by
/// attribute from Period to AdaptationSet to Representation (§5.3.9.1).
package struct SegmentTemplate: Sendable, Equatable, Codable {
    package var media: String?
    package var initialization: String?
    package var index: String?
    package var timescale: Int?
    package var duration: Int?
    package var startNumber: Int?
    package var presentationTimeOffset: Int?
    package var timeline: SegmentTimeline?
    /// `Initialization` child element (URLType), used when `@initialization` is absent.
    package var initializationElement: SegmentBase.URLReference?
    package var line: Int

    package init(element: MPDXMLElement) throws(MPDError) {
        line = element.line
        media = element["media"]
        initialization = element["initialization"]
        index = element["index"]
        timescale = try element.unsigned("timescale")
        duration = try element.unsigned("duration")
        startNumber = try element.unsigned("startNumber")
        presentationTimeOffset = try element.unsigned("presentationTimeOffset")
        timeline = try element.child("SegmentTimeline").map { e throws(MPDError) in try SegmentTimeline(element: e) }
        initializationElement = try element.child("Initialization").map { e throws(MPDError) in try SegmentBase.URLReference(element: e) }
        if timescale == 0 { throw MPDError(.invalidValue, line: line, "SegmentTemplate@timescale=\"0\"") }
        if duration == 0 { throw MPDError(.invalidValue, line: line, "SegmentTemplate@duration=\"0\"") }
        for (name, template) in [("media", media), ("initialization", initialization), ("index", index)] {
            guard let template else { continue }
            do throws(SegmentTemplateString.Error) { _ = try SegmentTemplateString(template) } catch {
                throw MPDError(.invalidValue, line: line, "SegmentTemplate@\(name)=\"\(template)\": \(error)")
            }
        }
    }

    package func merged(over parent: SegmentTemplate?) -> SegmentTemplate {
        guard let parent else { return self }
        var m = self
        m.media = media ?? parent.media
        m.initialization = initialization ?? parent.initialization
        m.index = index ?? parent.index
        m.timescale = timescale ?? parent.timescale
        m.duration = duration ?? parent.duration
        m.startNumber = startNumber ?? parent.startNumber
        m.presentationTimeOffset = presentationTimeOffset ?? parent.presentationTimeOffset
        m.timeline = timeline ?? parent.timeline
        m.initializationElement = initializationElement ?? parent.initializationElement
        return m
    }
}
