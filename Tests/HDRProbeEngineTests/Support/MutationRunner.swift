#if FFmpeg
import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Runs `hdrprobe probe --json` on mutation cases, one process per file, under a wall-clock limit
/// (the process is killed when it runs over: a hang) and an address-space limit (`ulimit -v`),
/// and judges each result: no signal, no hang, peak RSS within budget, exit status 0 or 1, one
/// report that is JSON and valid against `docs/report.schema.json`, and a status that makes sense
/// (an error has an `error.code` and exit 1; ok has streams and exit 0; a file cut inside a sized
/// structure says `container.truncated` when it is reported ok).
enum MutationRunner {
    struct Limits: Sendable {
        /// Wall-clock seconds before the process is killed and counted as a hang.
        var killAfter: Double = 30
        /// hdrprobe's own `--timeout`.
        var probeTimeout: Double = 10
        /// `ulimit -v` for the process, in KiB.
        var addressSpaceKiB = 2 << 20
        /// Peak resident memory above which a case fails, in KiB.
        var rssBudgetKiB = 384 << 10
    }

    struct Result: Sendable {
        var source: String
        var kind: String
        var detail: String
        var fileName: String
        var exitStatus: Int32?
        var signal: Int32?
        var hung = false
        var maxRSSKiB = 0
        var seconds = 0.0
        var reportStatus: String?
        var errorCode: String?
        /// The report as printed, for the schema check after the run.
        var reportJSON: Data?
        /// Category → message; empty when the case passed.
        var problems: [(category: String, message: String)] = []
        var passed: Bool { problems.isEmpty }
    }

    static let categories = ["crash", "hang", "memory", "exit", "json", "schema", "inconsistent"]

    /// Checks reports against the report schema: one error list per document (``ReportSchema``).
    typealias SchemaCheck = @Sendable ([Any]) throws -> [[String]]

