import HDRProbeModel
import HDRProbeContainers

extension ProbeEngine {
    /// Probes the beginning of an `http(s)` resource: its first `maxBytes` bytes are fetched
    /// through libavformat (the same bounded, whitelisted reader `hls --check` uses) and probed
    /// in memory, within the options' time limit. A resource whose headers lie past those bytes
    /// (an MP4 with `moov` at the end) reports what a cut-short file reports.
    package func probe(remoteURL url: String, maxBytes: Int) -> ProbeReport {
        let deadline = Clock.nowNanoseconds() + UInt64(max(0, min(options.timeout, 86_400)) * 1e9)
        switch HLSResourceFetcher.fetch(.remote(url), maxBytes: maxBytes, deadline: deadline) {
        case .failure(let error):
            return .failure(path: url, tool: Self.tool(libavformatUsed: true), error: error)
        case .success(let fetched):
            // libavformat's network protocols read the resource, whichever reader demuxed it.
            var report = probe(name: url, bytes: fetched.bytes, logicalSize: fetched.totalSize)
            report.tool.libavformatUsed = true
            return report
        }
    }
}
