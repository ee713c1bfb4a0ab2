import HDRProbeModel

/// Why an HLS/DASH resource (a playlist, an init section, a segment; a local path or an
/// `http(s)` URL) could not be fetched, as facts: the engine's fetcher hands these over and
/// ``error`` writes the report error (code and sentence).
package enum ResourceFetchFailure: Equatable, Sendable {
    /// A byte range that reaches past the end of a local file of `size` bytes (`range` as written).
    case rangePastEnd(path: String, size: Int, range: String)
    /// A local file gave fewer bytes than asked; `timedOut`: the time limit stopped the read.
    case shortRead(path: String, got: Int, wanted: Int, timedOut: Bool)
    /// The time limit was reached while fetching a URL.
    case timedOut(url: String)
    /// The URL cannot be fetched (the HTTP client's or the system's words).
    case cannotFetch(url: String, detail: String)
    /// Reading the response failed, or it held fewer bytes than the range asked.
    case cannotRead(url: String, detail: String)
    /// The URL answered with no bytes.
    case noData(url: String)
    /// The server answered with an HTTP error status (≥ 400) or a redirect that was not followed.
    case httpStatus(url: String, status: Int)
    /// A redirect to another scheme than http(s) (`file:`, `ftp:` …): never followed, so a server
    /// cannot make hdrprobe read a local file.
    case redirectScheme(url: String, target: String)
    /// More redirect hops than allowed, or a hop back to a URL already visited.
    case redirectLoop(url: String, target: String)
    case tooManyRedirects(url: String, limit: Int)
    /// The run's request or byte budget was spent before this fetch could complete.
    case requestBudget(url: String, limit: Int)
    case byteBudget(url: String, limit: Int)

    package var error: ReportError {
        switch self {
        case let .rangePastEnd(path, size, range):
            return ReportError(.containerTruncated, "\(path) is \(size) bytes; the byte range \(range) reaches past its end")
        case let .shortRead(path, got, wanted, timedOut):
            return ReportError(timedOut ? .timeout : .readFailed, "Cannot read \(path) (\(got) of \(wanted) bytes)")
        case let .timedOut(url):
            return ReportError(.timeout, "Time limit reached while fetching \(url)")
        case let .cannotFetch(url, detail):
            return ReportError(.readFailed, "Cannot fetch \(url): \(detail)")
        case let .cannotRead(url, detail):
            return ReportError(.readFailed, "Cannot read \(url): \(detail)")
        case let .noData(url):
            return ReportError(.empty, "\(url) returned no data")
        case let .httpStatus(url, status):
            return ReportError(.readFailed, "Cannot fetch \(url): HTTP status \(status)")
        case let .redirectScheme(url, target):
            return ReportError(.readFailed, "Cannot fetch \(url): it redirects to \(target), which is not an http(s) URL (not followed)")
        case let .redirectLoop(url, target):
            return ReportError(.readFailed, "Cannot fetch \(url): its redirects loop back to \(target)")
        case let .tooManyRedirects(url, limit):
            return ReportError(.readFailed, "Cannot fetch \(url): more than \(limit) redirects")
        case let .requestBudget(url, limit):
            return ReportError(.readFailed, "Cannot fetch \(url): the run's budget of \(limit) HTTP requests is spent")
        case let .byteBudget(url, limit):
            return ReportError(.readFailed, "Cannot fetch \(url): the run's budget of \(limit) bytes fetched is spent")
        }
    }
}
