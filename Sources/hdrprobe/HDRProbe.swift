import ArgumentParser
import Foundation
import HDRProbeEngine

/// The `hdrprobe` command: subcommands only, no logic. Exit status: 0 all files analysed,
/// 1 any file in error, 2 usage error.
@main
struct HDRProbe: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "hdrprobe",
        abstract: "Tell the truth about a video file's HDR and Dolby Vision signalling.",
        discussion: """
        Reads container headers and a bounded number of frames (never the whole file), parses \
        Dolby Vision configuration records and RPUs, HDR10+ and static HDR metadata itself, and \
        reports what Apple-class players will do with it.

        Exit status: 0 when every file was analysed, 1 when any file is in error, 2 on a usage error.
        """,
        version: ProbeEngine.versionDescription,
        subcommands: [ProbeCommand.self, MetadataCommand.self, HLSCommand.self, DASHCommand.self, ScanCommand.self, CheckCommand.self,
                      MergeCommand.self, DevicesCommand.self, CodesCommand.self, SimulateCommand.self, MatrixCommand.self, FixCommand.self,
                      WorkerCommand.self],
        defaultSubcommand: ProbeCommand.self
    )

    static func main() {
        do {
            if let probe = ProbeCommandLine.run(Array(CommandLine.arguments.dropFirst())) {
                try probe.run()
            } else {
                var command = try parseAsRoot()
                try command.run()
            }
        } catch let code as ExitCode {
            Foundation.exit(code.rawValue)
        } catch {
            let code = exitCode(for: error)
            if code == .success { exit(withError: error) }
            // Usage errors exit with 2 (ArgumentParser's default is 64).
            FileHandle.standardError.write(Data((fullMessage(for: error) + "\n").utf8))
            Foundation.exit(code == .validationFailure ? 2 : code.rawValue)
        }
    }
}
