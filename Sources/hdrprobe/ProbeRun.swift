import ArgumentParser
import Foundation
import HDRProbe

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
        let files = InputFile.commandLine(request.files)
        let progress = FileCountProgress(total: files.count, quiet: request.quiet)
        var reports: [MediaReport] = []
        var anyError = false
        try MediaProbe(options: options).reports(for: files, progress: progress.show) { i, report in
            anyError = anyError || report.isFailure
            switch request.format {
            case .jsonl: print(try report.jsonLine())
            case .json: reports.append(report)
            case .text: print(report.text + (i + 1 < files.count ? "\n" : ""))
            }
        }
        progress.finish()
        if request.format == .json { print(try MediaReport.json(reports)) }
        if anyError { throw ExitCode(1) }
    }
}
