import HDRProbeCore
import HDRProbeEngine

/// How probed files are signalled to streaming players.
///
/// HLS today: ``hls(for:uriTemplate:)`` plans a Multivariant Playlist fragment. DASH signalling
/// (MPD `@codecs` and the Dolby Vision supplemental properties) is planned for this namespace as
/// `dash(for:)`, from the same reports.
public enum StreamingSignalling {
    /// The HLS variants for `reports`, as `hdrprobe hls FILE…` plans them: one
    /// `#EXT-X-STREAM-INF` per video file (`CODECS`, `SUPPLEMENTAL-CODECS`, `VIDEO-RANGE`,
    /// `FRAME-RATE`, `RESOLUTION`, measured `BANDWIDTH`), plus a fallback variant without
    /// `SUPPLEMENTAL-CODECS` for Dolby Vision 8.1, 8.4, 10.1 and 10.4.
    ///
    /// `{name}` in `uriTemplate` stands for the file name without folder and extension.
    public static func hls(for reports: [MediaReport], uriTemplate: String = "{name}/prog_index.m3u8") -> HLSPlan {
        HLSPlan(HLSFragmentPlanner.fragment(reports: reports.map(\.report), uriTemplate: uriTemplate))
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
    public func playlist(header: Bool = true) -> String {
        fragment.render(header: header, generator: "hdrprobe \(ProbeEngine.version)")
    }
}
