import ArgumentParser
import Foundation
import HDRProbe

/// `hdrprobe probe FILE…`: the report for each file, as text (default), `--json` or `--jsonl`.
/// The common command lines of this subcommand are also read without swift-argument-parser
/// (``ProbeCommandLine``); this declaration stays the definition of its grammar, help and errors.
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

    @Argument(help: "Media files (MP4/MOV, Matroska/WebM, MPEG-TS, raw HEVC/H.264, AV1 IVF/OBU); '-' reads standard input.")
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

    /// What this command line asks for.
    var request: ProbeRun.Request {
        ProbeRun.Request(files: files, format: jsonl ? .jsonl : json ? .json : .text, quiet: quiet, analysis: analysis.settings)
    }

    func run() throws {
        try ProbeRun(request: request, options: analysis.mediaProbeOptions()).run()
    }
}
