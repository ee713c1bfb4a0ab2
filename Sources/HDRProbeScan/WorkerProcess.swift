#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// One `hdrprobe worker` child process and its two pipes. Started with `posix_spawn` in a
/// process group of its own (a Ctrl-C on the terminal reaches the scan, which stops its workers,
/// not the workers directly), standard error to /dev/null. Not thread-safe: one owner thread.
final class WorkerProcess {
    let pid: pid_t
    private var toChild: Int32
    private var fromChild: Int32
    private var buffer: [UInt8] = []
    private var reaped = false

    enum Answer {
        case line(String)
        /// The process ended; the text says how (signal or exit status).
        case died(String)
        case timedOut
        case stopped
    }

    struct SpawnError: Error, CustomStringConvertible { let description: String }

    /// Pipes are made and the child spawned under one lock, so that no other worker's child
    /// can inherit these pipe ends before they are marked close-on-exec (a child holding another
    /// worker's pipe would hide that worker's death).
    private static let spawnLock = NSLock()

    init(executable: String, arguments: [String]) throws {
        Self.spawnLock.lock()
        defer { Self.spawnLock.unlock() }
        var inPipe: [Int32] = [0, 0], outPipe: [Int32] = [0, 0]
        guard pipe(&inPipe) == 0 else { throw SpawnError(description: "pipe: \(String(cString: strerror(errno)))") }
        guard pipe(&outPipe) == 0 else {
            close(inPipe[0]); close(inPipe[1])
            throw SpawnError(description: "pipe: \(String(cString: strerror(errno)))")
        }
        for fd in inPipe + outPipe { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        // posix_spawn's opaque types are structs in glibc and pointers (imported as optionals) on Darwin.
#if canImport(Darwin)
        var actions: posix_spawn_file_actions_t?
        var attributes: posix_spawnattr_t?
        let environment = _NSGetEnviron().pointee
#else
        var actions = posix_spawn_file_actions_t()
        var attributes = posix_spawnattr_t()
        let environment = environ
#endif
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, inPipe[0], 0)
        posix_spawn_file_actions_adddup2(&actions, outPipe[1], 1)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)

        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var defaults = sigset_t()
        sigemptyset(&defaults)
        sigaddset(&defaults, SIGPIPE)
        sigaddset(&defaults, SIGINT)
        sigaddset(&defaults, SIGTERM)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        var mask = sigset_t()
        sigemptyset(&mask)
        posix_spawnattr_setsigmask(&attributes, &mask)
        posix_spawnattr_setpgroup(&attributes, 0)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))

        let argv: [UnsafeMutablePointer<CChar>?] = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { for p in argv { free(p) } }
        var child: pid_t = 0
        let rc = posix_spawn(&child, executable, &actions, &attributes, argv, environment)
        close(inPipe[0]); close(outPipe[1])
        guard rc == 0 else {
            close(inPipe[1]); close(outPipe[0])
            throw SpawnError(description: "cannot start \(executable): \(String(cString: strerror(rc)))")
        }
        pid = child
        toChild = inPipe[1]
        fromChild = outPipe[0]
    }

    deinit { kill() }

    /// Sends one line and waits for one line back until `deadline` (monotonic nanoseconds),
    /// checking `shouldStop` every 100 ms.
    func roundTrip(_ line: String, deadline: UInt64, shouldStop: () -> Bool) -> Answer {
        var bytes = Array((line + "\n").utf8)[...]
        while !bytes.isEmpty {
            let n = bytes.withUnsafeBytes { write(toChild, $0.baseAddress!, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                return .died(reap(afterEOF: true))
            }
            bytes = bytes.dropFirst(n)
        }
        while true {
            if let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
                let text = String(decoding: buffer[..<newline], as: UTF8.self)
                buffer.removeSubrange(...newline)
                return .line(text)
            }
            if shouldStop() { kill(); return .stopped }
            let now = Self.now()
            guard now < deadline else { kill(); return .timedOut }
            var fds = pollfd(fd: fromChild, events: Int16(POLLIN), revents: 0)
            let wait = Int32(min(100, (deadline - now) / 1_000_000 + 1))
            let ready = poll(&fds, 1, wait)
            if ready < 0 && errno != EINTR { return .died(reap(afterEOF: true)) }
            guard ready > 0 else { continue }
            var chunk = [UInt8](repeating: 0, count: 65536)
            let n = chunk.withUnsafeMutableBytes { read(fromChild, $0.baseAddress!, $0.count) }
            if n > 0 { buffer.append(contentsOf: chunk[..<n]); continue }
            if n < 0 && (errno == EINTR || errno == EAGAIN) { continue }
            return .died(reap(afterEOF: true))
        }
    }

    /// Stops the process at once (SIGKILL) and reaps it.
    func kill() {
        guard !reaped else { return }
        _ = POSIX.kill(pid, SIGKILL)
        _ = reap(afterEOF: false)
    }

    /// Closes the pipes and waits for the process; says how it ended.
    @discardableResult
    private func reap(afterEOF: Bool) -> String {
        guard !reaped else { return "the worker had already ended" }
        reaped = true
        close(toChild); close(fromChild)
        if afterEOF {
            // The pipe closed: give the process a moment to finish dying, then make sure.
            for _ in 0..<50 {
                var status: Int32 = 0
                if waitpid(pid, &status, WNOHANG) == pid { return Self.describe(status) }
                usleep(10_000)
            }
            _ = POSIX.kill(pid, SIGKILL)
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        return Self.describe(status)
    }

    static func describe(_ status: Int32) -> String {
        let signal = status & 0x7f
        if signal != 0 {
            let name = strsignal(signal).map { String(cString: $0) } ?? "signal"
            return "killed by signal \(signal) (\(name))"
        }
        return "exited with status \((status >> 8) & 0xff)"
    }

    static func now() -> UInt64 {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return UInt64(ts.tv_sec) * 1_000_000_000 + UInt64(ts.tv_nsec)
    }
}
