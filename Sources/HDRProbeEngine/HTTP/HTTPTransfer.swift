import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// One GET in flight: what the delegate has received so far and why it ended. The delegate's queue
/// writes it, the fetching thread waits on ``done`` and reads it afterwards; a lock guards both.
final class HTTPTransfer: @unchecked Sendable {
    /// How a transfer ended before its response was complete.
    enum Stop: Equatable {
        /// The body reached ``cap``: the rest is not wanted (an endless or oversized body ends here).
        case capReached
        /// The run's byte budget is spent.
        case byteBudget
        /// The run's request budget is spent (a redirect hop asked for one more).
        case requestBudget
        /// A redirect to a scheme other than http(s) (`file:`, `ftp:` …): never followed.
        case redirectScheme(String)
        /// More than the allowed redirect hops.
        case tooManyRedirects(Int)
        /// A redirect back to a URL already visited.
        case redirectLoop(String)
    }

    /// Body bytes (after ``skip``) kept at most.
    let cap: Int
    /// Body bytes to drop first: a server that ignores `Range` answers 200 from byte 0.
    private(set) var skip: Int
    let budget: HTTPFetchBudget
    let maxRedirects: Int
    let rangeHeader: String?
    let done = DispatchSemaphore(value: 0)
    private let lock = NSLock()
    private var finished = false
    private(set) var response: HTTPURLResponse?
    private(set) var body: [UInt8] = []
    private(set) var stop: Stop?
    private(set) var error: Error?
    private var visited: Set<String>
    private var redirects = 0
    /// Body bytes received, skipped ones included.
    private var received = 0

    init(url: String, cap: Int, skipIfWhole: Int, budget: HTTPFetchBudget, maxRedirects: Int, rangeHeader: String?) {
        self.cap = cap
        self.skip = skipIfWhole
        self.budget = budget
        self.maxRedirects = maxRedirects
        self.rangeHeader = rangeHeader
        visited = [url]
    }

    /// The response head: a 206 answers the range asked, so nothing is skipped.
    func received(_ response: URLResponse) {
        lock.lock()
        defer { lock.unlock() }
        self.response = response as? HTTPURLResponse
        if self.response?.statusCode == 206 { skip = 0 }
    }

    /// Appends body bytes; true, once, when the transfer should be cancelled (cap or budget
    /// reached). Bytes arriving after the end are dropped without another cancel: each cancel is
    /// a round trip through the session's queue, and a fast server can have queued thousands of
    /// chunks by then.
    func received(_ data: Data) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        guard !finished else { return false }
        if !budget.take(bytes: data.count) { return finishLocked(.byteBudget) }
        let dropped = min(skip, data.count)
        skip -= dropped
        received += data.count
        let take = min(cap - body.count, data.count - dropped)
        if take > 0 {
            // One copy of the buffer (an element-wise append is slow in a debug build).
            data.withUnsafeBytes { raw in
                let bytes = raw.bindMemory(to: UInt8.self)
                body.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[dropped..<dropped + take]))
            }
        }
        guard body.count >= cap else { return false }
        // A body that ends here (the range asked for) completes on its own, keeping its connection
        // alive; only one that goes on (an ignored Range, an endless body) is cut off.
        if let length = response?.expectedContentLength, length >= 0, received >= length { return false }
        return finishLocked(.capReached)
    }

    /// A redirect hop from `response` to `target`: the request to follow, or nil. A refused hop
    /// is noted as the stop, and the transfer ends when its task completes (with the redirect's
    /// own response): cancelling a task while the session waits for the redirect decision is not safe.
    func redirect(from response: HTTPURLResponse, to target: URLRequest) -> URLRequest? {
        lock.lock()
        defer { lock.unlock() }
        guard !finished, stop == nil else { return nil }
        // The Location as the server wrote it: the session may have rewritten a `file:` one into
        // an http URL on the same host, which must not be followed either.
        let location = response.value(forHTTPHeaderField: "Location").flatMap { URL(string: $0, relativeTo: response.url) }
        let next = location?.absoluteString ?? target.url?.absoluteString ?? "?"
        for url in [location, target.url] {
            guard let url else { continue }
            guard let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https" else {
                stop = .redirectScheme(url.absoluteString)
                return nil
            }
        }
        redirects += 1
        if redirects > maxRedirects {
            stop = .tooManyRedirects(maxRedirects)
            return nil
        }
        if !visited.insert(target.url?.absoluteString ?? next).inserted {
            stop = .redirectLoop(next)
            return nil
        }
        if !budget.takeRequest() {
            stop = .requestBudget
            return nil
        }
        var request = target
        // The hop asks for the same bytes (some clients drop headers on a redirect).
        if let rangeHeader { request.setValue(rangeHeader, forHTTPHeaderField: "Range") }
        return request
    }

    /// The task completed (after a stop too: then the stop is what counts).
    func completed(_ error: Error?) {
        lock.lock()
        defer { lock.unlock() }
        guard !finished else { return }
        self.error = error
        finished = true
        done.signal()
    }

    private func finishLocked(_ reason: Stop) -> Bool {
        guard !finished else { return true }
        stop = reason
        finished = true
        done.signal()
        return true
    }

    /// The fetching thread gave up (time limit, cancellation): later callbacks are ignored.
    func abandon() {
        lock.lock()
        finished = true
        lock.unlock()
    }

    /// A consistent copy of what was received, read once ``done`` was signalled or the transfer abandoned.
    var outcome: (response: HTTPURLResponse?, body: [UInt8], stop: Stop?, error: Error?) {
        lock.lock()
        defer { lock.unlock() }
        return (response, body, stop, error)
    }
}
