import ArgumentParser
import HDRProbe
import HDRProbeScan

/// `hdrprobe scan PATH…`: every media file under the paths, in parallel, as JSONL, with progress,
/// an incremental cache and a summary (docs/check.md).
struct ScanCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "scan",
        abstract: "Analyse whole libraries in parallel: JSONL reports, progress, cache and a summary.",
        discussion: """
        Walks the paths recursively and probes every media file (by extension; --all-files also \
        looks inside the others), with --jobs workers, each file in a worker process so that a \
        crash or hang costs one report, not the scan. Reports stream as JSON lines to standard \
        output or --jsonl FILE; the summary (counts per range type, Dolby Vision profile and \
        verdict, finding and error) follows on standard output when the reports go to a file, \
        else on standard error. Unchanged files come from the cache without reading any media. \
        Ctrl-C stops cleanly and still writes what was done.

        Exit status: 0 every file analysed, 1 any file in error, 2 usage error or unwritable \
        output, 130 interrupted.
        """
    )

    @Argument(help: "Folders or files to scan.")
    var paths: [String]

    @Option(help: ArgumentHelp("Write the reports to FILE ('-': standard output).", valueName: "FILE"))
    var jsonl: String?

    @Flag(help: "Write reports in path order (byte order) instead of as they finish.")
    var sorted = false

    @Flag(help: "Print only the summary, no reports (unless --jsonl FILE).")
    var summaryOnly = false

    @OptionGroup var library: LibraryOptions
    @OptionGroup var analysis: AnalysisOptions

    func validate() throws {
        if paths.isEmpty { throw ValidationError("give at least one folder or file to scan") }
    }

    func run() throws {
        var config = try library.configuration(paths: paths, analysis: analysis)
        config.sorted = sorted
        var request = ScanRun.Request(configuration: config, jsonl: jsonl.map { InputFile.commandLine([$0])[0] },
                                      summaryOnly: summaryOnly, quiet: library.quiet)
        if summaryOnly && jsonl == "-" { request.summaryOnly = false }
        request.shouldStop = InterruptFlag.installForScan()
        throw ExitCode(ScanRun.run(request))
    }
}
