/// The text around each family's table in `docs/findings.md`: anchor, heading, introduction and
/// column names. ``CodeCatalogueMarkdown`` puts them together with the catalogue rows.
extension FindingCode.Family {
    /// The HTML anchor before the section heading (`docs/findings.md#findings`).
    package var anchor: String {
        switch self {
        case .finding: "findings"
        case .signalling: "hls-signalling"
        case .playlistCheck: "hls-playlist-check"
        case .verdict: "dolby-vision-verdicts"
        case .error: "errors"
        case .check: "check-and-diff"
        case .manifestCheck: "dash-manifest-check"
        case .fix: "fix"
        }
    }

    package var heading: String {
        switch self {
        case .finding: "Findings (`findings[]`)"
        case .signalling:
            "HLS signalling codes (findings from the signalling step; `hdrprobe probe` lists those of severity warning and above)"
        case .playlistCheck: "HLS playlist check codes (`hdrprobe hls --check`)"
        case .verdict: "Dolby Vision verdict codes (`dolbyVision.verdict.code`)"
        case .error: "Error codes (`error.code`, with `status: \"error\"`)"
        case .check: "Check and diff codes (`hdrprobe check`)"
        case .manifestCheck: "DASH manifest check codes (`hdrprobe dash --check`, `hdrprobe hls --from-dash`)"
        case .fix: "Fix codes (`hdrprobe fix`; every one leaves no output file)"
        }
    }

    /// Paragraph lines between the heading and the table (empty when there are none).
    package var introduction: [String] {
        switch self {
        case .signalling: ["Section numbers refer to `docs/rules/hls-signalling.md`."]
        case .playlistCheck: [
            "Each is a disagreement between a Multivariant Playlist's `#EXT-X-STREAM-INF` and the media it points at (init section + first",
            "segment), reported as a finding of that variant with the playlist line. The SUPPLEMENTAL-CODECS rules above",
            "(`hls.supplementalCodecs.*`), `hls.frameRate.missingForHDR`, `hls.frameRate.above60` and `hls.bandwidth.peakMismatch` (first",
            "segment above BANDWIDTH + 10 %) are applied to the declared values too.",
        ]
        case .check: [
            "Raised by `hdrprobe check` from the policy (`docs/check.md`) and by `hdrprobe check --diff` when it",
            "compares two scans. The severity is the default; the policy's `severity` map can change it.",
        ]
        case .manifestCheck: [
            "Each is a disagreement between an MPD's video `Representation` (with what it inherits from its AdaptationSet) and its",
            "media (initialization + first media segment), reported with the MPD line of the element at fault and the value",
            "hdrprobe would write. Rules: `docs/rules/dash-manifests.md` §3 (check) and §4 (DASH to HLS).",
        ]
        case .fix: [
            "Raised by `hdrprobe fix` (`docs/fix.md`): `error.code` of its JSON, and the first words of its error line. Rules:",
            "`docs/rules/isobmff-rewrite.md`.",
        ]
        case .finding, .verdict, .error: []
        }
    }

    package var columns: [String] {
        switch self {
        case .finding, .check: ["code", "severity", "triggered when", "what to do"]
        case .signalling: ["code", "severity", "triggered when"]
        case .playlistCheck, .manifestCheck: ["code", "severity", "trigger", "fix"]
        case .verdict: ["code", "decision", "meaning"]
        case .error, .fix: ["code", "when", "what to do"]
        }
    }

    /// One table row's cells after the code, in column order.
    package func cells(_ entry: FindingCode.Entry) -> [String] {
        switch self {
        case .finding, .check, .playlistCheck, .manifestCheck: [entry.severity.rawValue, entry.trigger ?? "", entry.remedy ?? ""]
        case .signalling: [entry.severity.rawValue, entry.trigger ?? ""]
        case .verdict: [entry.decision ?? "", entry.remedy ?? ""]
        case .error, .fix: [entry.trigger ?? "", entry.remedy ?? ""]
        }
    }
}
