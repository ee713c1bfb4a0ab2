import HDRProbeModel

/// The signal stage over a whole report: each video stream's HLS variant and DASH Representation,
/// planned from the report and the evidence the probe kept (``SignallingEvidence``)
/// (`docs/rules/hls-signalling.md`, `docs/rules/dash-signalling.md`). Pure: the same report gives
/// the same plans; a report without evidence (read back from JSON) is left as it is.
package enum ReportSignalling {
    /// Sets `streams[N].hls` and adds the plan's issues of severity warning or more to the report's
    /// findings, each right after its stream's own findings; once per stream.
    package static func planHLS(_ report: inout ProbeReport) {
        guard let evidence = report.signallingEvidence else { return }
        for position in report.streams.indices {
            let index = report.streams[position].index
            guard let e = evidence[index], !e.hlsPlanned else { continue }
            let plan = plan(e, stream: report.streams[position])
            report.signallingEvidence?[index]?.hlsPlanned = true
            report.streams[position].hls = plan.report
            let issues = plan.issues.filter { $0.severity >= .warning }.map { Finding($0, stream: index) }
            report.findings.insert(contentsOf: issues, at: insertionPoint(for: index, in: report.findings))
        }
    }

    /// Sets `streams[N].dash`: the Representation hdrprobe would write for each video stream.
    package static func planDASH(_ report: inout ProbeReport) {
        guard let evidence = report.signallingEvidence else { return }
        for position in report.streams.indices {
            guard let e = evidence[report.streams[position].index] else { continue }
            let stream = report.streams[position]
            let plan = plan(e, stream: stream)
            report.streams[position].dash = DASHReport(DASHRepresentationPlan.plan(
                signalling: plan.signalling, dolbyVision: plan.dolbyVision, stream: stream,
                sampleAspectRatio: e.video.scan.sampleAspectRatio, bandwidth: e.representationBandwidth))
        }
    }

    /// Whether the report can still be planned (false for a report decoded from JSON).
    package static func canPlan(_ report: ProbeReport) -> Bool { report.signallingEvidence != nil }

    private static func plan(_ e: SignallingEvidence, stream: StreamReport) -> HLSStreamPlanner.Plan {
        var unplanned = stream
        unplanned.hls = nil
        unplanned.dash = nil
        return HLSStreamPlanner.plan(evidence: e.video, stream: unplanned, audio: e.audio,
                                     bandwidth: e.variantBandwidth, policy: e.policy)
    }

    /// After the last finding of this stream or an earlier one: the report lists the file's
    /// findings first, then each stream's in stream order.
    private static func insertionPoint(for index: Int, in findings: [Finding]) -> Int {
        (findings.lastIndex { ($0.stream ?? -1) <= index && $0.stream != nil }).map { $0 + 1 }
            ?? (findings.lastIndex { $0.stream == nil }).map { $0 + 1 } ?? 0
    }
}
