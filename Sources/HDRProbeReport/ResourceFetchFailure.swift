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
    /// libavformat cannot open the URL (its message).
    case cannotFetch(url: String, detail: String)
    /// Reading from the opened URL failed (libavformat's error text).
    case cannotRead(url: String, detail: String)
    /// The URL answered with no bytes.
    case noData(url: String)

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
        }
    }
}
