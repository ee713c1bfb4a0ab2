import Foundation
import HDRProbeModel
import HDRProbeSimulate

/// The end-of-scan summary: how many files, how they came out, and counts per video range type,
/// per Dolby Vision profile and verdict, per finding code and per error code. Counts only, so it
/// stays the same size however large the library.
package struct ScanSummary: Codable, Sendable, Equatable {
    package var files = 0
    package var ok = 0
    package var errors = 0
    /// Reports taken from the incremental cache / produced by a probe in this run.
    package var fromCache = 0
    package var probed = 0
    /// Video streams per `videoRangeType`.
    package var rangeTypes: [String: Int] = [:]
    /// Dolby Vision streams per `"<profile> <decision>"`, with the verdict code when refused.
    package var dolbyVision: [String: Int] = [:]
    /// Findings per code (each occurrence).
    package var findings: [String: Int] = [:]
    /// Files in error per `error.code`.
    package var errorCodes: [String: Int] = [:]
    /// Entries the walk passed over, per reason (`hidden`, `notMedia`, `symlinkLoop`, …).
    package var skipped: [String: Int] = [:]
    package var interrupted = false
    package var seconds: Double = 0

    package init() {}

    package mutating func add(_ digest: ReportDigest, fromCache cached: Bool) {
        files += 1
        if cached { fromCache += 1 } else { probed += 1 }
        if digest.status == .error {
            errors += 1
            errorCodes[digest.error?.code.rawValue ?? "unknown", default: 0] += 1
        } else {
            ok += 1
        }
        for s in digest.videoStreams {
            if let type = s.videoRangeType { rangeTypes[type.rawValue, default: 0] += 1 }
            if let dv = s.dolbyVision {
                let key = dv.decision == .accept ? "\(dv.profile) accept" : "\(dv.profile) refuse (\(dv.verdictCode))"
                dolbyVision[key, default: 0] += 1
            }
        }
        for f in digest.findings { findings[f.code.rawValue, default: 0] += 1 }
    }

    package mutating func skip(_ reason: String, count: Int = 1) {
        skipped[reason, default: 0] += count
    }

    /// Files per second over the whole run.
    package var rate: Double { seconds > 0 ? Double(files) / seconds : 0 }

    /// The human summary, e.g. at the end of `hdrprobe scan`.
    package func text(title: String = "hdrprobe scan") -> String {
        var lines: [String] = []
        let time = String(format: "%.1f", seconds)
        let rateText = rate > 0 ? ", " + CountText.perSecond(rate, "file") : ""
        lines.append("\(title): \(CountText.of(files, "file")) in \(time) s\(rateText)\(interrupted ? " — INTERRUPTED, partial results" : "")")
        lines.append("  \(ok) analysed, \(errors) in error; \(fromCache) from the cache, \(probed) probed")
        if !skipped.isEmpty {
            lines.append("  skipped: " + Self.sorted(skipped).map { "\($0.value) \($0.key)" }.joined(separator: ", "))
        }
        func table(_ title: String, _ counts: [String: Int]) {
            guard !counts.isEmpty else { return }
            lines.append("  \(title)")
            let width = min(48, counts.keys.map(\.count).max() ?? 0)
            for (key, value) in Self.sorted(counts) {
                lines.append("    \(key.padding(toLength: max(width, key.count), withPad: " ", startingAt: 0))  \(value)")
            }
        }
        table("video range types (video streams)", rangeTypes)
        table("Dolby Vision (profile, verdict)", dolbyVision)
        table("findings", findings)
        table("errors", errorCodes)
        return lines.joined(separator: "\n")
    }

    /// Largest count first, then by key, so the order is stable.
    package static func sorted(_ counts: [String: Int]) -> [(key: String, value: Int)] {
        counts.sorted { $0.value != $1.value ? $0.value > $1.value : MediaFileTypes.precedes($0.key, $1.key) }
    }
}
