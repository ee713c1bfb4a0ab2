import Foundation
import HDRProbeModel
import HDRProbeSignal
import HDRProbeSimulate
import HDRProbeReport
import HDRProbeEngine

/// The self-contained HTML pages of `hdrprobe report`: one per file (the Dolby Vision verdict,
/// brightness over time, the colour volume, streams, findings, HLS and DASH signalling, the
/// simulated playback on each target), and an index — the capability matrix of the files, each
/// linked to its page. Nothing on a page is fetched.
///
/// ```swift
/// let targets = try PlaybackTargets.builtIn()
/// var pages = ReportPages(targets: targets, selection: try targets.select(targets: [], allWhenNoneNamed: true))
/// let report = try MediaProbe().reportWithDynamicMetadata(for: InputFile(path: "film.mkv"))
/// try OutputFile.write(pages.add(report, page: nil), to: "film.html")
/// ```
public struct ReportPages: Sendable {
    let targets: PlaybackTargets
    let selection: PlaybackTargets.Selection
    var matrix: LibraryMatrix
    /// The number of pages added.
    public private(set) var count = 0

    /// Pages whose playback section simulates `selection` from `targets`.
    public init(targets: PlaybackTargets, selection: PlaybackTargets.Selection) {
        self.targets = targets
        self.selection = selection
        matrix = LibraryMatrix(targets: selection.targets, catalog: targets.catalog, tool: ProbeEngine.tool)
    }

    /// The page name of the `index`-th file (0-based) in a folder of pages: `NNN-NAME.html`, the
    /// name's unsafe characters replaced.
    public static func pageName(index: Int, path: String) -> String { FileReportHTML.pageName(index: index, path: path) }

    /// The page of `report` (probed with ``MediaProbe/reportWithDynamicMetadata(for:)`` for its
    /// brightness plot), with its DASH plan and simulated playback; the file joins the index,
    /// linked to `page` when given (a folder of pages), and the page links back to `index.html`.
    public mutating func add(_ report: MediaReport, page: String?) -> String {
        var planned = report.report
        ReportSignalling.planDASH(&planned)
        let simulated = MediaReport(planned, frames: report.frames).simulated(on: selection, in: targets)
        let rows = FileReportHTML.video(simulated.report).flatMap { report.frames?[$0.index] } ?? []
        let html = FileReportHTML.render(.init(report: simulated.report, frames: rows, catalog: targets.catalog,
                                               indexLink: page == nil ? nil : "index.html"))
        var digest = ReportDigest(simulated.report)
        digest.brightness = BrightnessSeries(frames: rows)
        matrix.add(digest, link: page)
        count += 1
        return html
    }

    /// The index page: the capability matrix of every file added, each linked to its page.
    public func indexHTML() -> String {
        LibraryMatrixHTML.render(matrix, perFile: true, title: "hdrprobe report: \(CountText.of(count, "file"))")
    }
}
