#if FFmpeg
import ArgumentParser
import Testing
@testable import hdrprobe

/// ``ProbeCommandLine`` against swift-argument-parser, the reader it stands in for: whatever
/// command line it accepts, swift-argument-parser parses into a ``ProbeCommand`` asking for the same
/// request; what it declines goes to swift-argument-parser unchanged.
@Suite struct ProbeCommandLineTests {
    /// swift-argument-parser's reading of a command line as a probe request; nil when it reads
    /// something else (another subcommand, help) or rejects it.
    static func argumentParserRequest(_ arguments: [String]) -> ProbeRun.Request? {
        guard let command = try? HDRProbeCommand.parseAsRoot(arguments) else { return nil }
        return (command as? ProbeCommand)?.request
    }

    @Test func commandNamesAreTheSubcommandsAndHelp() {
        let declared = HDRProbeCommand.configuration.subcommands.map { $0._commandName }
        #expect(ProbeCommandLine.commandNames == Set(declared + ["help"]))
    }

    @Test("the command lines a hook sends are read here", arguments: [
        ["probe", "--json", "film.mp4"],
        ["film.mp4"],
        ["probe", "--jsonl", "--frames", "8", "a.mp4", "b.mkv"],
        ["probe", "--frames=all", "--timeout=2.5", "--policy", "apple-hls", "--quiet", "a.ts"],
        ["--json", "a.mp4", "--frames", "4"],
        ["probe", "--json", "--", "-odd name.mp4"],
    ])
    func hookCommandLines(_ arguments: [String]) throws {
        let fast = try #require(ProbeCommandLine.request(arguments))
        #expect(fast == Self.argumentParserRequest(arguments))
        #expect(ProbeCommandLine.run(arguments) != nil)
    }

    @Test("what it leaves to swift-argument-parser", arguments: [
        [], ["probe"], ["--help"], ["-h"], ["probe", "--help"], ["help", "probe"], ["--version"],
        ["probe", "--frames", "0", "a.mp4"], ["probe", "--json", "--jsonl", "a.mp4"], ["probe", "--timeout", "-1", "a.mp4"],
        ["probe", "--no-such-flag", "a.mp4"], ["probe", "--json", "--json", "a.mp4"], ["probe", "-", "a.mp4"],
        ["probe", "--policy", "no-such-policy.yaml", "a.mp4"], ["scan", "dir"], ["probe", "scan"],
        ["--generate-completion-script", "bash"], ["probe", ""],
    ])
    func declined(_ arguments: [String]) {
        #expect(ProbeCommandLine.request(arguments) == nil || ProbeCommandLine.run(arguments) == nil)
    }

    /// 10,000 command lines drawn from the grammar's tokens and near misses: every one this reader
    /// accepts, swift-argument-parser reads as the same probe request.
    @Test func agreesWithArgumentParserOnGeneratedCommandLines() {
        let vocabulary = [
            "probe", "scan", "help", "matrix", "--json", "--jsonl", "--quiet", "--frames", "--timeout", "--policy",
            "8", "all", "ALL", "0", "-3", "1e3", "2.5", "inf", "nan", "0x10", "apple-hls", "default", "missing.yaml",
            "--frames=16", "--frames=", "--timeout=0.5", "--policy=apple-hls", "--json=1", "--quiet=true", "--",
            "-", "", "-h", "--help", "--version", "-q", "--no-such", "--generate-completion-script", "bash",
            "a.mp4", "b c.mkv", "-x.mp4", "x=y.ts", "--frames=all", "é.mp4",
        ]
        var random = SplitMix64(seed: "probe-command-line")
        var accepted = 0
        for _ in 0..<10_000 {
            let count = Int(random.next() % 8)
            let arguments = (0..<count).map { _ in vocabulary[Int(random.next() % UInt64(vocabulary.count))] }
            guard let fast = ProbeCommandLine.request(arguments) else { continue }
            accepted += 1
            #expect(fast == Self.argumentParserRequest(arguments), "\(arguments)")
        }
        // The property is about the accepted lines; enough of them must come up to mean something.
        #expect(accepted > 1_000, "\(accepted)")
    }
}
#endif
