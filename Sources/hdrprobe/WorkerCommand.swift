import ArgumentParser
import HDRProbeScan

/// `hdrprobe worker` (hidden): the probe process `scan` and `check` start, one per job; reads
/// requests on standard input and answers with report lines (ProbeWorkerServer).
struct WorkerCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "worker",
        abstract: "Internal: the probe process of scan and check.",
        shouldDisplay: false
    )

    @Option(help: "The supervisor's process id: the worker ends when it is gone.")
    var parent: Int32?

    func run() throws {
        throw ExitCode(ProbeWorkerServer.run(parent: parent))
    }
}
