import HDRProbeModel
import HDRProbeManifests
import HDRProbeReport
import HDRProbeSignal
import HDRProbeEngine

/// How probed files are signalled to streaming players.
///
/// ``hls(for:uriTemplate:)`` plans a Multivariant Playlist fragment; ``dash(for:baseURLTemplate:)`` plans the MPD
/// AdaptationSets from the same decision (Dolby Vision verdict and route, HDR10+). Both are planned from the
/// reports after the probe: a report is the same whichever signalling is asked of it.
public enum StreamingSignalling {
    /// The URI written after each `#EXT-X-STREAM-INF` unless told otherwise (`hdrprobe hls --uri-template`).
    public static let defaultHLSURITemplate = "{name}/prog_index.m3u8"
    /// The `BaseURL` of each Representation unless told otherwise (`hdrprobe dash --base-url`).
    public static let defaultDASHBaseURLTemplate = "{name}.mp4"

    /// The HLS variants for `reports`, as `hdrprobe hls FILE…` plans them: one
    /// `#EXT-X-STREAM-INF` per video file (`CODECS`, `SUPPLEMENTAL-CODECS`, `VIDEO-RANGE`,
    /// `FRAME-RATE`, `RESOLUTION`, measured `BANDWIDTH`), plus a fallback variant without
    /// `SUPPLEMENTAL-CODECS` for Dolby Vision 8.1, 8.4, 10.1 and 10.4.
    ///
    /// `{name}` in `uriTemplate` stands for the file name without folder and extension.
    public static func hls(for reports: [MediaReport], uriTemplate: String = defaultHLSURITemplate) -> HLSPlan {
        HLSPlan(HLSFragmentPlanner.fragment(reports: reports.map(\.report), uriTemplate: uriTemplate))
    }

    /// The MPEG-DASH AdaptationSets for `reports`, as `hdrprobe dash FILE…` plans them: one `Representation` per video
    /// file (`@codecs`, `scte214:supplementalCodecs` / `supplementalProfiles` for Dolby Vision 8.1, 8.4, 10.1, 10.4,
    /// `@width`/`@height`/`@sar`, `@frameRate` as a rational, measured `@bandwidth`), with the CICP colour
    /// descriptors (PQ essential, HLG supplemental), the HDR10+ descriptor and `ContentProtection` on its set.
    ///
    /// Files without a video stream or that could not be analysed are listed in ``DASHPlan/skipped``. `{name}` in `baseURLTemplate` stands for the file name without folder and extension;
    /// `nil` writes no `BaseURL`.
    public static func dash(for reports: [MediaReport], baseURLTemplate: String? = defaultDASHBaseURLTemplate) -> DASHPlan {
        let planned = reports.map { media in
            var report = media.report
            ReportSignalling.planDASH(&report)
            return report
        }
        return DASHPlan(DASHFragment(reports: planned, baseURLTemplate: baseURLTemplate), reports: planned)
    }
}

/// A planned set of MPEG-DASH AdaptationSets (``StreamingSignalling/dash(for:baseURLTemplate:)``).
public struct DASHPlan: Sendable, Equatable {
    let fragment: DASHFragment
    /// The reports with their `streams[N].dash` plans.
    let reports: [ProbeReport]

    init(_ fragment: DASHFragment, reports: [ProbeReport]) {
        self.fragment = fragment
        self.reports = reports
    }

    /// The number of AdaptationSets.
    public var adaptationSetCount: Int { fragment.adaptationSets.count }

    /// The reports as one JSON array, each video stream with its `dash` plan (`hdrprobe dash --json`).
    public func reportsJSON() throws -> String { try ReportEncoder.jsonArray(reports) }

    /// One planned `Representation`.
    public struct Representation: Sendable, Equatable {
        /// The file it plays.
        public var file: String
        /// The `AdaptationSet@id` it belongs to.
        public var adaptationSet: Int
        /// `@id`.
        public var id: String
        /// `@codecs` (the original format of an encrypted track).
        public var codecs: String
        /// `scte214:supplementalCodecs` (the Dolby Vision layer over a compatible base), if any.
        public var supplementalCodecs: String?
        /// `scte214:supplementalProfiles` (`db1p`, `db4h`), if any.
        public var supplementalProfiles: String?
        /// `@frameRate`: `N` or `N/D`.
        public var frameRate: String?
        /// `@bandwidth`: the measured peak bit rate of the video, bits per second.
        public var bandwidth: Int?
        /// Why each attribute is what it is, one comment text each.
        public var comments: [String]
    }

    /// The Representations, in file order within their AdaptationSets.
    public var representations: [Representation] {
        fragment.adaptationSets.flatMap { set in
            set.representations.map {
                Representation(file: $0.file, adaptationSet: set.id, id: $0.id, codecs: $0.dash.codecs ?? "",
                               supplementalCodecs: $0.dash.supplementalCodecs, supplementalProfiles: $0.dash.supplementalProfiles,
                               frameRate: $0.dash.frameRate, bandwidth: $0.dash.bandwidth, comments: $0.comments)
            }
        }
    }

    /// Files that gave no Representation (not analysed, no video, no codec string), with the reason.
    public var skipped: [(file: String, reason: String)] { fragment.skipped.map { ($0.file, $0.reason) } }

    /// The XML, as `hdrprobe dash` prints it; `header` wraps the AdaptationSets in an XML declaration and a `Period`
    /// declaring the MPD, SCTE 214 and CENC namespaces.
    ///
    /// `note` follows the generator's name and version in the leading comment.
    public func mpd(header: Bool = true, note: String = "") -> String {
        fragment.render(header: header, generator: "hdrprobe \(ProbeEngine.version)\(note)")
    }
}

/// A planned HLS Multivariant Playlist fragment (``StreamingSignalling/hls(for:uriTemplate:)``).
public struct HLSPlan: Sendable, Equatable {
    let fragment: HLSFragmentPlanner.Fragment

    init(_ fragment: HLSFragmentPlanner.Fragment) { self.fragment = fragment }

    /// One variant of the playlist.
    public struct Variant: Sendable, Equatable {
        /// The file the variant plays.
        public var file: String
        /// `false` for the primary variant of a file, `true` for its fallback (no Dolby Vision layer).
        public var isFallback: Bool
        /// The `#EXT-X-STREAM-INF` line.
        public var streamInf: String
        /// The URI line after it.
        public var uri: String
        /// Why each attribute is what it is, one comment line (`# …`) each.
        public var comments: [String]
    }

    /// The variants, primary then fallback per file, in file order.
    public var variants: [Variant] {
        fragment.entries.map {
            Variant(file: $0.file, isFallback: $0.role == .fallback, streamInf: $0.streamInf, uri: $0.uri, comments: $0.comments)
        }
    }

    /// Files that gave no variant (not analysed, no video), with the reason.
    public var skipped: [(file: String, reason: String)] { fragment.skipped.map { ($0.file, $0.reason) } }

    /// The playlist text, as `hdrprobe hls` prints it; `header` adds `#EXTM3U`,
    /// `#EXT-X-VERSION:7` and `#EXT-X-INDEPENDENT-SEGMENTS`.
    ///
    /// `note` follows the generator's name and version in the leading comment.
    public func playlist(header: Bool = true, note: String = "") -> String {
        fragment.render(header: header, generator: "hdrprobe \(ProbeEngine.version)\(note)")
    }

    /// The variants and their decisions as JSON (`hdrprobe hls --json`).
    public func json() throws -> String { try ReportEncoder.json(fragment) }
}
