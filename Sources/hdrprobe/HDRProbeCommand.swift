import ArgumentParser
import Foundation
import HDRProbe

/// The `hdrprobe` command: subcommands only, no logic. Exit status: 0 all files analysed,
/// 1 any file in error, 2 usage error.
@main
struct HDRProbeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "hdrprobe",
        abstract: "Tell the truth about a video file's HDR and Dolby Vision signalling.",
        discussion: """
        Reads container headers and a bounded number of frames (never the whole file), parses \
        Dolby Vision configuration records and RPUs, HDR10+ and static HDR metadata itself, and \
        reports what Apple-class players will do with it.

        Exit status: 0 when every file was analysed, 1 when any file is in error, 2 on a usage error.
        """,
        version: MediaProbe.versionDescription,
        subcommands: [ProbeCommand.self, MetadataCommand.self, HLSCommand.self, DASHCommand.self, ScanCommand.self, CheckCommand.self,
                      MergeCommand.self, DevicesCommand.self, CodesCommand.self, SimulateCommand.self, MatrixCommand.self, ReportCommand.self,
                      PlotCommand.self, FixCommand.self, WorkerCommand.self],
        defaultSubcommand: ProbeCommand.self
    )

    static func main() {
        let arguments = Array(CommandLine.arguments.dropFirst())
        if let mistyped = MistypedCommand(arguments: arguments, commands: ProbeCommandLine.commandNames) {
            FileHandle.standardError.write(Data((mistyped.message + "\n").utf8))
            Foundation.exit(2)
        }
        var command: ParsableCommand
        do {
            if let probe = ProbeCommandLine.run(arguments) {
                try probe.run()
                return
            }
            command = try parseAsRoot()
        } catch {
            fail(error, usage: Self.self)
        }
        do {
            try command.run()
        } catch {
            // An error the subcommand throws while it runs (a usage error found late, a value it
            // cannot use) is told with that subcommand's usage, not the top level's.
            fail(error, usage: type(of: command))
        }
    }

    /// Exits for `error`: its own status for `ExitCode`, 2 for a usage error (ArgumentParser's
    /// default is 64), with the message and `usage`'s usage line on standard error.
    static func fail(_ error: Error, usage: ParsableCommand.Type) -> Never {
        if let code = error as? ExitCode { Foundation.exit(code.rawValue) }
        let code = usage.exitCode(for: error)
        if code == .success { exit(withError: error) }
        var message = usage.fullMessage(for: error)
        // A subcommand type alone does not know it runs under `hdrprobe`: its usage lines say so here.
        if usage != Self.self, let name = usage.configuration.commandName {
            message = message.replacingOccurrences(of: "Usage: \(name) ", with: "Usage: hdrprobe \(name) ")
                .replacingOccurrences(of: "'\(name) --help'", with: "'hdrprobe \(name) --help'")
        }
        FileHandle.standardError.write(Data((message + "\n").utf8))
        Foundation.exit(code == .validationFailure ? 2 : code.rawValue)
    }
}
