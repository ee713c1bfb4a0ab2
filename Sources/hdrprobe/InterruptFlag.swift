#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// SIGINT / SIGTERM during a scan: the first one asks the scan to stop cleanly (what is done is
/// written out, with the summary); a second one exits at once with status 130.
package enum InterruptFlag {
    nonisolated(unsafe) private static var signals: Int32 = 0

    package static func install() {
        let handler: @convention(c) (Int32) -> Void = { _ in
            InterruptFlag.signals += 1
            if InterruptFlag.signals >= 2 { _exit(130) }
        }
        signal(SIGINT, handler)
        signal(SIGTERM, handler)
        // A parent may have started us with these signals blocked; threads made later inherit
        // this thread's mask.
        var set = sigset_t()
        sigemptyset(&set)
        sigaddset(&set, SIGINT)
        sigaddset(&set, SIGTERM)
        sigprocmask(SIG_UNBLOCK, &set, nil)
    }

    package static var isSet: Bool { signals > 0 }

    /// What a command that scans a library sets up before it starts: the handler above, and
    /// standard output that may close under it (`scan | head`) as a write error, not a signal.
    /// Returns the scan's stop question.
    static func installForScan() -> @Sendable () -> Bool {
        ignoreBrokenPipe()
        install()
        return { isSet }
    }

    /// A closed standard output is a write error the command reports, not SIGPIPE's silent exit.
    static func ignoreBrokenPipe() {
        signal(SIGPIPE, SIG_IGN)
    }
}
