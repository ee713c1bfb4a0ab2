import Foundation

/// A request to stop a probe early, set from another thread (the embeddable library's task
/// cancellation handler). While a probe runs inside ``ProbeCancellation/withToken(_:_:)``, every
/// place that watches the probe's time limit — ``MediaFile`` reads, libavformat's interrupt
/// callback, remote fetches — also stops once the token is set, so a cancelled probe returns at
/// its next read instead of running to the end of its frame budget.
package final class ProbeCancellation: @unchecked Sendable {
    private let lock = NSLock()
    private var cancelled = false

    package init() {}

    /// Asks the probe to stop; safe from any thread.
    package func cancel() { lock.withLock { cancelled = true } }

    package var isCancelled: Bool { lock.withLock { cancelled } }

    /// The token of the probe running on this thread (a task-local value, bound on the probing
    /// thread by ``withToken(_:_:)``; nil outside such a probe).
    @TaskLocal package static var current: ProbeCancellation?

    /// Runs `body` with `token` as the current thread's cancellation token.
    package static func withToken<T>(_ token: ProbeCancellation, _ body: () throws -> T) rethrows -> T {
        try $current.withValue(token, operation: body)
    }

    /// The current probe was asked to stop.
    package static var isRequested: Bool { current?.isCancelled == true }
}
