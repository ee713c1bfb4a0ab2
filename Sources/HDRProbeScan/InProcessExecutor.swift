import HDRProbeModel
import HDRProbeReport
import HDRProbeEngine

/// Probes in the calling thread. Fast and simple, but an input that crashes the engine takes the
/// whole scan with it: `scan` and `check` use ``WorkerProcessExecutor``; this one serves tests and
/// embedders that accept that.
package final class InProcessExecutor: ProbeExecutor {
    package init() {}

    package func probe(_ request: ProbeRequest, shouldStop: @escaping () -> Bool) -> ProbeOutcome {
        if shouldStop() { return .stopped }
        let (report, digest) = request.probe()
        guard let line = try? ReportEncoder.jsonLine(report) else {
            return .failure(path: request.path, pathBytes: request.pathBytes, ReportError(.crashed, "The report could not be encoded."))
        }
        return .report(jsonLine: line, digest: digest)
    }

    package func shutdown() {}
}
