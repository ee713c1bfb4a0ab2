import ArgumentParser
import HDRProbeScan

/// `hdrprobe merge A.jsonl B.jsonl…`: joins scan outputs (e.g. the shards of a CI matrix).
struct MergeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "merge",
        abstract: "Join JSONL scan outputs: one report per path, in path order.",
        discussion: """
        Reads the JSONL outputs of 'scan' or 'check --jsonl' (for example one per shard) and writes \
        one report per path — from the last input that has it — sorted by path (byte order, the \
        order of 'scan --sorted'). Lines that are not reports are skipped with a warning.

        Exit status: 0 merged, 1 some lines were skipped, 2 usage error or unreadable input.
        """
    )

    @Argument(help: "JSONL files to join.")
    var inputs: [String]

    @Option(name: [.short, .long], help: ArgumentHelp("Write to FILE instead of standard output.", valueName: "FILE"))
    var output: String?

    @Flag(help: "No statistics on standard error.")
    var quiet = false

    func validate() throws {
        if inputs.isEmpty { throw ValidationError("give the JSONL files to merge") }
    }

    func run() throws {
        throw ExitCode(MergeRun.run(inputs: inputs, output: output, quiet: quiet))
    }
}
