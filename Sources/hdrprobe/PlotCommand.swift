import ArgumentParser
import Foundation
import HDRProbeModel
import HDRProbeReport
import HDRProbeContainers
import HDRProbeEngine

/// `hdrprobe plot FILE --output FILE.svg|FILE.png`: the brightness-over-time picture alone.
struct PlotCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "plot",
        abstract: "Draw brightness over time (Dolby Vision L1, HDR10+) to an SVG or PNG file.",
        discussion: """
        The picture of 'hdrprobe report': per frame in display order the Dolby Vision L1 max / average / \
        min and HDR10+ peak maxscl / average maxrgb in cd/m² on a PQ scale, MaxCLL, MaxFALL and the \
        mastering peak as dashed lines, scene cuts marked. --frames all draws the whole stream (more \
        than 1,000 frames are drawn as 1,000 columns of each run's lowest and highest value). The \
        format follows the --output name: .svg, or .png (rendered by librsvg and cairo, which must be \
        installed: Debian librsvg2-2; at --scale pixels per unit, default 2: 1920 × 660). Written atomically.

        Examples:
          hdrprobe plot film.mkv --frames all --output film.svg
          hdrprobe plot RPU.bin --output rpu.png

        Exit status: 0 written, 1 the file is in error or has no dynamic metadata, 2 usage error or an \
        output that cannot be written.
        """
    )

    @Argument(help: "A media file, or a Dolby Vision RPU file (dovi_tool extract-rpu output); '-' reads standard input.")
    var file: String

    @Option(help: ArgumentHelp("The picture to write: FILE.svg or FILE.png.", valueName: "FILE.svg|FILE.png"))
    var output: String

    @Option(help: ArgumentHelp("PNG pixels per SVG unit.", valueName: "factor"))
    var scale: Double = 2

    @OptionGroup var analysis: AnalysisOptions

    var isPNG: Bool { output.lowercased().hasSuffix(".png") }

    func validate() throws {
        guard isPNG || output.lowercased().hasSuffix(".svg") else {
            throw ValidationError("--output \(output): name a .svg or .png file")
        }
        guard scale > 0, scale <= 8 else { throw ValidationError("--scale must be above 0 and at most 8") }
    }

    func run() throws {
        let (report, frames) = StandardInput.probeWithFrames(ProbeEngine(options: try analysis.probeOptions()), ProbePath.fromCommandLine([file])[0])
        if report.status == .error {
            ScanRun.printError(TerminalText.escape("\(file): \(report.error?.code.rawValue ?? "error"): \(report.error?.message ?? "")"))
            throw ExitCode(1)
        }
        guard let stream = FileReportHTML.video(report), let timeline = FileReportHTML.timeline(report, frames: frames[stream.index] ?? []) else {
            let scanned = report.probe?.framesScanned.map { " in \(CountText.of($0, "scanned frame")) (try --frames all)" } ?? ""
            ScanRun.printError(TerminalText.escape("\(file): no dynamic HDR metadata (Dolby Vision RPU level 1 or HDR10+)\(scanned); nothing to plot"))
            throw ExitCode(1)
        }
        let name = (report.path as NSString).lastPathComponent
        let svg = BrightnessTimelineSVG.render(timeline, title: name)
        do {
            if isPNG {
                try PictureFile.writePNG(svg: svg, width: BrightnessTimelineSVG.width, height: BrightnessTimelineSVG.height, scale: scale, to: output)
            } else {
                try PictureFile.write(text: "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n" + svg + "\n", to: output)
            }
        } catch {
            ScanRun.printError("error: \(TerminalText.escape("--output \(error)"))")
            throw ExitCode(2)
        }
    }
}
