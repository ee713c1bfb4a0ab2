import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import HDRProbeModel
import HDRProbeManifests
import HDRProbeReport
import HDRProbeContainers

/// Reads `http(s)` resources for the manifest checks and remote probes with Foundation's
/// `URLSession` (libcurl on Linux), so every build — the FFmpeg-free one and an app's too — reads
/// over the network. One client serves one run: its session keeps connections alive and shares
/// them between the run's parallel fetches, and its ``HTTPFetchBudget`` bounds the run's requests
/// and bytes.
///
/// Each fetch asks only for the bytes wanted (`Range: bytes=a-b`: the range the manifest names,
/// cut to the caller's cap) and learns the resource's size from `Content-Range`; a server that
/// ignores `Range` answers 200 and is read only up to the cap, then the transfer is cancelled, so
/// an endless or oversized body costs at most the cap. A fetch ends at the earlier of the
/// per-request timeout and the caller's deadline, or when the probe is cancelled; a status ≥ 400,
/// a redirect to a scheme other than http(s), a redirect loop or more than
/// ``Configuration/maxRedirects`` hops is an error naming the URL.
package final class HTTPResourceClient: @unchecked Sendable {
    package struct Configuration: Sendable, Equatable {
        /// Fetches in flight at once (a variant's segments) and connections per host.
        package var concurrency: Int
        /// Requests a run may make (redirect hops count).
        package var maxRequests: Int
        /// Body bytes a run may receive.
        package var maxBytes: Int
        /// Seconds one request may take, start to last byte (the caller's deadline may end it sooner).
        package var requestTimeout: Double
        /// Redirect hops followed per request.
        package var maxRedirects: Int

        package init(concurrency: Int = 8, maxRequests: Int = 250_000, maxBytes: Int = 8 << 30, requestTimeout: Double = 30,
                     maxRedirects: Int = 5) {
            self.concurrency = max(1, concurrency)
            self.maxRequests = maxRequests
            self.maxBytes = maxBytes
            self.requestTimeout = requestTimeout
            self.maxRedirects = maxRedirects
        }
    }

    package let configuration: Configuration
    let budget: HTTPFetchBudget
    private let delegate = HTTPTransferDelegate()
    private let sessionLock = NSLock()
    private var session: URLSession

    /// The client of fetches outside a check run (the DASH to HLS translation): one per process,
    /// so its budgets are unlimited — a budget is a run's, and each check makes its own client.
    package static let shared = HTTPResourceClient(Configuration(maxRequests: .max, maxBytes: .max))

    package init(_ configuration: Configuration = Configuration()) {
        self.configuration = configuration
        budget = HTTPFetchBudget(maxRequests: configuration.maxRequests, maxBytes: configuration.maxBytes)
        session = Self.session(configuration, delegate: delegate)
    }

    private static func session(_ configuration: Configuration, delegate: HTTPTransferDelegate) -> URLSession {
        let c = URLSessionConfiguration.ephemeral
        c.httpMaximumConnectionsPerHost = configuration.concurrency
        // The session's own timeouts only back up the fetch's (which names the URL and honours
        // the caller's deadline): they fire later.
        c.timeoutIntervalForRequest = configuration.requestTimeout + 5
        c.timeoutIntervalForResource = configuration.requestTimeout + 5
        c.requestCachePolicy = .reloadIgnoringLocalCacheData
        c.urlCache = nil
        c.httpCookieStorage = nil
        c.httpShouldSetCookies = false
        let queue = OperationQueue()
        queue.maxConcurrentOperationCount = 1
        return URLSession(configuration: c, delegate: delegate, delegateQueue: queue)
    }

    /// Replaces the session after a transfer ended abnormally (a refused redirect, a body cut off,
    /// a timeout): libcurl-based Foundation can leave such a task's handle behind in its session,
    /// where a later cancel may not stop a transfer, and a fast server's queued chunks can keep its
    /// queue busy for seconds. The next fetch gets a new session at once; true when `old` was the
    /// current one (its caller then lets it finish its other tasks and invalidates it).
    private func replace(_ old: URLSession) -> Bool {
        sessionLock.lock()
        defer { sessionLock.unlock() }
        guard session === old else { return false }
        session = Self.session(configuration, delegate: delegate)
        return true
    }

    deinit {
        sessionLock.lock()
        session.invalidateAndCancel()
        sessionLock.unlock()
    }

    /// Requests made and body bytes received by this client so far.
    package var spent: (requests: Int, bytes: Int) { budget.spent }

    /// Fetches `url`: `range` (from its offset, 0 when none is written) or the whole resource,
    /// at most `maxBytes` bytes of it. `totalSize` is the range's length, or the resource's size
    /// (from `Content-Range`, else `Content-Length`); `truncated` says the cap stopped the read.
    func fetch(_ url: String, range: HLSByteRange? = nil, maxBytes: Int, deadline: UInt64) -> Result<HLSResourceFetcher.Fetched, ReportError> {
        guard let target = URL(string: url), let scheme = target.scheme?.lowercased(), scheme == "http" || scheme == "https" else {
            return .failure(ResourceFetchFailure.cannotFetch(url: url, detail: "not an http(s) URL").error)
        }
        let offset = range?.offset ?? 0
        let count = min(range?.length ?? Int.max, max(1, maxBytes))
        guard count > 0 else { return .success(.init(bytes: [], totalSize: 0, truncated: false)) }
        guard budget.takeRequest() else { return .failure(ResourceFetchFailure.requestBudget(url: url, limit: budget.maxRequests).error) }
        let last = offset.addingReportingOverflow(count - 1)
        let rangeHeader = "bytes=\(offset)-\(last.overflow ? Int.max : last.partialValue)"
        var request = URLRequest(url: target)
        request.setValue(rangeHeader, forHTTPHeaderField: "Range")
        // The bytes as stored: a compressed answer would make the ranges and sizes the encoding's.
        request.setValue("identity", forHTTPHeaderField: "Accept-Encoding")
        request.setValue("hdrprobe/\(ProbeEngine.version)", forHTTPHeaderField: "User-Agent")
        let transfer = HTTPTransfer(url: target.absoluteString, cap: count, skipIfWhole: offset, budget: budget,
                                    maxRedirects: configuration.maxRedirects, rangeHeader: rangeHeader)
        sessionLock.lock()
        let session = self.session
        sessionLock.unlock()
        let task = session.dataTask(with: request)
        delegate.register(transfer, for: task)
        task.resume()
        let stop = min(deadline, Clock.nowNanoseconds() + UInt64(max(0.001, configuration.requestTimeout) * 1e9))
        var timedOut = false
        // Short waits: the caller's deadline and a cancelled probe are noticed within 50 ms.
        while transfer.done.wait(timeout: .now() + .milliseconds(50)) == .timedOut {
            if Clock.nowNanoseconds() >= stop || ProbeCancellation.isRequested {
                timedOut = true
                break
            }
        }
        let outcome = transfer.outcome
        if timedOut || outcome.stop != nil {
            transfer.abandon()
            delegate.remove(task)
            // A refused redirect has completed its task already; a body cut short has not. The
            // cancel and the old session's invalidation go through that session's queue, which a
            // fast server's queued chunks can keep busy for seconds: the fetch does not wait.
            let cancel = timedOut || outcome.stop == .capReached || outcome.stop == .byteBudget
            let invalidate = replace(session)
            let retired = UncheckedTask(task: task, session: session)
            DispatchQueue.global().async {
                if cancel { retired.task.cancel() }
                if invalidate { retired.session.finishTasksAndInvalidate() }
            }
        }
        if timedOut {
            return .failure(ResourceFetchFailure.timedOut(url: url).error)
        }
        return Self.result(url: url, range: range, offset: offset, count: count, outcome: outcome, budget: budget)
    }

    private static func result(url: String, range: HLSByteRange?, offset: Int, count: Int,
                               outcome: (response: HTTPURLResponse?, body: [UInt8], stop: HTTPTransfer.Stop?, error: Error?),
                               budget: HTTPFetchBudget) -> Result<HLSResourceFetcher.Fetched, ReportError> {
        switch outcome.stop {
        case let .redirectScheme(to)?: return .failure(ResourceFetchFailure.redirectScheme(url: url, target: to).error)
        case let .redirectLoop(to)?: return .failure(ResourceFetchFailure.redirectLoop(url: url, target: to).error)
        case let .tooManyRedirects(limit)?: return .failure(ResourceFetchFailure.tooManyRedirects(url: url, limit: limit).error)
        case .requestBudget?: return .failure(ResourceFetchFailure.requestBudget(url: url, limit: budget.maxRequests).error)
        case .byteBudget?: return .failure(ResourceFetchFailure.byteBudget(url: url, limit: budget.maxBytes).error)
        case .capReached?, nil: break
        }
        guard let response = outcome.response else {
            let detail = outcome.error.map { "\($0)" } ?? "no response"
            return .failure(ResourceFetchFailure.cannotFetch(url: url, detail: detail).error)
        }
        let status = response.statusCode
        if (300..<400).contains(status) {
            // A hop the session would not take itself: a Location of another scheme is refused as such.
            if let location = response.value(forHTTPHeaderField: "Location"),
               let next = URL(string: location, relativeTo: response.url), let scheme = next.scheme?.lowercased(),
               scheme != "http" && scheme != "https" {
                return .failure(ResourceFetchFailure.redirectScheme(url: url, target: next.absoluteString).error)
            }
            return .failure(ResourceFetchFailure.httpStatus(url: url, status: status).error)
        }
        guard status < 400, status >= 200 else { return .failure(ResourceFetchFailure.httpStatus(url: url, status: status).error) }
        if let error = outcome.error as? URLError, error.code == .timedOut {
            return .failure(ResourceFetchFailure.timedOut(url: url).error)
        }
        if outcome.stop == nil, let error = outcome.error {
            return .failure(ResourceFetchFailure.cannotRead(url: url, detail: "\(error)").error)
        }
        let bytes = outcome.body
        // The resource's size: a 206's Content-Range, a 200's Content-Length (the whole body).
        var resourceSize: Int?
        if status == 206 {
            guard let contentRange = response.value(forHTTPHeaderField: "Content-Range"),
                  let parsed = Self.contentRange(contentRange), parsed.first == offset else {
                return .failure(ResourceFetchFailure.cannotRead(url: url, detail: "the answer to Range \(offset)- is not that range").error)
            }
            resourceSize = parsed.size
        } else if response.expectedContentLength >= 0 {
            resourceSize = Int(response.expectedContentLength)
        } else if outcome.stop == nil {
            resourceSize = offset + bytes.count
        }
        let available = resourceSize.map { max(0, $0 - offset) }
        let total: Int? = range.map { r in available.map { min(r.length, $0) } ?? r.length } ?? available
        if let range, bytes.count < min(range.length, count) {
            return .failure(ResourceFetchFailure.cannotRead(url: url, detail: "\(bytes.count) of the \(min(range.length, count)) bytes of the range \(range)").error)
        }
        if bytes.isEmpty { return .failure(ResourceFetchFailure.noData(url: url).error) }
        let truncated = total.map { bytes.count < $0 } ?? (outcome.stop == .capReached)
        return .success(.init(bytes: bytes, totalSize: total ?? (truncated ? nil : bytes.count), truncated: truncated))
    }

    /// A task and its session handed to the queue that cancels and retires them.
    private struct UncheckedTask: @unchecked Sendable {
        let task: URLSessionTask
        let session: URLSession
    }

    /// `bytes first-last/size` (RFC 9110 §14.4): the first byte and the size (nil when `*`).
    static func contentRange(_ text: String) -> (first: Int, size: Int?)? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard trimmed.lowercased().hasPrefix("bytes ") else { return nil }
        let spec = trimmed.dropFirst(6)
        let parts = spec.split(separator: "/", maxSplits: 1)
        guard parts.count == 2, let first = Int(parts[0].split(separator: "-").first ?? "") else { return nil }
        return (first, Int(parts[1]))
    }
}