    /// Runs every case with `workers` processes at a time; `keepFailures` receives a copy of each
    /// failing input with its stdout and stderr.
    static func run(_ cases: [MutationCase], executable: URL, validator: SchemaCheck?, workers: Int = 2,
                    limits: Limits = Limits(), keepFailures: URL? = nil) throws -> [Result] {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("hdrprobe-mutate-\(getpid())-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        if let keepFailures { try FileManager.default.createDirectory(at: keepFailures, withIntermediateDirectories: true) }
        let results = ResultStore(count: cases.count)
        let next = Counter()
        let group = DispatchGroup()
        for _ in 0..<max(1, workers) {
            group.enter()
            Thread.detachNewThread {
                defer { group.leave() }
                while true {
                    let i = next.take()
                    guard i < cases.count else { return }
                    let c = cases[i]
                    let caseDir = dir.appendingPathComponent("\(i)")
                    try? FileManager.default.createDirectory(at: caseDir, withIntermediateDirectories: true)
                    let result = runOne(c, in: caseDir, executable: executable, limits: limits)
                    if !result.passed, let keepFailures {
                        let base = keepFailures.appendingPathComponent("\(i)-\(c.fileName)")
                        try? Data(c.bytes).write(to: base)
                        try? FileManager.default.copyItem(at: caseDir.appendingPathComponent("stdout"), to: base.appendingPathExtension("stdout"))
                        try? FileManager.default.copyItem(at: caseDir.appendingPathComponent("stderr"), to: base.appendingPathExtension("stderr"))
                    }
                    try? FileManager.default.removeItem(at: caseDir)
                    results.set(i, result)
                }
            }
        }
        group.wait()
        var all = results.all()
        if let validator { try checkSchema(&all, validator) }
        return all
    }

    /// The "schema" problems of every case that printed a report, from one validator run.
    static func checkSchema(_ results: inout [Result], _ validator: SchemaCheck) throws {
        let indices = results.indices.filter { results[$0].reportJSON != nil }
        let documents = try indices.map { try JSONSerialization.jsonObject(with: results[$0].reportJSON!) }
        for (i, errors) in zip(indices, try validator(documents)) where !errors.isEmpty {
            results[i].problems.append(("schema", errors.prefix(3).joined(separator: "; ")))
        }
    }

    static func runOne(_ c: MutationCase, in dir: URL, executable: URL, limits: Limits) -> Result {
        var result = Result(source: c.source, kind: c.kind, detail: c.detail, fileName: c.fileName)
        let file = dir.appendingPathComponent(c.fileName)
        let stdoutURL = dir.appendingPathComponent("stdout"), stderrURL = dir.appendingPathComponent("stderr")
        do {
            try Data(c.bytes).write(to: file)
        } catch {
            result.problems.append(("exit", "cannot write the case: \(error)"))
            return result
        }
        let script = "ulimit -v \(limits.addressSpaceKiB) && exec \"$0\" \"$@\""
        let args = ["/bin/sh", "-c", script, executable.path, "probe", "--json", "--quiet",
                    "--timeout", String(limits.probeTimeout), file.path]
        let start = Date()
        guard let outcome = spawnAndWait(args, stdout: stdoutURL.path, stderr: stderrURL.path, killAfter: limits.killAfter) else {
            result.problems.append(("exit", "posix_spawn failed"))
            return result
        }
        result.seconds = Date().timeIntervalSince(start)
        result.maxRSSKiB = outcome.maxRSSKiB
        result.hung = outcome.killed
        result.exitStatus = outcome.exitStatus
        result.signal = outcome.killed ? nil : outcome.signal
        let stderr = (try? String(contentsOf: stderrURL, encoding: .utf8)) ?? ""
        if outcome.killed {
            result.problems.append(("hang", "killed after \(limits.killAfter) s"))
            return result
        }
        if let signal = outcome.signal {
            let line = stderr.split(separator: "\n").first { $0.contains("Fatal error") || $0.contains("fatal error") || $0.contains("Crash") }
            result.problems.append(("crash", "signal \(signal)\(line.map { ": \($0)" } ?? "")"))
            return result
        }
        if outcome.maxRSSKiB > limits.rssBudgetKiB {
            result.problems.append(("memory", "peak RSS \(outcome.maxRSSKiB >> 10) MiB above the \(limits.rssBudgetKiB >> 10) MiB budget"))
        }
        guard let status = outcome.exitStatus, status == 0 || status == 1 else {
            result.problems.append(("exit", "exit status \(outcome.exitStatus.map(String.init) ?? "?"): \(stderr.prefix(200))"))
            return result
        }
        let stdout = (try? Data(contentsOf: stdoutURL)) ?? Data()
        guard let array = try? JSONSerialization.jsonObject(with: stdout) as? [Any], array.count == 1,
              let report = array[0] as? [String: Any] else {
            result.problems.append(("json", "stdout is not a JSON array of one report: \(String(decoding: stdout.prefix(200), as: UTF8.self))"))
            return result
        }
        result.reportJSON = try? JSONSerialization.data(withJSONObject: report)
        let reportStatus = report["status"] as? String
        result.reportStatus = reportStatus
        let error = report["error"] as? [String: Any]
        result.errorCode = error?["code"] as? String
        let streams = report["streams"] as? [Any] ?? []
        let codes = (report["findings"] as? [[String: Any]] ?? []).compactMap { $0["code"] as? String }
        if report["path"] as? String != file.path {
            result.problems.append(("inconsistent", "path \(report["path"] ?? "nil") is not the file probed"))
        }
        switch reportStatus {
        case "error":
            if (result.errorCode ?? "").isEmpty { result.problems.append(("inconsistent", "an error report without error.code")) }
            if status != 1 { result.problems.append(("inconsistent", "an error report but exit status \(status)")) }
        case "ok":
            if streams.isEmpty { result.problems.append(("inconsistent", "an ok report without streams")) }
            if status != 0 { result.problems.append(("inconsistent", "an ok report but exit status \(status)")) }
            if c.expectsTruncationEvidence && !codes.contains("container.truncated") {
                result.problems.append(("inconsistent", "cut inside a sized structure, reported ok without container.truncated"))
            }
        default:
            result.problems.append(("inconsistent", "status \(reportStatus ?? "missing")"))
        }
        return result
    }

    /// `N cases, 0 crashes, 0 hangs, …` plus the outcome counts.
    static func summary(_ results: [Result]) -> String {
        func count(_ category: String) -> Int { results.filter { r in r.problems.contains { $0.category == category } }.count }
        let ok = results.filter { $0.reportStatus == "ok" }.count
        let errors = results.filter { $0.reportStatus == "error" }.count
        let peak = results.map(\.maxRSSKiB).max() ?? 0
        let slowest = results.map(\.seconds).max() ?? 0
        return "\(results.count) cases, \(count("crash")) crashes, \(count("hang")) hangs, \(count("memory")) over memory, "
            + "\(count("exit")) bad exits, \(count("json")) invalid JSON, \(count("schema")) schema violations, "
            + "\(count("inconsistent")) inconsistent reports; \(ok) ok, \(errors) error reports; "
            + "peak RSS \(peak >> 10) MiB, slowest \(String(format: "%.2f", slowest)) s"
    }

    static func failureLines(_ results: [Result], limit: Int = 40) -> [String] {
        results.filter { !$0.passed }.prefix(limit).map { r in
            "\(r.fileName): " + r.problems.map { "\($0.category): \($0.message)" }.joined(separator: " | ")
        }
    }

    // MARK: Process handling

    struct Outcome {
        var exitStatus: Int32?
        var signal: Int32?
        var killed: Bool
        var maxRSSKiB: Int
    }

    /// posix_spawn + wait4 (for the peak RSS); the child is killed with SIGKILL after `killAfter` s.
    static func spawnAndWait(_ args: [String], stdout: String, stderr: String, killAfter: Double) -> Outcome? {
        spawnAndWait(args.map { Array($0.utf8) }, stdout: stdout, stderr: stderr, killAfter: killAfter)
    }

    /// The same with each argument as raw bytes (a file name that is not UTF-8).
    static func spawnAndWait(_ args: [[UInt8]], stdout: String, stderr: String, killAfter: Double,
                             environment: [String]? = nil) -> Outcome? {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, stdout, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_addopen(&actions, 2, stderr, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        func cString(_ bytes: [UInt8]) -> UnsafeMutablePointer<CChar>? {
            let p = UnsafeMutablePointer<CChar>.allocate(capacity: bytes.count + 1)
            for (i, b) in bytes.enumerated() { p[i] = CChar(bitPattern: b) }
            p[bytes.count] = 0
            return p
        }
        var cArgs = args.map(cString)
        cArgs.append(nil)
        var cEnv = environment.map { $0.map { cString(Array($0.utf8)) } + [nil] }
        defer {
            cArgs.forEach { $0?.deallocate() }
            cEnv?.forEach { $0?.deallocate() }
        }
        var pid = pid_t()
        let rc: Int32
        if cEnv != nil {
            rc = posix_spawn(&pid, cArgs[0]!, &actions, nil, cArgs, &cEnv!)
        } else {
            rc = posix_spawn(&pid, cArgs[0]!, &actions, nil, cArgs, environ)
        }
        guard rc == 0 else { return nil }
        let deadline = Date().addingTimeInterval(killAfter)
        var status: Int32 = 0
        var usage = rusage()
        var killed = false
        while true {
            let r = wait4(pid, &status, WNOHANG, &usage)
            if r == pid { break }
            if r < 0 && errno != EINTR { return nil }
            if !killed && Date() > deadline {
                kill(pid, SIGKILL)
                killed = true
            }
            usleep(2_000)
        }
        let low = status & 0x7F
        let exited = low == 0
        return Outcome(exitStatus: exited ? (status >> 8) & 0xFF : nil, signal: exited ? nil : low,
                       killed: killed, maxRSSKiB: Int(usage.ru_maxrss))
    }
}

private final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0
    func take() -> Int {
        lock.lock(); defer { lock.unlock() }
        value += 1
        return value - 1
    }
}

private final class ResultStore: @unchecked Sendable {
    private let lock = NSLock()
    private var results: [MutationRunner.Result?]
    init(count: Int) { results = Array(repeating: nil, count: count) }
    func set(_ i: Int, _ r: MutationRunner.Result) {
        lock.lock(); defer { lock.unlock() }
        results[i] = r
    }
    func all() -> [MutationRunner.Result] {
        lock.lock(); defer { lock.unlock() }
        return results.compactMap { $0 }
    }
}
#endif
