import ArgumentParser
import HDRProbe

/// Options every analysing subcommand shares: the frame budget, the time limit and the policy.
struct AnalysisOptions: ParsableArguments {
    // `.unconditional`: the next word is the value even when it starts with '-', so `--frames -3`
    // is an invalid value, not a missing one.
    @Option(parsing: .unconditional, help: ArgumentHelp("Video frames to scan per stream: a number, or 'all' for the whole stream.", valueName: "N|all"))
    var frames: FrameBudget = .count(MediaProbe.Options.defaultFrames)

    @Option(parsing: .unconditional, help: ArgumentHelp("Per-file time limit in seconds.", valueName: "seconds"))
    var timeout: Double = MediaProbe.Options.defaultTimeLimit

    @Option(help: ArgumentHelp("Dolby Vision policy: 'default', 'apple-hls', or a YAML policy file (docs/policy.md).",
                               valueName: "NAME|FILE"))
    var policy: String = "default"

    /// The three values, whichever parser read them (``ProbeCommandLine`` reads them for `probe`).
    var settings: AnalysisSettings { AnalysisSettings(frames: frames, timeout: timeout, policy: policy) }

    func validate() throws {
        if let problem = settings.problem { throw ValidationError(problem) }
    }

    /// The library's probe options these flags describe (one set of fields with the library API:
    /// ``MediaProbe/Options``); a policy that cannot be loaded is a usage error.
    func mediaProbeOptions() throws -> MediaProbe.Options {
        try settings.mediaProbeOptions()
    }

    /// The library's options with the policy loaded; the library's errors as usage errors (`--policy …`).
    static func validated(_ options: MediaProbe.Options) throws -> MediaProbe.Options {
        do throws(HDRProbeError) {
            try options.validate()
            return options
        } catch {
            switch error {
            case .policy(let text): throw ValidationError("--policy \(text)")
            default: throw ValidationError(error.description)
            }
        }
    }
}

/// `--frames`, `--timeout` and `--policy` as values.
struct AnalysisSettings: Equatable {
    var frames: FrameBudget = .count(MediaProbe.Options.defaultFrames)
    var timeout: Double = MediaProbe.Options.defaultTimeLimit
    var policy = "default"

    /// Why the values cannot be used, as the usage error says it; nil when they can.
    var problem: String? {
        timeout > 0 && timeout.isFinite ? nil : "--timeout must be a positive number of seconds"
    }

    /// The library's probe options (one set of fields with the library API: ``MediaProbe/Options``);
    /// a policy that cannot be loaded is a usage error.
    func mediaProbeOptions() throws -> MediaProbe.Options {
        var options = MediaProbe.Options(timeLimit: timeout, policy: MediaProbe.Policy(argument: policy))
        switch frames {
        case .count(let n): options.frames = n
        case .all: options.frames = nil
        }
        return try AnalysisOptions.validated(options)
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
