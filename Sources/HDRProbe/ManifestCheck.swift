import Foundation
import HDRProbeModel
import HDRProbeReport
import HDRProbeCheck
import HDRProbeEngine

/// Streaming manifests checked against their media: an HLS Multivariant Playlist
/// (``hls(_:options:firstSegmentOnly:network:)``) or an MPEG-DASH MPD (``dash(_:options:firstSegmentOnly:network:)``), a local path or an `http(s)` URL
/// (read with ranged requests, in parallel, within the budgets of ``Network``).
/// For each variant or video Representation the init section and the first segment are fetched
/// and probed, and every disagreement between what the manifest declares and what the media is
/// becomes a finding (codes `hls.check.*`, `dash.check.*`; docs/findings.md) with its manifest line.
/// A manifest that cannot be read is the check's ``failure``, never a thrown error.
public struct ManifestCheck: Sendable {
    enum Kind: Sendable {
        case hls(HLSCheckReport)
        case dash(DASHCheckReport)
    }

    let kind: Kind

    /// Checks the HLS Multivariant Playlist `playlist`: by default the whole presentation — every
    /// segment of every variant, each read only as far as the checks need (its size, its fragment
    /// header and first frames): Apple's measured peak and average bit rates against BANDWIDTH and
    /// AVERAGE-BANDWIDTH, segments longer than the target duration, segments that do not start with a
    /// key frame, EXTINF against the samples' duration, HDR signalling that changes from segment to
    /// segment, Dolby Vision RPUs or HDR10+ metadata missing from a segment, unaligned variants, and
    /// each audio rendition's CHANNELS against its media (`hls.presentation.*`;
    /// docs/rules/hls-presentation.md).
    /// `firstSegmentOnly` checks the init section and first segment of each variant only.
    /// `network`: how an `http(s)` playlist and its segments are read.
    public static func hls(_ playlist: String, options: MediaProbe.Options = MediaProbe.Options(),
                           firstSegmentOnly: Bool = false, network: Network = Network()) throws(HDRProbeError) -> ManifestCheck {
        let checker = HLSPlaylistChecker(options: try options.engineOptions(), limits: .init(network: network.configuration),
                                         wholePresentation: !firstSegmentOnly)
        return ManifestCheck(kind: .hls(checker.check(playlist)))
    }

    /// Checks the MPEG-DASH MPD `manifest`: by default every segment of every video Representation
    /// of a static MPD too — segments that cannot be read or do not start with a key frame, timeline
    /// durations against the media, HDR signalling that changes, and the DASH bandwidth rule
    /// (`@bandwidth` × `@minBufferTime`) over the segments' sizes (`dash.presentation.*`).
    /// `firstSegmentOnly` checks the initialization and first segment only.
    /// `network`: how an `http(s)` MPD and its segments are read.
    public static func dash(_ manifest: String, options: MediaProbe.Options = MediaProbe.Options(),
                            firstSegmentOnly: Bool = false, network: Network = Network()) throws(HDRProbeError) -> ManifestCheck {
        let checker = DASHManifestChecker(options: try options.engineOptions(), limits: .init(network: network.configuration),
                                          wholePresentation: !firstSegmentOnly)
        return ManifestCheck(kind: .dash(checker.check(manifest)))
    }

    /// Why the manifest could not be checked at all (unreadable, malformed: with its line); nil when it was.
    public var failure: String? {
        switch kind {
        case .hls(let r): r.status == .error ? r.error?.message ?? "error" : nil
        case .dash(let r): r.status == .error ? r.error?.message ?? "error" : nil
        }
    }

    /// The codes and severities of every finding, in report order.
    public var findings: [(code: MediaReport.Code, severity: MediaReport.Code.Severity)] {
        let all = switch kind {
        case .hls(let r): r.allFindings
        case .dash(let r): r.allFindings
        }
        return all.map { (MediaReport.Code($0.code), MediaReport.Code.Severity($0.severity)) }
    }

    /// Whether the check fails at `severity`: the manifest could not be checked, or a finding is
    /// at least that severe (`--fail-on`).
    public func fails(at severity: MediaReport.Code.Severity) -> Bool {
        failure != nil || findings.contains { $0.severity >= severity }
    }

    /// The check for people.
    public var text: String {
        switch kind {
        case .hls(let r): HLSCheckSummary.render(r)
        case .dash(let r): DASHCheckSummary.render(r)
        }
    }

    /// The checks as one self-contained HTML page (`--html FILE`): per manifest the overview of every
    /// variant, I-frame playlist and rendition (HLS) or video Representation (DASH) — measured peak and
    /// average against the declared, resolution, frame rate, codec, range, key-frame interval,
    /// encryption, channels, segments processed — then the Must fix and Should fix findings by code,
    /// with how often and where each occurs. Nothing on the page is fetched; every string from a
    /// manifest is escaped. Write it with ``OutputFile/write(_:to:)``.
    public static func html(_ checks: [ManifestCheck]) -> String {
        ManifestOverviewHTML.render(checks.map(\.overview), toolVersion: ProbeEngine.version)
    }

    var overview: ManifestOverview {
        switch kind {
        case .hls(let r): ManifestOverview(r)
        case .dash(let r): ManifestOverview(r)
        }
    }

    /// The checks as one JSON array of check reports.
    public static func json(_ checks: [ManifestCheck]) throws -> String {
        let hls = checks.compactMap { if case .hls(let r) = $0.kind { r } else { nil } }
        let dash = checks.compactMap { if case .dash(let r) = $0.kind { r } else { nil } }
        return dash.isEmpty ? try ReportEncoder.json(hls) : hls.isEmpty ? try ReportEncoder.json(dash) : try ReportEncoder.json(CombinedDocument(hls: hls, dash: dash))
    }

    /// The checks in `format` as `hdrprobe check` writes it, `failOn` deciding which findings fail
    /// and `seconds` the time they took. Checks of one kind (HLS or DASH) at a time.
    public static func render(_ checks: [ManifestCheck], format: FindingsFormat, failOn: MediaReport.Code.Severity, seconds: Double) throws -> String {
        let severity = Finding.Severity(rawValue: failOn.rawValue)!
        let hls = checks.compactMap { if case .hls(let r) = $0.kind { r } else { nil } }
        let dash = checks.compactMap { if case .dash(let r) = $0.kind { r } else { nil } }
        let report = dash.isEmpty
            ? CheckReport.hlsCheck(hls, failOn: severity, toolVersion: ProbeEngine.version, seconds: seconds)
            : CheckReport.dashCheck(dash, failOn: severity, toolVersion: ProbeEngine.version, seconds: seconds)
        return try CheckFormat(rawValue: format.rawValue)!.render(report, verbose: true)
    }

    private struct CombinedDocument: Encodable {
        var hls: [HLSCheckReport]
        var dash: [DASHCheckReport]
    }
}
