import ArgumentParser
import HDRProbe
import HDRProbeScan

/// `hdrprobe check PATH… [--policy FILE]` and `hdrprobe check --diff OLD.jsonl NEW.jsonl`: a CI
/// gate over a library (docs/check.md).
struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Check a library against a policy, or compare two scans (--diff), for CI.",
        discussion: """
        Scans the paths like 'scan' (cache included) and applies the policy: its Dolby Vision \
        rules, severity overrides, allowed and forbidden formats, include/exclude globs and \
        per-path overrides (docs/check.md). Without --policy the built-in default applies: refused \
        Dolby Vision, unreadable or unrecognised files and dv.rpuWithoutConfiguration are errors, \
        other findings at most warnings. --diff OLD NEW compares two 'scan --jsonl' outputs: lost \
        Dolby Vision, changed verdicts, new errors, new and removed files.

        Output: --format text (grouped by file, with the fix for each finding), json, junit, sarif \
        or github (workflow commands); --json/--junit/--sarif FILE write more formats beside it.

        Exit status: 0 clean, 1 findings at or above --fail-on (default error), 2 usage or policy \
        error, 130 interrupted.
        """
    )

    @Argument(help: "Folders or files to check.")
    var paths: [String] = []

    @Option(parsing: .upToNextOption, help: ArgumentHelp("Compare two scans (JSONL) instead of scanning.", valueName: "OLD.jsonl NEW.jsonl"))
    var diff: [String] = []

    @Option(help: ArgumentHelp("Standard output format: text, json, junit, sarif, github.", valueName: "format"))
    var format: FindingsFormat = .text

    @Option(help: ArgumentHelp("Fail (exit 1) on items at or above this severity: error, warning, info.", valueName: "severity"))
    var failOn: MediaReport.Code.Severity = .error

    @Option(help: ArgumentHelp("Also write the JSON result to FILE.", valueName: "FILE"))
    var json: String?

    @Option(help: ArgumentHelp("Also write JUnit XML to FILE.", valueName: "FILE"))
    var junit: String?

    @Option(help: ArgumentHelp("Also write SARIF 2.1.0 to FILE.", valueName: "FILE"))
    var sarif: String?

    @Option(help: ArgumentHelp("Also write the scan's reports as JSONL to FILE (the input of a later --diff).", valueName: "FILE"))
    var jsonl: String?

    @Flag(help: "List info items too (text and github formats).")
    var verbose = false

    @Option(help: ArgumentHelp("A device-catalogue file adding the targets the policy's require: entries name.", valueName: "FILE"))
    var targets: String?

    @OptionGroup var library: LibraryOptions
    @OptionGroup var analysis: AnalysisOptions

    func validate() throws {
        if diff.isEmpty {
            if paths.isEmpty { throw ValidationError("give folders or files to check, or --diff OLD.jsonl NEW.jsonl") }
        } else {
            if diff.count != 2 { throw ValidationError("--diff takes two files: OLD.jsonl NEW.jsonl") }
            if !paths.isEmpty { throw ValidationError("--diff compares two scans; do not also give paths") }
            if jsonl != nil { throw ValidationError("--jsonl writes a scan's reports; --diff does not scan") }
        }
    }

    func run() throws {
        let mode: CheckRun.Request.Mode = diff.isEmpty
            ? .scan(try library.configuration(paths: paths, analysis: analysis)) : .diff(old: diff[0], new: diff[1])
        var request: CheckRun.Request
        do throws(ScanSetupError) { request = try CheckRun.Request(mode: mode, policyArgument: analysis.policy) } catch {
            throw ValidationError(error.description)
        }
        request.output(format, failOn: failOn)
        request.jsonFile = json
        request.junitFile = junit
        request.sarifFile = sarif
        request.jsonlFile = jsonl
        request.verbose = verbose
        request.quiet = library.quiet
        request.targetsFile = targets
        if diff.isEmpty { request.shouldStop = InterruptFlag.installForScan() } else { InterruptFlag.ignoreBrokenPipe() }
        throw ExitCode(CheckRun.run(request))
    }
}
