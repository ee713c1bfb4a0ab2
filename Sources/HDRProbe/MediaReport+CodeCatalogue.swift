import HDRProbeModel
import HDRProbeReport

extension MediaReport.Code {
    /// One row of the code catalogue (docs/findings.md): a code in one family, with its default
    /// severity, its decision for a verdict code and what to do about it. A code can sit in two
    /// families (`container.truncated` is a finding and a failure), with a row each.
    public struct CatalogueEntry: Sendable, Equatable {
        /// The code.
        public var code: MediaReport.Code
        /// Where it is raised.
        public var family: Family
        /// The default severity (verdict codes: `info`; their ``decision`` says more).
        public var severity: MediaReport.Code.Severity
        /// Verdict codes only: whether the policy accepts or refuses the Dolby Vision layer.
        public var decision: Decision?
        /// What to do about it (verdict codes: what the verdict means); nil for signalling codes.
        public var remedy: String?
    }

    /// Where a code is raised: each family is one section of docs/findings.md.
    public enum Family: String, Sendable, Hashable, CaseIterable {
        /// A finding of a file's probe.
        case finding
        /// An HLS signalling decision.
        case signalling
        /// A disagreement `hls --check` finds between a playlist and its media.
        case playlistCheck
        /// A Dolby Vision verdict.
        case verdict
        /// Why a file could not be analysed.
        case error
        /// A check policy's finding (`hdrprobe check`).
        case check
        /// A disagreement `dash --check` finds between an MPD and its media.
        case manifestCheck
        /// What `hdrprobe fix` did or could not do.
        case fix
    }

    /// A verdict code's decision.
    public enum Decision: String, Sendable, Hashable {
        /// The Dolby Vision layer plays.
        case accept
        /// The Dolby Vision layer is refused; the fallback plays.
        case refuse
    }

    /// The whole catalogue, a row per code and family, in the order of docs/findings.md
    /// (`hdrprobe codes` prints it).
    public static var catalogue: [CatalogueEntry] {
        FindingCode.catalogue.map { entry in
            CatalogueEntry(code: MediaReport.Code(entry.code), family: Family(rawValue: entry.family.rawValue)!,
                           severity: MediaReport.Code.Severity(entry.severity),
                           decision: entry.decision.flatMap(Decision.init(rawValue:)), remedy: entry.remedy)
        }
    }

    /// docs/findings.md as generated from the catalogue (`hdrprobe codes --markdown`).
    public static var catalogueMarkdown: String { CodeCatalogueMarkdown.render() }
}
