import ArgumentParser
import Foundation
import HDRProbe
import HDRProbeCore
import HDRProbeEngine

/// `hdrprobe probe FILE…`: the report for each file, as text (default), `--json` or `--jsonl`.
struct ProbeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "probe",
        abstract: "Analyse media files and print their HDR / Dolby Vision report.",
        discussion: """
        The JSON report follows docs/report-contract.md (schema: docs/report.schema.json). \
        A file that cannot be analysed still gets a report, with status "error" and a stable \
        error code (io.notFound, io.empty, container.unrecognized, container.truncated, probe.timeout, …).
        """
    )

    @Argument(help: "Media files (MP4/MOV, Matroska/WebM, MPEG-TS, raw HEVC/H.264, AV1 IVF/OBU).")
    var files: [String]

    @Flag(help: "Print a JSON array of reports.")
    var json = false

    @Flag(help: "Print one JSON report per line.")
    var jsonl = false

    @OptionGroup var analysis: AnalysisOptions

    @Flag(help: "No progress lines on stderr.")
    var quiet = false

    func validate() throws {
        if json && jsonl { throw ValidationError("--json and --jsonl are exclusive") }
    }

    /// Probes through the library product's ``MediaProbe`` (the same options, the same report).
    func run() throws {
        let probe = MediaProbe(options: try analysis.mediaProbeOptions())
        let progress = FileCountProgress(total: files.count, quiet: quiet)
        var reports: [ProbeReport] = []
        var anyError = false
        // The exact bytes of each argument: a file name need not be UTF-8.
        for (i, path) in ProbePath.fromCommandLine(files).enumerated() {
            progress.show(i, path.display)
            let report = try probe.report(path: path)
            anyError = anyError || report.status == .error
            if jsonl {
                print(try ReportEncoder.jsonLine(report))
            } else if json {
                reports.append(report)
            } else {
                print(HumanSummary.render(report) + (i + 1 < files.count ? "\n" : ""))
            }
        }
        progress.finish()
        if json { print(try ReportEncoder.jsonArray(reports)) }
        if anyError { throw ExitCode(1) }
    }
}
