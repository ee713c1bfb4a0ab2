import ArgumentParser
import Foundation
import HDRProbeModel
import HDRProbeSignal
import HDRProbeSimulate
import HDRProbeReport
import HDRProbeContainers
import HDRProbeEngine

/// `hdrprobe report FILE… --output DIR|FILE.html`: a self-contained HTML report per file (and an
/// index page, the capability matrix linking each file's report, for several).
struct ReportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "report",
        abstract: "Write a self-contained HTML report per file: verdict, brightness over time, colour volume, findings, signalling, playback.",
        discussion: """
        Each page opens offline (nothing is fetched): the Dolby Vision verdict and fallback first, then \
        brightness over time (Dolby Vision L1 max / average / min and HDR10+ maxscl / average maxrgb in cd/m² \
        on a PQ scale, MaxCLL / MaxFALL and the mastering peak as dashed lines, scene cuts marked, the \
        values under the pointer read out), the colour volume (the mastering display on the CIE 1931 \
        diagram with BT.709, Display P3 and BT.2020), the streams, the findings with their fixes, the HLS \
        and DASH signalling and the simulated playback on each target (every built-in target without \
        --target). Light and dark themes; printable. --frames all draws the whole stream (a two-hour \
        film's 170,000 frames become 1,000 columns of each run's lowest and highest value).

        One file and an --output ending in .html: that page. Otherwise --output is a folder (made if \
        missing) that receives index.html — the capability matrix of the files, each linked to its \
        report — and one page per file, NNN-NAME.html. Every page is written atomically.

        Examples:
          hdrprobe report film.mp4 --output film.html --frames all
          hdrprobe report Movies/*.mkv --output reports/ --target atv4k-2022+lg-oled

        Exit status: 0 every page written, 1 some file in error (its page says why), 2 usage error or an \
        output that cannot be written.
        """
    )

    @Argument(help: "Media files; '-' reads standard input.")
    var files: [String]

    @Option(help: ArgumentHelp("A page (FILE.html, one input) or a folder for several.", valueName: "DIR|FILE.html"))
    var output: String

    @OptionGroup var simulation: SimulationOptions
    @OptionGroup var analysis: AnalysisOptions

    @Flag(help: "No progress line on stderr.")
    var quiet = false

    var singlePage: Bool { files.count == 1 && output.lowercased().hasSuffix(".html") }

    func validate() throws {
        if files.isEmpty { throw ValidationError("give at least one media file") }
        if files.count > 1 && output.lowercased().hasSuffix(".html") {
            throw ValidationError("--output \(output): several files need a folder (it receives index.html and a page per file)")
        }
    }

    func run() throws {
        let catalog = try simulation.catalog()
        let targets = try simulation.resolve(catalog, defaultAll: true)
        let options = try analysis.probeOptions()
        let engine = ProbeEngine(options: options)
        if !singlePage {
            do { try FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: true) } catch {
                throw outputError("--output \(output): cannot make the folder: \(error.localizedDescription)")
            }
        }
        var matrix = LibraryMatrix(targets: targets, catalog: catalog, tool: ProbeEngine.tool)
        let progress = FileCountProgress(total: files.count, quiet: quiet)
        var anyError = false
        for (i, path) in ProbePath.fromCommandLine(files).enumerated() {
            progress.show(i, path.display)
            var (report, frames) = StandardInput.probeWithFrames(engine, path)
            ReportSignalling.planDASH(&report)
            anyError = anyError || report.status == .error
            report.playback = PlaybackInput(report: report).map { input in
                targets.compactMap { PlaybackSimulator.simulate(input, target: $0, catalog: catalog) }
            }
            let rows = FileReportHTML.video(report).flatMap { frames[$0.index] } ?? []
            let page = singlePage ? output : output + "/" + FileReportHTML.pageName(index: i, path: path.display)
            let html = FileReportHTML.render(.init(report: report, frames: rows, catalog: catalog, indexLink: singlePage ? nil : "index.html"))
            do { try PictureFile.write(text: html, to: page) } catch {
                progress.finish()
                throw outputError("--output \(error)")
            }
            var digest = ReportDigest(report)
            digest.brightness = BrightnessSeries(frames: rows)
            matrix.add(digest, link: singlePage ? nil : (page as NSString).lastPathComponent)
        }
        progress.finish()
        if !singlePage {
            let index = LibraryMatrixHTML.render(matrix, perFile: true, title: "hdrprobe report: \(CountText.of(files.count, "file"))")
            do { try PictureFile.write(text: index, to: output + "/index.html") } catch { throw outputError("--output \(error)") }
        }
        if anyError { throw ExitCode(1) }
    }

    /// An output that cannot be written: said on standard error, exit status 2.
    func outputError(_ message: String) -> ExitCode {
        ScanRun.printError("error: \(TerminalText.escape(message))")
        return ExitCode(2)
    }
}
