import HDRProbeModel
import HDRProbeContainers

extension ProbeEngine {
    /// Probes the beginning of an `http(s)` resource: its first `maxBytes` bytes are fetched
    /// with one ranged request (``HTTPResourceClient``, the reader `hls --check` uses) and probed
    /// in memory, within the options' time limit. A resource whose headers lie past those bytes
    /// (an MP4 with `moov` at the end) reports what a cut-short file reports.
    package func probe(remoteURL url: String, maxBytes: Int) -> ProbeReport {
        let deadline = Clock.nowNanoseconds() + UInt64(max(0, min(options.timeout, 86_400)) * 1e9)
        // A client of its own: one request, bounded by the probe's time limit, no process-wide budget.
        let client = HTTPResourceClient(HTTPResourceClient.Configuration(concurrency: 1, requestTimeout: max(0.001, options.timeout)))
        switch HLSResourceFetcher.fetch(.remote(url), maxBytes: maxBytes, deadline: deadline, client: client) {
        case .failure(let error):
            return .failure(path: url, tool: Self.tool(libavformatUsed: false), error: error)
        case .success(let fetched):
            // The in-memory probe says whether libavformat demuxed the bytes; the network is not its.
            return probe(name: url, bytes: fetched.bytes, logicalSize: fetched.totalSize)
        }
    }
}
