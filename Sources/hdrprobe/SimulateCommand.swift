import ArgumentParser
import Foundation
import HDRProbeSimulate
import HDRProbeReport
import HDRProbeContainers
import HDRProbeEngine

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
        let catalog = try simulation.catalog()
        let targets = try simulation.resolve(catalog, defaultAll: false)
        // The file by the exact bytes of its argument (a name that is not UTF-8 still names it).
        var report = ProbeEngine(options: try analysis.probeOptions()).probe(path: ProbePath.fromCommandLine([file])[0])
        report.playback = PlaybackInput(report: report).map { input in
            targets.compactMap { PlaybackSimulator.simulate(input, target: $0, catalog: catalog) }
        }
        if json {
            print(try ReportEncoder.json(report))
        } else {
            print(PlaybackSummary.render(report, catalog: catalog))
        }
        if report.status == .error { throw ExitCode(1) }
    }
}
