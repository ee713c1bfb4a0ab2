/// The result of `hdrprobe hls --check PLAYLIST`: per `#EXT-X-STREAM-INF`, where its media was
/// found, what hdrprobe would signal for that media, and every disagreement as a ``Finding``
/// (the report's finding format; `stream` is null, the playlist line is the variant's `line`).
/// Codes are catalogued in `docs/findings.md` ("HLS signalling" and "HLS playlist check").
package struct HLSCheckReport: Codable, Sendable, Equatable {
    package var tool: ToolInfo
    /// The playlist as given.
    package var playlist: String
    package var status: ProbeReport.Status
    /// Why the playlist itself could not be checked (unreadable, malformed: `hls.check.playlistMalformed`
    /// with its line), nil when it was read.
    @NullEncoded package var error: Finding?
    @NullEncoded package var errorLine: Int?
    package var variants: [Variant]
    /// The renditions with a URI the whole-presentation walk measured (empty for a first-segment check).
    package var renditions: [Rendition] = []
    /// Findings about the set of variants rather than one of them (Apple's ladder rules:
    /// `hls.ladder.*`), placed at the Multivariant Playlist.
    package var ladder: [Finding] = []
    /// Every warning and error grouped by code with where it occurs.
    package var fixes = FixList()

    package struct Variant: Codable, Sendable, Equatable {
        /// Line of the `#EXT-X-STREAM-INF` tag.
        package var line: Int
        /// The URI line as written.
        package var uri: String
        /// The resolved media playlist, init section and first segment.
        @NullEncoded package var mediaPlaylist: String?
        @NullEncoded package var initSection: String?
        @NullEncoded package var firstSegment: String?
        /// The `#EXT-X-STREAM-INF` attributes as written.
        package var declared: String
        /// What hdrprobe signals for the media (null when the media could not be probed).
        @NullEncoded package var expected: HLSReport?
        /// Disagreements between the playlist and the media, worst first.
        package var findings: [Finding]
        /// The probe's own findings on the media (not counted by `--fail-on`).
        package var mediaFindings: [Finding]
        /// The whole-presentation walk of the variant's Media Playlist (null for a first-segment check).
        @NullEncoded package var presentation: Presentation?
        /// An `EXT-X-I-FRAME-STREAM-INF` (its I-frame playlist walked), not an `EXT-X-STREAM-INF`.
        package var iFrames = false

        package init(line: Int, uri: String, mediaPlaylist: String? = nil, initSection: String? = nil,
                    firstSegment: String? = nil, declared: String, expected: HLSReport? = nil,
                    findings: [Finding] = [], mediaFindings: [Finding] = []) {
            self.line = line
            self.uri = uri
            self.mediaPlaylist = mediaPlaylist
            self.initSection = initSection
            self.firstSegment = firstSegment
            self.declared = declared
            self.expected = expected
            self.findings = findings
            self.mediaFindings = mediaFindings
        }
    }

    /// What the whole-presentation walk measured of one variant (`docs/rules/hls-presentation.md`).
    package struct Presentation: Codable, Sendable, Equatable {
        /// Segments the Media Playlist lists.
        package var segments: Int
        /// Segments whose head was read.
        package var segmentsRead = 0
        /// Bytes read of the segments (their heads only).
        package var bytesRead = 0
        /// Segments that begin with a sync sample (fMP4).
        package var keyFrameStarts = 0
        /// Bits per second (Apple's peak and average, over the segments read).
        package var measuredPeak = 0
        package var measuredAverage = 0
        @NullEncoded package var declaredBandwidth: Int?
        @NullEncoded package var declaredAverageBandwidth: Int?
        /// The measured peak and average against the declared ones, percent (one decimal; +10.0 is
        /// 10 % over), null without a declaration.
        @NullEncoded package var peakDifferencePercent: Double?
        @NullEncoded package var averageDifferencePercent: Double?
        /// The first segment's video as probed (null for audio): picture size, frames per second,
        /// sample entry, profile and level as the bitstream states them, the HLS VIDEO-RANGE (SDR, PQ,
        /// HLG) and the Dolby Vision profile (`8.1`).
        @NullEncoded package var width: Int?
        @NullEncoded package var height: Int?
        @NullEncoded package var frameRate: Double?
        @NullEncoded package var codec: String?
        @NullEncoded package var profile: String?
        @NullEncoded package var level: Int?
        @NullEncoded package var videoRange: String?
        @NullEncoded package var dolbyVisionProfile: String?
        /// The longest time between two sync samples of the fMP4 segments read (their `trun`
        /// sample flags, decode times), seconds; null when no segment holds two.
        @NullEncoded package var keyFrameInterval: Double?
        /// The `EXT-X-KEY` methods of the segments other than NONE (`SAMPLE-AES`), null when clear.
        @NullEncoded package var encryption: String?

        /// Segments read of those listed, percent with one decimal (100 when the walk read them all;
        /// a gap, a missing segment or the segment limit lowers it). Set by ``finish()``.
        package var processedPercent: Double = 100

        package init(segments: Int) { self.segments = segments }

        /// Sets what follows from the counts once the walk is done.
        package mutating func finish() {
            processedPercent = segments == 0 ? 100 : (Double(segmentsRead) / Double(segments) * 1000).rounded() / 10
        }

        /// `measured` against `declared`, percent with one decimal.
        package static func difference(_ measured: Int, _ declared: Int?) -> Double? {
            guard let declared, declared > 0 else { return nil }
            return ((Double(measured) - Double(declared)) / Double(declared) * 1000).rounded() / 10
        }
    }

    package init(tool: ToolInfo, playlist: String, status: ProbeReport.Status, error: Finding? = nil,
                errorLine: Int? = nil, variants: [Variant] = []) {
        self.tool = tool
        self.playlist = playlist
        self.status = status
        self.error = error
        self.errorLine = errorLine
        self.variants = variants
    }

    /// Every finding of the check (the playlist error, then each variant's), for exit statuses.
    package var allFindings: [Finding] {
        (error.map { [$0] } ?? []) + ladder + variants.flatMap(\.findings) + renditions.flatMap(\.findings)
    }

    /// The worst severity found, nil when clean.
    package var worstSeverity: Finding.Severity? { allFindings.map(\.severity).max() }
}
