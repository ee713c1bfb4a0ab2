import ArgumentParser

/// The usual command lines of `hdrprobe probe`, read without swift-argument-parser.
///
/// A media server's hook runs `hdrprobe probe --json FILE` once per file, so the process's start-up
/// is much of what it waits for, and swift-argument-parser reflects over every command's properties
/// and parses each command line twice more for `--generate-completion-script`: about half the
/// instructions of probing a film (docs/startup.md, "Argument parsing"). This reads the one grammar
/// those hooks use — `[probe] [--json | --jsonl] [--quiet] [--frames N|all] [--timeout S]
/// [--policy P] [--] FILE…`, in any order, `--name=value` or `--name value` — and nothing else.
///
/// Anything it does not read exactly as swift-argument-parser would is nil, and swift-argument-parser
/// reads that command line, so help, version, completion, every other subcommand, every usage error
/// and its exit status stay as ``ProbeCommand`` declares them: an unknown, repeated or `-`-prefixed
/// token, a value that does not parse or validate, a policy that does not load, a file named like a
/// subcommand, an empty argument. ProbeCommandLineTests compares the two on generated command lines.
enum ProbeCommandLine {
    /// Every subcommand name and `help`; a file of one of these names goes to swift-argument-parser,
    /// which decides whether it is a file or a subcommand (a test holds this list to ``HDRProbeCommand``'s).
    static let commandNames: Set<String> = ["probe", "metadata", "hls", "dash", "scan", "check", "merge",
                                            "devices", "codes", "simulate", "matrix", "report", "plot", "fix", "worker", "help"]

    /// The run this command line (without the program name) asks for, its policy loaded; nil when
    /// swift-argument-parser must read it.
    static func run(_ arguments: [String]) -> ProbeRun? {
        guard let request = request(arguments),
              let options = try? request.analysis.mediaProbeOptions() else { return nil }
        return ProbeRun(request: request, options: options)
    }

    /// The request this command line makes, or nil (see the type's description).
    static func request(_ arguments: [String]) -> ProbeRun.Request? {
        var tokens = arguments[...]
        if tokens.first == "probe" { tokens.removeFirst() }
        var request = ProbeRun.Request(files: [])
        var seen: Set<Substring> = []
        var filesOnly = false
        while let token = tokens.popFirst() {
            if filesOnly || !token.hasPrefix("-") {
                guard !token.isEmpty, !commandNames.contains(token) else { return nil }
                request.files.append(token)
            } else if token == "--" {
                filesOnly = true
            } else {
                let (name, inline) = split(token)
                guard seen.insert(name).inserted,
                      read(name, inline: inline, tokens: &tokens, into: &request) else { return nil }
            }
        }
        guard !request.files.isEmpty, request.analysis.problem == nil,
              !(seen.contains("--json") && seen.contains("--jsonl")) else { return nil }
        return request
    }

    /// `--name=value` as the name and the value; `--name` as the name and nil.
    private static func split(_ token: String) -> (name: Substring, value: String?) {
        guard let equals = token.firstIndex(of: "=") else { return (token[...], nil) }
        return (token[..<equals], String(token[token.index(after: equals)...]))
    }

    /// Applies one option; false for one this reader does not take.
    private static func read(_ name: Substring, inline: String?, tokens: inout ArraySlice<String>,
                             into request: inout ProbeRun.Request) -> Bool {
        switch name {
        case "--json", "--jsonl", "--quiet":
            guard inline == nil else { return false }
            if name == "--quiet" { request.quiet = true } else { request.format = name == "--json" ? .json : .jsonl }
            return true
        case "--frames", "--timeout", "--policy":
            guard let value = inline ?? tokens.popFirst(), !value.isEmpty, !value.hasPrefix("-") else { return false }
            return set(name, value, in: &request.analysis)
        default:
            return false
        }
    }

    /// Parses an option's value as swift-argument-parser does (the same `init?(argument:)`).
    private static func set(_ name: Substring, _ value: String, in settings: inout AnalysisSettings) -> Bool {
        switch name {
        case "--frames":
            guard let frames = FrameBudget(argument: value) else { return false }
            settings.frames = frames
        case "--timeout":
            guard let timeout = Double(argument: value) else { return false }
            settings.timeout = timeout
        default:
            settings.policy = value
        }
        return true
    }
}
