/// `SegmentBase` (ISO/IEC 23009-1 §5.3.9.2): one media file per Representation (the BaseURL),
/// its initialization in `Initialization@range` (or `@sourceURL`) and its segment index (`sidx`,
/// ISO/IEC 14496-12 §8.16.3) in `@indexRange`; the index gives each media segment's byte range.
/// Also the base of `SegmentList` and `SegmentTemplate` (`@timescale`, `@presentationTimeOffset`).
package struct SegmentBase: Sendable, Equatable, Codable {
    /// URLType (§5.3.9.2.3): `@sourceURL` and/or `@range`.
    package struct URLReference: Sendable, Equatable, Codable {
        package var sourceURL: String?
        package var range: MPDByteRange?
        package var line: Int

        package init(element: MPDXMLElement) throws(MPDError) {
            sourceURL = element["sourceURL"]
            range = try element.byteRange("range")
            line = element.line
        }

        package init(sourceURL: String?, range: MPDByteRange?, line: Int) {
            self.sourceURL = sourceURL
            self.range = range
            self.line = line
        }
    }

    package var timescale: Int?
    package var presentationTimeOffset: Int?
    package var indexRange: MPDByteRange?
    package var initialization: URLReference?
    package var line: Int

    package init(element: MPDXMLElement) throws(MPDError) {
        timescale = try element.unsigned("timescale")
        presentationTimeOffset = try element.unsigned("presentationTimeOffset")
        indexRange = try element.byteRange("indexRange")
        initialization = try element.child("Initialization").map { e throws(MPDError) in try URLReference(element: e) }
        line = element.line
        if timescale == 0 { throw MPDError(.invalidValue, line: line, "\(element.name)@timescale=\"0\"") }
    }

    /// This level's values over the enclosing level's (§5.3.9.1: lower levels override).
    package func merged(over parent: SegmentBase?) -> SegmentBase {
        guard let parent else { return self }
        var m = self
        m.timescale = timescale ?? parent.timescale
        m.presentationTimeOffset = presentationTimeOffset ?? parent.presentationTimeOffset
        m.indexRange = indexRange ?? parent.indexRange
        m.initialization = initialization ?? parent.initialization
        return m
    }
}
