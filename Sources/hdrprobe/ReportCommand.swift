import ArgumentParser
import Foundation
import HDRProbe

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
        let catalogue = try simulation.playbackTargets()
        var pages = ReportPages(targets: catalogue, selection: try simulation.selection(in: catalogue, allWhenNoneNamed: true))
        let probe = MediaProbe(options: try analysis.mediaProbeOptions())
        if !singlePage {
            do { try FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: true) } catch {
                throw outputError("--output \(output): cannot make the folder: \(error.localizedDescription)")
            }
        }
        let inputs = InputFile.commandLine(files)
        let progress = FileCountProgress(total: inputs.count, quiet: quiet)
        var anyError = false
        for (i, file) in inputs.enumerated() {
            progress.show(i, file)
            let report = try probe.reportWithDynamicMetadata(for: file)
            anyError = anyError || report.isFailure
            let page = singlePage ? output : output + "/" + ReportPages.pageName(index: i, path: file.name)
            let html = pages.add(report, page: singlePage ? nil : (page as NSString).lastPathComponent)
            do throws(OutputFile.Failure) { try OutputFile.write(html, to: page) } catch {
                progress.finish()
                throw outputError("--output \(error)")
            }
        }
        progress.finish()
        if !singlePage {
            do throws(OutputFile.Failure) { try OutputFile.write(pages.indexHTML(), to: output + "/index.html") } catch {
                throw outputError("--output \(error)")
            }
        }
        if anyError { throw ExitCode(1) }
    }

    /// An output that cannot be written: said on standard error, exit status 2.
    func outputError(_ message: String) -> ExitCode {
        StandardError.print("error: \(Terminal.escape(message))")
        return ExitCode(2)
    }
}
