/// Where a manifest-check finding is: the playlist or MPD and its line, and the segment when the
/// finding is about one (`hls --check`, `dash --check`; the Must fix / Should fix lists).
package struct FindingLocation: Codable, Sendable, Equatable {
    /// The playlist or MPD as the check names it (its URI as written, or the path given).
    package var playlist: String
    @NullEncoded package var line: Int?
    /// The segment URI as the playlist writes it.
    @NullEncoded package var segment: String?

    package init(playlist: String, line: Int?, segment: String? = nil) {
        self.playlist = playlist
        self.line = line
        self.segment = segment
    }
}
