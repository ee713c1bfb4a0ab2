import HDRProbeParse
import HDRProbeModel
import HDRProbeClassify
import HDRProbeSimulate

/// Files × targets for a whole library (`hdrprobe matrix`), built one digest at a time so that
/// memory stays flat: files that behave the same on every target form one ``Group`` (same codec,
/// range type, Dolby Vision profile and verdict, frame-rate class, resolution class,
/// outcome-changing findings — and, by construction, the same simulated outcome on every column),
/// and each file keeps only a compact entry (its path, its group, its error and its brightness
/// series in the page's text form). Outcomes come from ``ReportDigest/simulate(on:catalog:)``, the
/// path `check`'s `require:` uses. Rendered by `LibraryMatrix+Text.swift` (Markdown, CSV),
/// ``LibraryMatrixHTML`` and ``json()``.
package struct LibraryMatrix: Sendable {
    package struct Column: Sendable, Encodable {
        package var id: String
        package var device: String
        package var display: String
        /// The player's name and version when the target names one other than the stock AVPlayer
        /// (absent from the JSON otherwise, so earlier matrices read the same).
        package var player: String?
        package var matchDynamicRange: Bool
        package var matchFrameRate: Bool
    }

    /// What the files of a group share.
    package struct Group: Sendable {
        package var status: ProbeReport.Status
        /// `error.code` of files in error.
        package var errorCode: String?
        package var codec: String?
        package var videoRangeType: String?
        /// `"<profile> <decision>"`, e.g. `8.1 accept`.
        package var dolbyVision: String?
        package var frameRate: String?
        package var resolution: String?
        /// Finding codes that change what a player or a check does with the file (``outcomeFindings``).
        package var findings: [String]
        /// One per column; nil when the files have no video to simulate.
        package var cells: [PlaybackOutcome?]
        package var count: Int
    }

    /// One file: where it is, its group, and what only it has.
    package struct File: Sendable {
        package var path: String
        /// The exact bytes of a path that is not UTF-8 (Base64, the report's `pathBytes`); nil otherwise.
        package var pathBytes: String?
        package var group: Int
        package var error: String?
        /// ``BrightnessSeries`` in the page's text form (``brightnessText(_:)``), nil without one.
        package var brightness: String?
        /// The file's own report page, relative to the matrix page (`hdrprobe report --output DIR`).
        package var link: String?
    }

    package let tool: ToolInfo
    package let columns: [Column]
    package private(set) var groups: [Group] = []
    package private(set) var files: [File] = []

    private let targets: [PlaybackTarget]
    private let catalog: DeviceCatalog
    private var groupIndex: [String: Int] = [:]
    private var fileIndex: [ExactPath: Int] = [:]
    /// Simulated cells (and the id of their outcomes) per distinct input: a library holds few
    /// distinct inputs.
    private var memo: [PlaybackInput: (cells: [PlaybackOutcome?], id: Int)] = [:]
    /// Distinct rows of outcomes, so that a group key holds a number, not every reason.
    private var outcomeIDs: [String: Int] = [:]

    /// Finding codes that change an outcome: those the default check treats as errors (refused
    /// Dolby Vision, RPUs without a configuration record) and every error-severity finding.
    package static func outcomeFindings(_ findings: [Finding]) -> [String] {
        Array(Set(findings.filter { $0.severity == .error || FindingCode.defaultCheckErrors.contains($0.code) }.map(\.code.rawValue))).sorted()
    }

    package init(targets: [PlaybackTarget], catalog: DeviceCatalog, tool: ToolInfo) {
        self.tool = tool
        self.targets = targets
        self.catalog = catalog
        columns = targets.map { t in
            Column(id: t.id, device: catalog.device(t.device)?.name ?? t.device, display: catalog.display(t.display)?.name ?? t.display,
                   player: t.player == PlaybackTarget.defaultPlayer ? nil : catalog.player(t.player).map { "\($0.name) \($0.version)" } ?? t.player,
                   matchDynamicRange: t.matchDynamicRange, matchFrameRate: t.matchFrameRate)
        }
    }

    package var fileCount: Int { files.count }

    /// Adds one file; a path seen before (byte for byte, ``ExactPath``) replaces its earlier entry
    /// (as `check --diff` reads scans).
    package mutating func add(_ digest: ReportDigest, link: String? = nil) {
        let (group, key) = describe(digest)
        let g: Int
        if let known = groupIndex[key] {
            g = known
        } else {
            g = groups.count
            groups.append(group)
            groupIndex[key] = g
        }
        groups[g].count += 1
        let file = File(path: digest.path, pathBytes: digest.pathBytes, group: g, error: digest.error.map { "\($0.code): \($0.message)" },
                        brightness: digest.brightness.map(Self.brightnessText), link: link)
        if let earlier = fileIndex[digest.exactPath] {
            groups[files[earlier].group].count -= 1
            files[earlier] = file
        } else {
            fileIndex[digest.exactPath] = files.count
            files.append(file)
        }
    }

    /// The group a digest belongs to, and its key.
    private mutating func describe(_ d: ReportDigest) -> (Group, String) {
        let video = d.videoStreams.first
        let input = d.playbackInput
        var cells: [PlaybackOutcome?] = Array(repeating: nil, count: targets.count)
        var cellKey = ""
        if let input {
            if let known = memo[input] {
                cells = known.cells
                cellKey = String(known.id)
            } else {
                cells = targets.map { d.simulate(on: $0, catalog: catalog) }
                let key = cells.map { $0.map(Self.cellKey) ?? "-" }.joined(separator: "\u{1E}")
                let id = outcomeIDs[key] ?? outcomeIDs.count
                outcomeIDs[key] = id
                cellKey = String(id)
                if memo.count >= 4096 { memo.removeAll() }
                memo[input] = (cells, id)
            }
        }
        let group = Group(status: d.status, errorCode: d.status == .error ? (d.error?.code.rawValue ?? "error") : nil, codec: input?.codec,
                          videoRangeType: video?.videoRangeType?.rawValue,
                          dolbyVision: video?.dolbyVision.map { "\($0.profile) \($0.decision.rawValue)" },
                          frameRate: input.map { Self.frameRateClass($0.framesPerSecond) },
                          resolution: input.map { Self.resolutionClass(width: $0.width, height: $0.height) },
                          findings: Self.outcomeFindings(d.findings), cells: cells, count: 0)
        let fields: [String?] = [group.status.rawValue, group.errorCode, group.codec, group.videoRangeType, group.dolbyVision,
                                 group.frameRate, group.resolution, group.findings.joined(separator: ","), cellKey]
        return (group, fields.map { $0 ?? "" }.joined(separator: "\u{1F}"))
    }

    package static func cellKey(_ o: PlaybackOutcome) -> String {
        ([o.status.rawValue, o.outcome, o.decode.rawValue, o.pipeline.rawValue, o.sampleEntry ?? "", o.supplementalCodecs ?? ""]
            + o.reasons + ["|"] + o.uncertain + ["|"] + o.causes.map(String.init)).joined(separator: "\u{1D}")
    }

    /// The display rate the file snaps to (`FrameRate.snapped`), `other` when none, `unknown` without a rate.
    package static func frameRateClass(_ fps: Double?) -> String {
        guard let fps else { return "unknown" }
        guard let snapped = FrameRate.snapped(fps) else { return "other" }
        return snapped == snapped.rounded() ? String(Int(snapped)) : String(snapped)
    }

    /// SD, 720p, 1080p, 4K or 8K: the smallest class whose frame (1024x576, 1280x720, 1920x1080,
    /// 3840x2160) holds the picture.
    package static func resolutionClass(width: Int, height: Int) -> String {
        for (name, w, h) in [("SD", 1024, 576), ("720p", 1280, 720), ("1080p", 1920, 1080), ("4K", 3840, 2160)] where width <= w && height <= h {
            return name
        }
        return "8K"
    }

    /// A brightness series as the page reads it: `r` (RPU L1 maximum) or `h` (HDR10+ maxscl),
    /// then `milliseconds:decinits` pairs separated by commas.
    package static func brightnessText(_ b: BrightnessSeries) -> String {
        var s = b.source == .rpu ? "r" : "h"
        for (i, (t, n)) in zip(b.milliseconds, b.decinits).enumerated() {
            if i > 0 { s += "," }
            s += "\(t):\(n)"
        }
        return s
    }

    /// The groups that still have files, in first-seen order (a replaced file can empty one).
    package var liveGroups: [Int] { groups.indices.filter { groups[$0].count > 0 } }

    // MARK: - Summary

    /// Per column: files per status (``PlaybackOutcome/Status``, then files with nothing to
    /// simulate) and the most frequent first reasons of degraded or failing outcomes.
    package struct TargetSummary: Sendable, Encodable {
        package var target: String
        package var plays: Int
        package var degraded: Int
        package var fails: Int
        package var notSimulated: Int
        package var topReasons: [Reason]

        package struct Reason: Sendable, Encodable {
            package var status: PlaybackOutcome.Status
            package var reason: String
            package var files: Int
        }
    }

    package func summary(topReasons: Int = 3) -> [TargetSummary] {
        columns.indices.map { c in
            var s = TargetSummary(target: columns[c].id, plays: 0, degraded: 0, fails: 0, notSimulated: 0, topReasons: [])
            var reasons: [String: (status: PlaybackOutcome.Status, files: Int)] = [:]
            for g in groups where g.count > 0 {
                guard let cell = g.cells[c] else { s.notSimulated += g.count; continue }
                switch cell.status {
                case .plays: s.plays += g.count
                case .degraded: s.degraded += g.count
                case .fails: s.fails += g.count
                }
                // The reason that explains the outcome, not a neutral one that precedes it.
                if cell.status != .plays, let first = cell.mainCause {
                    reasons[first, default: (cell.status, 0)].files += g.count
                }
            }
            s.topReasons = reasons.sorted { ($0.value.files, $1.key) > ($1.value.files, $0.key) }.prefix(topReasons)
                .map { TargetSummary.Reason(status: $0.value.status, reason: $0.key, files: $0.value.files) }
            return s
        }
    }

    /// The cell's text: the outcome line, or why there is none.
    package static func cellText(_ group: Group, _ index: Int) -> String {
        if let cell = group.cells[index] { return cell.outcome }
        return group.status == .error ? "not analysed" : "no video"
    }
}
