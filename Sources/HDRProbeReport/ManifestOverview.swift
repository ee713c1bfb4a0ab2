import Foundation
import HDRProbeModel

/// The hlsreport-like overview of one manifest check (`hls --check`, `dash --check`): a row per
/// variant, I-frame playlist and rendition (HLS) or per video Representation (DASH) with what the
/// whole-presentation walk measured against what the manifest declares, then the Must fix / Should
/// fix groups. Values stay typed here; ``cells(_:)`` is where the text and the HTML page get their
/// strings.
package struct ManifestOverview: Sendable {
    package struct Row: Sendable {
        package enum Kind: String, Sendable { case variant, iFrames = "I-frames", audio, subtitles, representation = "Representation" }
        package var kind: Kind
        /// The URI as the manifest writes it, or the Representation's `@id`.
        package var name: String
        /// The manifest line of its tag or element.
        package var line: Int
        /// Null for a first-segment check or a manifest entry whose playlist could not be read.
        package var presentation: HLSCheckReport.Presentation?
        /// An audio rendition's `CHANNELS` and its media's.
        package var channels: String?
        package var mediaChannels: String?
        /// Its errors and warnings.
        package var problems: Int
    }

    /// `HLS` or `DASH`.
    package var format: String
    package var manifest: String
    /// Why the manifest could not be checked at all.
    package var failure: String?
    package var rows: [Row]
    package var fixes: FixList

    package init(_ r: HLSCheckReport) {
        format = "HLS"
        manifest = r.playlist
        failure = r.status == .error ? r.error?.message : nil
        fixes = r.fixes
        rows = r.variants.map { v in
            Row(kind: v.iFrames ? .iFrames : .variant, name: v.uri, line: v.line, presentation: v.presentation,
                problems: v.findings.filter { $0.severity >= .warning }.count)
        } + r.renditions.map { m in
            Row(kind: m.type == "SUBTITLES" ? .subtitles : .audio, name: m.uri, line: m.line, presentation: m.presentation,
                channels: m.channels, mediaChannels: m.mediaChannels, problems: m.findings.filter { $0.severity >= .warning }.count)
        }
    }

    package init(_ r: DASHCheckReport) {
        format = "DASH"
        manifest = r.manifest
        failure = r.status == .error ? r.error?.message : nil
        fixes = r.fixes
        rows = r.representations.map { rep in
            Row(kind: .representation, name: rep.id, line: rep.line, presentation: rep.presentation,
                problems: rep.findings.filter { $0.severity >= .warning }.count)
        }
    }

    /// Whether any row was walked (a whole-presentation check).
    package var walked: Bool { rows.contains { $0.presentation != nil } }

    package static let headers = ["Kind", "Name", "Line", "Segments", "Peak b/s", "Average b/s", "Resolution", "Frame rate", "Codec",
                                  "Range", "Key frames", "Encryption", "Channels", "Processed"]

    /// The row's cells, in ``headers`` order; "–" where a value is unknown or does not apply.
    package static func cells(_ row: Row) -> [String] {
        let p = row.presentation
        func rate(_ measured: Int?, _ declared: Int?, _ difference: Double?) -> String {
            guard let measured, measured > 0 else { return "–" }
            guard let declared, let difference else { return grouped(measured) }
            return "\(grouped(measured)) of \(grouped(declared)) (\(difference >= 0 ? "+" : "")\(String(format: "%.1f", difference)) %)"
        }
        let resolution = p.flatMap { p in p.width.flatMap { w in p.height.map { "\(w)x\($0)" } } }
        let codec = p.flatMap { p in p.codec.map { c in [c, p.profile, p.level.map { "level \($0)" }].compactMap { $0 }.joined(separator: " ") } }
        let range = p.flatMap { p in p.videoRange.map { r in r + (p.dolbyVisionProfile.map { ", Dolby Vision \($0)" } ?? "") } }
        let channels = row.channels.map { declared in declared + (row.mediaChannels.map { $0 == declared ? "" : " (media \($0))" } ?? "") }
            ?? row.mediaChannels.map { "media \($0)" }
        return [row.kind.rawValue, row.name, String(row.line), p.map { "\($0.segments)" } ?? "–",
                rate(p?.measuredPeak, p?.declaredBandwidth, p?.peakDifferencePercent),
                rate(p?.measuredAverage, p?.declaredAverageBandwidth, p?.averageDifferencePercent),
                resolution ?? "–", p?.frameRate.map { String(format: "%.3f", $0) } ?? "–", codec ?? "–", range ?? "–",
                p?.keyFrameInterval.map { String(format: "%.3f s", $0) } ?? "–", p.map { $0.encryption ?? "none" } ?? "–", channels ?? "–",
                p.map { String(format: "%.1f %%", $0.processedPercent) } ?? "–"]
    }

    /// A location as people read it: `playlist line N: segment`.
    package static func text(_ l: FindingLocation) -> String {
        l.playlist + (l.line.map { " line \($0)" } ?? "") + (l.segment.map { ": \($0)" } ?? "")
    }

    /// 1234567 → "1,234,567".
    static func grouped(_ n: Int) -> String {
        let digits = String(n.magnitude)
        var out = ""
        for (i, c) in digits.enumerated() {
            if i > 0, (digits.count - i) % 3 == 0 { out.append(",") }
            out.append(c)
        }
        return (n < 0 ? "-" : "") + out
    }
}
