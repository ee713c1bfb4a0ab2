#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CProcessControl
import Foundation
import HDRProbeModel
import HDRProbeReport
import HDRProbeEngine

/// The loop of `hdrprobe worker`: reads ``ProbeRequest`` JSON lines on standard input, answers
/// each with one line on standard output — the report's compact digest in Base64, a tab, and the
/// report as JSON (a JSON text never holds a raw tab), so the supervisor needs no JSON decoding —
/// and exits at end of input. The
/// scan's supervisor (``WorkerProcessExecutor``) restarts a worker that dies on a file, so one
/// hostile file costs one report, not the scan.
///
/// Fault injection for the robustness tests: `HDRPROBE_WORKER_FAULT=crash:TEXT` aborts and
/// `hang:TEXT` stops answering when a requested path contains TEXT.
package enum ProbeWorkerServer {
    /// `parent`: the supervisor's process id (`worker --parent PID`); the worker ends when that
    /// process is gone, also in the middle of a file (``ParentWatch``).
    package static func run(parent: Int32? = nil) -> Int32 {
        signal(SIGPIPE, SIG_IGN)
        if let parent, !ParentWatch.start(parent: parent) { return 1 }
        let fault = ProcessInfo.processInfo.environment["HDRPROBE_WORKER_FAULT"].flatMap(Fault.init)
        let decoder = JSONDecoder()
        while let line = readLine(strippingNewline: true) {
            guard !line.isEmpty else { continue }
            let answer: String
            do {
                let request = try decoder.decode(ProbeRequest.self, from: Data(line.utf8))
                if let fault, request.path.contains(fault.text) { fault.trigger() }
                let (report, digest) = request.probe()
                answer = Data(digest.compactEncoded()).base64EncodedString() + "\t" + (try ReportEncoder.jsonLine(report))
            } catch {
                let report = ProbeReport.failure(path: "", tool: ProbeEngine.tool,
                                                 error: ReportError(.readFailed, "The worker could not read its request: \(error)"))
                answer = (try? ReportEncoder.jsonLine(report)) ?? "{}"
            }
            guard send(answer + "\n") else { return 1 }
        }
        return 0
    }

    private static func send(_ text: String) -> Bool {
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let n = bytes.withUnsafeBytes { write(STDOUT_FILENO, $0.baseAddress!, $0.count) }
            if n < 0 { if errno == EINTR { continue }; return false }
            bytes = bytes.dropFirst(n)
        }
        return true
    }

    /// Ends this worker when its supervisor dies, so that a `kill -9` of the scan leaves no
    /// worker behind. On Linux the kernel sends SIGKILL when the parent dies (PR_SET_PDEATHSIG);
    /// everywhere a watch thread checks, every 0.2 s, that the parent is still the parent and
    /// that the request pipe still has a writer (POLLHUP: its end closed), and exits otherwise.
    enum ParentWatch {
        /// False when the parent is already gone.
        static func start(parent: Int32) -> Bool {
            _ = hdrprobe_set_parent_death_signal(SIGKILL)
            // The parent may have died before the request above: then it is no longer the parent.
            guard getppid() == parent else { return false }
            var st = stat()
            let watchPipe = fstat(STDIN_FILENO, &st) == 0 && (st.st_mode & S_IFMT) == S_IFIFO
            let thread = Thread {
                while true {
                    if getppid() != parent { _exit(1) }
                    if watchPipe {
                        var fds = pollfd(fd: STDIN_FILENO, events: 0, revents: 0)
                        if poll(&fds, 1, 200) > 0 && fds.revents & Int16(POLLHUP | POLLERR | POLLNVAL) != 0 { _exit(1) }
                    } else {
                        usleep(200_000)
                    }
                }
            }
            thread.stackSize = 1 << 16
            thread.start()
            return true
        }
    }

    struct Fault {
        enum Kind: String { case crash, hang }
        var kind: Kind
        var text: String

        init?(_ spec: String) {
            let parts = spec.split(separator: ":", maxSplits: 1)
            guard parts.count == 2, let kind = Kind(rawValue: String(parts[0])), !parts[1].isEmpty else { return nil }
            self.kind = kind
            self.text = String(parts[1])
        }

        func trigger() {
            switch kind {
            case .crash: abort()
            case .hang: while true { sleep(3600) }
            }
        }
    }
}
