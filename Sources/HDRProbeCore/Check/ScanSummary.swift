import Foundation

/// The end-of-scan summary: how many files, how they came out, and counts per video range type,
/// per Dolby Vision profile and verdict, per finding code and per error code. Counts only, so it
/// stays the same size however large the library.
public struct ScanSummary: Codable, Sendable, Equatable {
    public var files = 0
    public var ok = 0
    public var errors = 0
    /// Reports taken from the incremental cache / produced by a probe in this run.
    public var fromCache = 0
    public var probed = 0
    /// Video streams per `videoRangeType`.
    public var rangeTypes: [String: Int] = [:]
    /// Dolby Vision streams per `"<profile> <decision>"`, with the verdict code when refused.
    public var dolbyVision: [String: Int] = [:]
    /// Findings per code (each occurrence).
    public var findings: [String: Int] = [:]
    /// Files in error per `error.code`.
    public var errorCodes: [String: Int] = [:]
    /// Entries the walk passed over, per reason (`hidden`, `notMedia`, `symlinkLoop`, …).
    public var skipped: [String: Int] = [:]
    public var interrupted = false
    public var seconds: Double = 0

    public init() {}

    public mutating func add(_ digest: ReportDigest, fromCache cached: Bool) {
        files += 1
        if cached { fromCache += 1 } else { probed += 1 }
        if digest.status == .error {
            errors += 1
            errorCodes[digest.error?.code ?? "unknown", default: 0] += 1
        } else {
            ok += 1
        }
        for s in digest.videoStreams {
            if let type = s.videoRangeType { rangeTypes[type, default: 0] += 1 }
            if let dv = s.dolbyVision {
                let key = dv.decision == "accept" ? "\(dv.profile) accept" : "\(dv.profile) refuse (\(dv.verdictCode))"
                dolbyVision[key, default: 0] += 1
            }
        }
        for f in digest.findings { findings[f.code, default: 0] += 1 }
    }

    public mutating func skip(_ reason: String, count: Int = 1) {
        skipped[reason, default: 0] += count
    }

    /// Files per second over the whole run.
    public var rate: Double { seconds > 0 ? Double(files) / seconds : 0 }

    /// The human summary, e.g. at the end of `hdrprobe scan`.
    public func text(title: String = "hdrprobe scan") -> String {
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
    static func sorted(_ counts: [String: Int]) -> [(key: String, value: Int)] {
        counts.sorted { $0.value != $1.value ? $0.value > $1.value : MediaFileTypes.precedes($0.key, $1.key) }
    }
}
