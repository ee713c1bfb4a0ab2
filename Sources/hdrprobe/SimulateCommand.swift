import ArgumentParser
import Foundation
import HDRProbe

/// `hdrprobe simulate FILE --target NAME…`: what each target does with the file.
struct SimulateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "simulate",
        abstract: "Simulate playback of a file on device + display + settings targets.",
        discussion: """
        For each target: decode path (hardware/software/impossible), pipeline (native/software/refused) with the \
        sample entry and SUPPLEMENTAL-CODECS the native path uses, the dynamic range the panel ends up in, display \
        criteria (Match Dynamic Range / Match Frame Rate) and the resulting refresh rate, a one-line outcome and the \
        reasons, naming every uncertain catalogue cell relied on. --json prints the report with its 'playback' array.
        Exit status: 0 analysed, 1 the file is in error, 2 usage error.
        """
    )

    @Argument(help: "A media file.")
    var file: String

    @OptionGroup var simulation: SimulationOptions

    @Flag(help: "Print the JSON report with its playback array.")
    var json = false

    @OptionGroup var analysis: AnalysisOptions

    func run() throws {
        let catalogue = try simulation.playbackTargets()
        let selection = try simulation.selection(in: catalogue, allWhenNoneNamed: false)
        // The file by the exact bytes of its argument (a name that is not UTF-8 still names it).
        let file = InputFile.commandLine([file])[0]
        let report = try MediaProbe(options: analysis.mediaProbeOptions()).report(for: file).simulated(on: selection, in: catalogue)
        print(json ? try report.json() : report.playbackText(in: catalogue))
        if report.isFailure { throw ExitCode(1) }
    }
}
