import ArgumentParser
import Foundation
import HDRProbe

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
        let report = try MediaProbe(options: analysis.mediaProbeOptions()).reportWithDynamicMetadata(for: InputFile.commandLine([file])[0])
        if let failure = report.failure {
            StandardError.print(Terminal.escape("\(file): \(failure.code): \(failure.message)"))
            throw ExitCode(1)
        }
        guard let svg = report.brightnessPlotSVG else {
            let scanned = report.framesScanned.map { " in \($0) scanned frame\($0 == 1 ? "" : "s") (try --frames all)" } ?? ""
            StandardError.print(Terminal.escape("\(file): no dynamic HDR metadata (Dolby Vision RPU level 1 or HDR10+)\(scanned); nothing to plot"))
            throw ExitCode(1)
        }
        do throws(OutputFile.Failure) {
            if isPNG {
                let size = MediaReport.brightnessPlotSize
                try OutputFile.writePNG(svg: svg, width: size.width, height: size.height, scale: scale, to: output)
            } else {
                try OutputFile.write("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n" + svg + "\n", to: output)
            }
        } catch {
            StandardError.print("error: \(Terminal.escape("--output \(error)"))")
            throw ExitCode(2)
        }
    }
}
