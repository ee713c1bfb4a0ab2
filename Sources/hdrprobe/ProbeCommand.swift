import ArgumentParser
import Foundation
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

    @Option(help: ArgumentHelp("Video frames to scan per stream: a number, or 'all' for the whole stream.", valueName: "N|all"))
    var frames: FrameBudget = .count(32)

    @Option(help: ArgumentHelp("Per-file time limit in seconds.", valueName: "seconds"))
    var timeout: Double = 30

    @Flag(help: "No progress lines on stderr.")
    var quiet = false

    func validate() throws {
        if json && jsonl { throw ValidationError("--json and --jsonl are exclusive") }
        guard timeout > 0, timeout.isFinite else { throw ValidationError("--timeout must be a positive number of seconds") }
    }

    func run() throws {
        var options = ProbeOptions(timeout: timeout)
        switch frames {
        case .count(let n): options.frames = n
        case .all: options.frames = nil
        }
        let engine = ProbeEngine(options: options)
        let progress = !quiet && files.count > 1 && isatty(STDERR_FILENO) == 1
        var reports: [ProbeReport] = []
        var anyError = false
        for (i, path) in files.enumerated() {
            if progress { FileHandle.standardError.write(Data("\r\u{1B}[K[\(i + 1)/\(files.count)] \(path)".utf8)) }
            let report = engine.probe(path: path)
            anyError = anyError || report.status == .error
            if jsonl {
                print(try ReportEncoder.jsonLine(report))
            } else if json {
                reports.append(report)
            } else {
                print(HumanSummary.render(report) + (i + 1 < files.count ? "\n" : ""))
            }
        }
        if progress { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }
        if json { print(try ReportEncoder.jsonArray(reports)) }
        if anyError { throw ExitCode(1) }
    }
}

/// `--frames N|all`.
enum FrameBudget: ExpressibleByArgument, Equatable {
    case count(Int)
    case all

    init?(argument: String) {
        if argument.lowercased() == "all" { self = .all; return }
        guard let n = Int(argument), n > 0 else { return nil }
        self = .count(n)
    }

    var defaultValueDescription: String {
        switch self {
        case .count(let n): return String(n)
        case .all: return "all"
        }
    }
}
