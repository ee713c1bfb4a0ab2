import ArgumentParser
import HDRProbe
import HDRProbeScan

/// `hdrprobe matrix PATH… | --from SCAN.jsonl…`: files × targets for a whole library, grouped.
struct MatrixCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "matrix",
        abstract: "Build a capability matrix: files × device targets, each cell the simulated outcome, files grouped by behaviour.",
        discussion: """
        Scans PATH (files or folders) like 'scan' — the same workers, cache and options — or reads \
        earlier scans with --from FILE.jsonl (repeatable, e.g. merged shards; no media is read, and \
        a later report of a path replaces an earlier one). Files that behave the same on every \
        target (codec, range type, Dolby Vision profile and verdict, frame-rate class, resolution \
        class, outcome-changing findings) form one group: a row per group with its file count and \
        files; a row per file with --per-file or for inputs of at most \(MatrixRun.perFileLimit) files. \
        Without --target every built-in target is a column; outcomes come from the simulation \
        'check' uses for its require: entries. html is one self-contained page (summary per target, \
        then the table: sortable, filterable by target and outcome, searchable by path; a file opens \
        its details and brightness plot); json has every file with its outcome per target; csv \
        neutralises cells that start with = + - @. Without --output the matrix goes to stdout.

        Exit status: 0 written, 1 some file in error (still in the matrix), 2 usage error or an \
        unreadable input / unwritable output, 130 interrupted (the matrix so far is written).
        """
    )

    @Argument(help: "Media files or folders.")
    var paths: [String] = []

    @Option(name: .customLong("from"), help: ArgumentHelp("Read the reports of an earlier scan ('scan --jsonl') instead of scanning; repeat for several.",
                                                          valueName: "FILE.jsonl"))
    var fromFiles: [String] = []

    @Flag(help: "A row per file instead of per group (the default for inputs of at most \(MatrixRun.perFileLimit) files).")
    var perFile = false

    @OptionGroup var simulation: SimulationOptions

    @Option(help: "md, csv, json or html.")
    var format: MatrixRun.Format = .md

    @Option(help: ArgumentHelp("Write here instead of stdout.", valueName: "FILE"))
    var output: String?

    @OptionGroup var library: LibraryOptions
    @OptionGroup var analysis: AnalysisOptions

    func validate() throws {
        if paths.isEmpty && fromFiles.isEmpty { throw ValidationError("give media files or folders, or --from FILE.jsonl") }
        if !paths.isEmpty && !fromFiles.isEmpty { throw ValidationError("--from reads earlier scans; do not also give paths") }
    }

    func run() throws {
        let catalogue = try simulation.playbackTargets()
        let selection = try simulation.selection(in: catalogue, allWhenNoneNamed: true)
        let source: MatrixRun.Request.Source = fromFiles.isEmpty
            ? .scan(try library.configuration(paths: paths, analysis: analysis)) : .jsonl(InputFile.commandLine(fromFiles))
        var request = MatrixRun.Request(source: source, selection: selection, in: catalogue)
        request.format = format
        request.output = output
        request.perFile = perFile ? true : nil
        request.quiet = library.quiet
        if fromFiles.isEmpty { request.shouldStop = InterruptFlag.installForScan() } else { InterruptFlag.ignoreBrokenPipe() }
        throw ExitCode(MatrixRun.run(request))
    }
}

extension MatrixRun.Format: ExpressibleByArgument {}
