import Foundation
import HDRProbeModel
import HDRProbeEngine

/// HLS playlists translated from an MPEG-DASH MPD (docs/rules/dash-manifests.md §4): a
/// Multivariant Playlist with one variant per video Representation (CODECS, SUPPLEMENTAL-CODECS,
/// VIDEO-RANGE, FRAME-RATE, RESOLUTION from the probed media, BANDWIDTH from `@bandwidth`) and
/// audio groups, and one media playlist per Representation.
public struct HLSTranslation: Sendable {
    /// A finding of the translation, with the MPD line it concerns (0 when none).
    public struct Finding: Sendable, Equatable {
        /// The catalogue code (`dash.hls.*`, `dash.check.*`).
        public var code: MediaReport.Code
        /// How much it matters.
        public var severity: MediaReport.Code.Severity
        /// The MPD line, 0 when none.
        public var line: Int
        /// What happened, for people.
        public var message: String

        init(_ f: DASHCheckFinding) {
            code = MediaReport.Code(f.code)
            severity = MediaReport.Code.Severity(f.severity)
            line = f.line
            message = f.message
        }
    }

    /// The MPD as it was read: an absolute path for a local file, else the URL.
    public var manifest: String
    /// The folder the playlists' URIs are relative to (absolute).
    public var outputDirectory: String
    /// Why nothing was translated (the MPD could not be read); nil when it was.
    public var error: Finding?
    /// File name → playlist text, by name; `master.m3u8` is the Multivariant Playlist.
    public var playlists: [(name: String, text: String)]
    /// The findings, then the Representations left out (their segments could not be addressed or fetched).
    public var findings: [Finding]
}

extension StreamingSignalling {
    /// Translates the MPD at `manifest` (a path or an `http(s)` URL) into HLS playlists to be
    /// written in `outputDirectory`: each video Representation's initialization and first media
    /// segment probed, every segment listed (the `sidx` read for SegmentBase). Segment URIs are
    /// relative to `outputDirectory` for local media, whatever the working folder is, and absolute
    /// URLs for remote media. Nothing is written: ``HLSTranslation/playlists`` holds the texts.
    public static func hlsFromDASH(manifest: String, outputDirectory: String,
                                   options: MediaProbe.Options = MediaProbe.Options()) throws(HDRProbeError) -> HLSTranslation {
        let engine = try options.engineOptions()
        let directory = URL(fileURLWithPath: outputDirectory).standardizedFileURL.path
        let manifest = manifest.contains("://") ? manifest : URL(fileURLWithPath: manifest).standardizedFileURL.path
        let result = DASHToHLSTranslator(options: engine).translate(manifest, outputDirectory: directory)
        let files = (result.output?.files ?? [:]).sorted { $0.key < $1.key }.map { (name: $0.key, text: $0.value) }
        return HLSTranslation(manifest: manifest, outputDirectory: directory, error: result.error.map(HLSTranslation.Finding.init),
                              playlists: files,
                              findings: ((result.output?.findings ?? []) + result.skipped).map(HLSTranslation.Finding.init))
    }
}
