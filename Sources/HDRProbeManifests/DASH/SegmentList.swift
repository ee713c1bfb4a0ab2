/// `SegmentList` (ISO/IEC 23009-1 §5.3.9.3): an explicit list of `SegmentURL` (`@media`, optional
/// `@mediaRange`), an `Initialization` (URLType) and `@duration` or a ``SegmentTimeline`` for the
/// timing. A `SegmentURL` without `@media` addresses the BaseURL itself (with its `@mediaRange`).
package struct SegmentList: Sendable, Equatable, Codable {
    package struct SegmentURL: Sendable, Equatable, Codable {
        package var media: String?
        package var mediaRange: MPDByteRange?
        package var line: Int
    }

    package var timescale: Int?
    package var duration: Int?
    package var startNumber: Int?
    package var initialization: SegmentBase.URLReference?
    package var timeline: SegmentTimeline?
    package var segmentURLs: [SegmentURL]
    package var line: Int

    package init(element: MPDXMLElement) throws(MPDError) {
        line = element.line
        timescale = try element.unsigned("timescale")
        duration = try element.unsigned("duration")
        startNumber = try element.unsigned("startNumber")
        initialization = try element.child("Initialization").map { e throws(MPDError) in try SegmentBase.URLReference(element: e) }
        timeline = try element.child("SegmentTimeline").map { e throws(MPDError) in try SegmentTimeline(element: e) }
        var urls: [SegmentURL] = []
        for u in element.children("SegmentURL") {
            urls.append(SegmentURL(media: u["media"], mediaRange: try u.byteRange("mediaRange"), line: u.line))
        }
        segmentURLs = urls
        if timescale == 0 { throw MPDError(.invalidValue, line: line, "SegmentList@timescale=\"0\"") }
    }

    /// Attributes inherit from the enclosing level; the `SegmentURL`s of the lowest level that has any.
    package func merged(over parent: SegmentList?) -> SegmentList {
        guard let parent else { return self }
        var m = self
        m.timescale = timescale ?? parent.timescale
        m.duration = duration ?? parent.duration
        m.startNumber = startNumber ?? parent.startNumber
        m.initialization = initialization ?? parent.initialization
        m.timeline = timeline ?? parent.timeline
        if segmentURLs.isEmpty { m.segmentURLs = parent.segmentURLs }
        return m
    }
}
