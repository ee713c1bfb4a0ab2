/// One addressed piece of a Representation: the resource, an optional byte range of it, the
/// segment's duration in seconds when the MPD gives one, and the MPD line it comes from.
package struct SegmentReference: Sendable, Equatable, Codable {
    package var location: HLSResourceLocation
    package var range: MPDByteRange?
    package var duration: Double?
    package var line: Int

    package init(location: HLSResourceLocation, range: MPDByteRange? = nil, duration: Double? = nil, line: Int) {
        self.location = location
        self.range = range
        self.duration = duration
        self.line = line
    }
}
