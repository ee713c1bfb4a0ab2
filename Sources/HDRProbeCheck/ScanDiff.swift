import HDRProbeModel
import HDRProbeSimulate

/// `hdrprobe check --diff OLD NEW`: what changed between two scans of a library — files that
/// lost Dolby Vision, verdicts that went from accept to refuse or otherwise changed, new errors,
/// range types that changed, new warnings, and files added or removed. The regression check of a
/// packaging pipeline: run it on the scan of the last release and the scan of the candidate.
package enum ScanDiff {
    /// One outcome per file with a change, sorted by path (byte order); items carry the default
    /// severities of ``CheckCode``.
    /// Paths are compared byte for byte (``ExactPath``): an NFC and an NFD spelling are two files.
    package static func compare(old: [ExactPath: ReportDigest], new: [ExactPath: ReportDigest]) -> [FileOutcome] {
        let paths = Set(old.keys).union(new.keys).sorted()
        var outcomes: [FileOutcome] = []
        for path in paths {
            let items = changes(old: old[path], new: new[path])
            guard !items.isEmpty else { continue }
            outcomes.append(FileOutcome(path: path.path, status: new[path]?.status ?? .ok, items: items))
        }
        return outcomes
    }

    /// The same for digests keyed by `String` (whose keys already equate canonically equivalent
    /// spellings; readers of JSONL use ``ExactPath`` keys).
    package static func compare(old: [String: ReportDigest], new: [String: ReportDigest]) -> [FileOutcome] {
        compare(old: Dictionary(old.map { (ExactPath($0.key), $0.value) }, uniquingKeysWith: { _, b in b }),
                new: Dictionary(new.map { (ExactPath($0.key), $0.value) }, uniquingKeysWith: { _, b in b }))
    }

    package static func item(_ code: CheckCode, _ message: String, stream: Int? = nil) -> CheckItem {
        CheckItem(code: code, severity: code.severity, message: message, stream: stream, fix: code.fix)
    }

    package static func changes(old: ReportDigest?, new: ReportDigest?) -> [CheckItem] {
        guard let new else { return old == nil ? [] : [item(.removed, "The file is no longer in the scan.")] }
        guard let old else { return [item(.added, "New file" + (new.status == .error ? ", in error (\(new.error?.code.rawValue ?? "error"))." : "."))] }
        switch (old.status, new.status) {
        case (.ok, .error):
            return [item(.newError, "Now in error: \(new.error?.code.rawValue ?? "error"): \(new.error?.message ?? "")")]
        case (.error, .error):
            guard old.error?.code != new.error?.code else { return [] }
            return [item(.newError, "Now in error with \(new.error?.code.rawValue ?? "error") (was \(old.error?.code.rawValue ?? "error")): \(new.error?.message ?? "")")]
        case (.error, .ok):
            return [item(.errorFixed, "Analysed now (was in error: \(old.error?.code.rawValue ?? "error")).")]
        case (.ok, .ok):
            break
        }
        var items: [CheckItem] = []
        let newStreams = Dictionary(new.videoStreams.map { ($0.index, $0) }, uniquingKeysWith: { a, _ in a })
        for before in old.videoStreams {
            let after = newStreams[before.index]
            let i = before.index
            let range = { (s: ReportDigest.StreamDigest?) in s?.videoRangeType?.rawValue ?? "no video stream" }
            if let dv = before.dolbyVision {
                guard let nowDV = after?.dolbyVision else {
                    items.append(item(.lostDolbyVision, "Dolby Vision \(dv.profile) (\(range(before))) is gone: now \(range(after)).", stream: i))
                    continue
                }
                if dv.decision == .accept && nowDV.decision == .refuse {
                    items.append(item(.verdictRegressed, "Dolby Vision \(dv.profile) was accepted; \(nowDV.profile) is now refused (\(nowDV.verdictCode)).", stream: i))
                } else if dv != nowDV {
                    items.append(item(.verdictChanged, "Dolby Vision \(dv.profile) \(dv.decision.rawValue) (\(dv.verdictCode)) is now \(nowDV.profile) \(nowDV.decision.rawValue) (\(nowDV.verdictCode)).", stream: i))
                }
            }
            if before.videoRangeType != after?.videoRangeType, !(before.dolbyVision != nil && after?.dolbyVision == nil) {
                items.append(item(.rangeTypeChanged, "Video range type \(range(before)) is now \(range(after)).", stream: i))
            }
        }
        let oldCodes = Set(old.findings.map(\.code))
        var reported = Set<FindingCode>()
        for f in new.findings where f.severity >= .warning && !oldCodes.contains(f.code) && reported.insert(f.code).inserted {
            items.append(item(.findingAdded, "New \(f.severity.rawValue) \(f.code): \(f.message)", stream: f.stream))
        }
        return items
    }
}
