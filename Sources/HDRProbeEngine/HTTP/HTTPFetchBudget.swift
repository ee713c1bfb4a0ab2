import Foundation

/// What one run (one `hls --check`, one `dash --check`, one remote probe) may ask of servers: a
/// number of requests (redirect hops included) and a number of body bytes received. Shared by
/// every fetch of the run, the parallel ones too, so a presentation of millions of segments or a
/// server that answers with more than was asked ends in a clear error instead of an unbounded run.
final class HTTPFetchBudget: @unchecked Sendable {
    let maxRequests: Int
    let maxBytes: Int
    private let lock = NSLock()
    private var requests = 0
    private var bytes = 0

    init(maxRequests: Int, maxBytes: Int) {
        self.maxRequests = maxRequests
        self.maxBytes = maxBytes
    }

    /// Takes one request from the budget; false when none is left.
    func takeRequest() -> Bool {
        lock.lock()
        defer { lock.unlock() }
        guard requests < maxRequests else { return false }
        requests += 1
        return true
    }

    /// Counts `count` received bytes; false once the run has received more than its budget.
    func take(bytes count: Int) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        bytes += count
        return bytes <= maxBytes
    }

    /// Requests made and bytes received so far.
    var spent: (requests: Int, bytes: Int) {
        lock.lock()
        defer { lock.unlock() }
        return (requests, bytes)
    }
}
