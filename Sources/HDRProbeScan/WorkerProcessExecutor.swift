import Foundation
import HDRProbeModel
import HDRProbeSimulate
import HDRProbeReport

/// Probes each file in a `hdrprobe worker` child process, kept alive across files. A worker that
/// crashes on a file becomes a `probe.crashed` report for that file; one that does not answer
/// within the file's time limit plus a grace period is killed and becomes `probe.timeout`. The
/// next file gets a fresh worker. Crash-worthy input therefore never stops the scan.
package final class WorkerProcessExecutor: ProbeExecutor {
    let executable: String
    let grace: Double
    private var worker: WorkerProcess?

    /// `executable`: the hdrprobe binary (its `worker` subcommand). `grace`: seconds a worker may
    /// take beyond the per-file time limit before it is killed.
    package init(executable: String, grace: Double = 10) {
        self.executable = executable
        self.grace = grace
    }

    package func probe(_ request: ProbeRequest, shouldStop: @escaping () -> Bool) -> ProbeOutcome {
        if shouldStop() { return .stopped }
        let process: WorkerProcess
        do {
            if let w = worker { process = w } else {
                process = try WorkerProcess(executable: executable, arguments: ["worker", "--parent", String(getpid())])
                worker = process
            }
        } catch {
            return .failure(path: request.path, pathBytes: request.pathBytes, ReportError(.crashed, "No worker process could be started: \(error)"))
        }
        guard let line = try? ReportEncoder.compact(request) else {
            return .failure(path: request.path, pathBytes: request.pathBytes, ReportError(.crashed, "The request could not be encoded."))
        }
        let limit = request.timeout + grace
        let deadline = WorkerProcess.now() + UInt64(min(limit, 86_400) * 1e9)
        switch process.roundTrip(line, deadline: deadline, shouldStop: shouldStop) {
        case .line(let answer):
            // "<Base64 compact digest>\t<JSON report>"; a plain JSON line is read the slow way.
            var text = answer
            var digest: ReportDigest?
            if let tab = answer.firstIndex(of: "\t") {
                text = String(answer[answer.index(after: tab)...])
                digest = Data(base64Encoded: String(answer[..<tab])).flatMap { ReportDigest(compact: [UInt8]($0)) }
            }
            guard let digest = digest ?? (try? ReportDigest.decode(jsonLine: Data(text.utf8))) else {
                worker?.kill()
                worker = nil
                return .failure(path: request.path, pathBytes: request.pathBytes, ReportError(.crashed, "The worker's answer for this file was unreadable; the worker was restarted."))
            }
            return .report(jsonLine: text, digest: digest)
        case .died(let how):
            worker = nil
            return .failure(path: request.path, pathBytes: request.pathBytes, ReportError(.crashed, "The worker analysing this file died (\(how)); the scan went on without it."))
        case .timedOut:
            worker = nil
            return .failure(path: request.path,
                            ReportError(.timeout, "No answer within \(String(format: "%g", limit)) s (the time limit plus \(String(format: "%g", grace)) s); the worker was stopped."))
        case .stopped:
            worker = nil
            return .stopped
        }
    }

    package func shutdown() {
        worker?.kill()
        worker = nil
    }
}

extension WorkerProcessExecutor {
    /// The running hdrprobe binary (`/proc/self/exe` on Linux, the main bundle's executable path
    /// elsewhere), whose `worker` subcommand the scan starts.
    package static func currentExecutable() -> String? {
#if os(Linux)
        let own = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
#else
        let own = Bundle.main.executablePath
#endif
        let path = own ?? CommandLine.arguments.first.map { URL(fileURLWithPath: $0).standardizedFileURL.path }
        guard let path, FileManager.default.isExecutableFile(atPath: path) else { return nil }
        return path
    }

    /// Seconds a worker may run over the per-file time limit before it is killed: the limit
    /// itself, between 2 and 10 s.
    package static func grace(forTimeout timeout: Double) -> Double { min(10, max(2, timeout)) }
}
