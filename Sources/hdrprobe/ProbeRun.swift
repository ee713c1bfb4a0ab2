import ArgumentParser
import Foundation
import HDRProbe
import HDRProbeModel
import HDRProbeReport
import HDRProbeContainers
import HDRProbeEngine

/// `hdrprobe probe`: probes each file through the library product's ``MediaProbe`` (the same
/// options, the same report) and prints the reports. Throws `ExitCode(1)` when any file is in error.
struct ProbeRun {
    /// What `probe` was asked for, whichever parser read the command line.
    struct Request: Equatable {
        enum Format: Equatable { case text, json, jsonl }
        var files: [String]
        var format: Format = .text
        var quiet = false
        var analysis = AnalysisSettings()
    }

    let request: Request
    /// `request.analysis` as the library's options, with the policy loaded.
    let options: MediaProbe.Options

    func run() throws {
        let files = request.files
        let probe = MediaProbe(options: options)
        let progress = FileCountProgress(total: files.count, quiet: request.quiet)
        var reports: [ProbeReport] = []
        var anyError = false
        // The exact bytes of each argument: a file name need not be UTF-8.
        for (i, path) in ProbePath.fromCommandLine(files).enumerated() {
            progress.show(i, path.display)
            let report = path.display == StandardInput.argument
                ? try probe.report(name: StandardInput.argument, bytes: StandardInput.read()) : try probe.report(path: path)
            anyError = anyError || report.status == .error
            switch request.format {
            case .jsonl: print(try ReportEncoder.jsonLine(report))
            case .json: reports.append(report)
            case .text: print(HumanSummary.render(report) + (i + 1 < files.count ? "\n" : ""))
            }
        }
        progress.finish()
        if request.format == .json { print(try ReportEncoder.jsonArray(reports)) }
        if anyError { throw ExitCode(1) }
    }
}
