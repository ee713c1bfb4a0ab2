#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import HDRProbeModel
import HDRProbeSimulate
import HDRProbeCheck
import HDRProbeEngine
import HDRProbe

/// `hdrprobe check`: scans (always in path order, with the cache) and applies the policy
/// (``CheckEvaluator``), or compares two scans (`--diff`, ``ScanDiff``); prints the result in one
/// format and writes any others to files. Exit status: 0 nothing at or above `--fail-on`, 1 some,
/// 2 an output that cannot be written or a diff input that cannot be read, 130 interrupted.
package enum CheckRun {
    package struct Request: Sendable {
        package enum Mode: Sendable {
            case scan(ScanConfiguration)
            case diff(old: String, new: String)
        }
        package var mode: Mode
        package var policy: PolicyDocument
        package var format: CheckFormat = .text
        package var failOn: Finding.Severity = .error
        package var jsonFile: String?
        package var junitFile: String?
        package var sarifFile: String?
        /// The scan's reports as JSONL (the input of a later `--diff`).
        package var jsonlFile: String?
        package var verbose = false
        package var quiet = false
        /// A device-catalogue file (`--targets`) for the policy's `require:` targets.
        package var targetsFile: String?
        /// Asked between batches: true stops the scan cleanly (what is done is still reported).
        package var shouldStop: @Sendable () -> Bool = { false }

        package init(mode: Mode, policy: PolicyDocument) {
            self.mode = mode
            self.policy = policy
        }

        /// A scan with the configuration's policy, or a diff under the policy `--policy` names
        /// (`default`, `apple-hls` or a YAML file); the policy's error is the usage error's text.
        package init(mode: Mode, policyArgument: String) throws(ScanSetupError) {
            switch mode {
            case .scan(let configuration): self.init(mode: mode, policy: configuration.policy)
            case .diff: self.init(mode: mode, policy: try ScanSetupError.policy(policyArgument))
            }
        }

        /// The output format and `--fail-on` as the library names them.
        package mutating func output(_ format: FindingsFormat, failOn: MediaReport.Code.Severity) {
            self.format = CheckFormat(rawValue: format.rawValue)!
            self.failOn = Finding.Severity(rawValue: failOn.rawValue)!
        }
    }

    /// A status the run stops with after printing its message.
    private struct Stop: Error { let status: Int32 }

    package static func run(_ request: Request) -> Int32 {
        let stdout = LineWriter.standardOutput()
        do {
            let evaluator = try makeEvaluator(request)
            let (report, interrupted) = try checkReport(request, evaluator: evaluator, stdout: stdout)
            try writeOutputs(report, interrupted: interrupted, request: request, stdout: stdout)
            if interrupted { return 130 }
            return report.failed ? 1 : 0
        } catch let stop as Stop {
            return stop.status
        } catch {
            return 2
        }
    }

    /// The policy's evaluator, with the device catalogue when the policy requires targets.
    private static func makeEvaluator(_ request: Request) throws -> CheckEvaluator {
        var catalog: DeviceCatalog?
        if !request.policy.check.require.isEmpty {
            do { catalog = try DeviceCatalogLoader.load(userFile: request.targetsFile) } catch {
                ScanRun.printError("error: --targets \(error)")
                throw Stop(status: 2)
            }
        }
        let evaluator = CheckEvaluator(document: request.policy, catalog: catalog)
        if let unknown = evaluator.unknownRequirementTargets().first {
            ScanRun.printError("error: policy line \(unknown.line.map(String.init) ?? "?"): require: unknown target '\(unknown.target)'; known: \(catalog?.targets.map(\.id).joined(separator: ", ") ?? "")")
            throw Stop(status: 2)
        }
        return evaluator
    }

    /// The check's report (and whether the scan was interrupted), by the request's mode.
    private static func checkReport(_ request: Request, evaluator: CheckEvaluator,
                                    stdout: LineWriter) throws -> (CheckReport, Bool) {
        switch request.mode {
        case .diff(let old, let new):
            return (try diffReport(old: old, new: new, request: request, evaluator: evaluator), false)
        case .scan(let configuration):
            return try scanReport(configuration, request: request, evaluator: evaluator, stdout: stdout)
        }
    }

    /// `--diff`: the two scans' digests compared, the policy applied to what changed.
    private static func diffReport(old: String, new: String, request: Request,
                                   evaluator: CheckEvaluator) throws -> CheckReport {
        let started = Date()
        var digests: [[ExactPath: ReportDigest]] = []
        for path in [old, new] {
            do {
                digests.append(try JSONLReader.exactDigests(path: path) { line in
                    ScanRun.printError("warning: \(path):\(line): not a report line; skipped")
                })
            } catch {
                ScanRun.printError("error: \(error)")
                throw Stop(status: 2)
            }
        }
        let keep = { (d: [ExactPath: ReportDigest]) in d.filter { request.policy.check.includes($0.key.path) } }
        let before = keep(digests[0]), after = keep(digests[1])
        let outcomes = ScanDiff.compare(old: before, new: after).map(evaluator.apply).filter { !$0.items.isEmpty }
        return CheckReport(mode: .diff, policyName: request.policy.dolbyVision.name, failOn: request.failOn,
                           toolVersion: ProbeEngine.version, outcomes: outcomes,
                           fileCount: Set(before.keys).union(after.keys).count, summary: nil,
                           seconds: Date().timeIntervalSince(started))
    }

    /// A scan in path order with the cache: each file evaluated as it arrives, text streamed.
    private static func scanReport(_ scanConfiguration: ScanConfiguration, request: Request, evaluator: CheckEvaluator,
                                   stdout: LineWriter) throws -> (CheckReport, Bool) {
        var configuration = scanConfiguration
        configuration.sorted = true
        var jsonl: LineWriter?
        if let path = request.jsonlFile {
            do { jsonl = try LineWriter.file(path) } catch {
                ScanRun.printError("error: cannot write the reports: \(error.localizedDescription)")
                throw Stop(status: 2)
            }
        }
        var outcomes: [FileOutcome] = []
        var fileCount = 0
        let streamText = request.format == .text
        // Text needs only the files with items (clean ones are counted); the other formats
        // list every file.
        let keepClean = !streamText || request.jsonFile != nil || request.junitFile != nil || request.sarifFile != nil
        let minimum: Finding.Severity = request.verbose ? .info : .warning
        let scanner = LibraryScanner(config: configuration)
        let progress = ScanProgress.automatic(quiet: request.quiet, sharesTerminalWithReports: streamText)
        // An output that cannot be written (a closed pipe, a full device) stops the scan.
        let summary = scanner.run(progress: progress, shouldInterrupt: { request.shouldStop() || stdout.failure != nil || jsonl?.failure != nil },
                                  warn: { ScanRun.printError($0) },
                                  afterBatch: { stdout.flushIfStale(); jsonl?.flushIfStale() }) { result in
            jsonl?.write(line: result.jsonLine)
            let outcome = evaluator.evaluate(result.digest, relativePath: result.entry.relativePath)
            if streamText, let block = CheckTextRenderer.block(outcome, minimum: minimum) {
                stdout.write(text: block + "\n\n")
            }
            fileCount += 1
            if keepClean || !outcome.items.isEmpty { outcomes.append(outcome) }
        }
        jsonl?.close()
        if let failure = jsonl?.failure { ScanRun.printError("error: \(failure)"); throw Stop(status: 2) }
        let report = CheckReport(mode: .check, policyName: request.policy.dolbyVision.name, failOn: request.failOn,
                                 toolVersion: ProbeEngine.version, outcomes: outcomes, fileCount: fileCount,
                                 summary: summary, seconds: summary.seconds)
        if !request.quiet { ScanRun.printError(summary.text(title: "hdrprobe check")) }
        return (report, summary.interrupted)
    }

    /// The result in the chosen format on standard output, and any `--json/--junit/--sarif` files.
    private static func writeOutputs(_ report: CheckReport, interrupted: Bool, request: Request,
                                     stdout: LineWriter) throws {
        do {
            if request.format == .text {
                if case .diff = request.mode {
                    stdout.write(text: try CheckFormat.text.render(report, verbose: request.verbose))
                } else {
                    stdout.write(line: CheckTextRenderer.footer(report) + (interrupted ? " (interrupted: partial results)" : ""))
                }
            } else {
                stdout.write(text: try request.format.render(report, verbose: request.verbose))
            }
            stdout.flush()
            for (path, format) in [(request.jsonFile, CheckFormat.json), (request.junitFile, .junit), (request.sarifFile, .sarif)] {
                guard let path else { continue }
                let writer = try LineWriter.file(path)
                writer.write(text: try format.render(report, verbose: request.verbose))
                writer.close()
                if let failure = writer.failure { throw failure }
            }
        } catch {
            ScanRun.printError("error: cannot write the check result: \(error)")
            throw Stop(status: 2)
        }
        if let failure = stdout.failure { ScanRun.printError("error: \(failure)"); throw Stop(status: 2) }
    }
}
