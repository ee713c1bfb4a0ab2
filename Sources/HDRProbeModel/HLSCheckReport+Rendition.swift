extension HLSCheckReport {
    /// An `#EXT-X-MEDIA` rendition with a URI, as the whole-presentation walk measured it: its
    /// segments sized (their bit rates count in the variants that name its group), and an audio
    /// rendition's CHANNELS against its media.
    package struct Rendition: Codable, Sendable, Equatable {
        /// Line of the `#EXT-X-MEDIA` tag.
        package var line: Int
        /// `TYPE`: AUDIO, SUBTITLES, VIDEO.
        package var type: String
        @NullEncoded package var groupID: String?
        @NullEncoded package var name: String?
        package var uri: String
        @NullEncoded package var mediaPlaylist: String?
        /// `CHANNELS` as written, and the media's value in the same form (`2`, `6`, `16/JOC`).
        @NullEncoded package var channels: String?
        @NullEncoded package var mediaChannels: String?
        /// The sample entry of the init section's track (`mp4a`, `ec-3`).
        @NullEncoded package var codec: String?
        package var findings: [Finding]
        /// Segments, bytes and bit rates (sizes only: no media is read beyond the init section).
        @NullEncoded package var presentation: Presentation?

        package init(line: Int, type: String, groupID: String?, name: String?, uri: String) {
            self.line = line
            self.type = type
            self.groupID = groupID
            self.name = name
            self.uri = uri
            findings = []
        }
    }
}
