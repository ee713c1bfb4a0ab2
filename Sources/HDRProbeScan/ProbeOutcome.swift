import HDRProbeModel
import HDRProbeSimulate
import HDRProbeReport

/// What an executor made of one request: a report (its JSON line and digest), or nothing
/// because the scan is stopping.
package enum ProbeOutcome: Sendable {
    case report(jsonLine: String, digest: ReportDigest)
    case stopped

    /// A report for a file that could not be analysed (worker crash or hang, walk error).
    /// `pathBytes`: the exact bytes of a name that is not UTF-8 (Base64), as the report carries them.
    static func failure(path: String, pathBytes: String? = nil, _ error: ReportError) -> ProbeOutcome {
        var report = ProbeReport.failure(path: path, tool: ProbeEngineTool.info, error: error)
        report.pathBytes = pathBytes
        let line = (try? ReportEncoder.jsonLine(report)) ?? "{}"
        return .report(jsonLine: line, digest: ReportDigest(report))
    }
}

/// Probes files one at a time; each worker thread owns one.
package protocol ProbeExecutor: AnyObject {
    func probe(_ request: ProbeRequest, shouldStop: @escaping () -> Bool) -> ProbeOutcome
    /// Ends whatever the executor started (a worker process).
    func shutdown()
}
