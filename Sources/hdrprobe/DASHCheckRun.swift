import ArgumentParser
import Foundation
import HDRProbeModel
import HDRProbeReport
import HDRProbeCheck
import HDRProbeContainers
import HDRProbeEngine

/// `hdrprobe dash --check MANIFEST…`: each MPD checked against its media (``DASHManifestChecker``,
/// `docs/rules/dash-manifests.md` §3), printed as text, JSON (`--json`: the ``DASHCheckReport``s) or
/// one of the `check` formats (`--format junit|sarif|github|json|text`, ``CheckReport/dashCheck(_:failOn:toolVersion:seconds:)``).
/// Exit status 1 when an MPD is in error or a finding reaches `--fail-on`.
enum DASHCheckRun {
    struct Request {
        var manifests: [String]
        var options: ProbeOptions
        var json = false
        var format: CheckFormat?
        var failOn: Finding.Severity = .error
        var quiet = false
    }

    static func run(_ request: Request) throws {
        let start = Date()
        let progress = FileCountProgress(total: request.manifests.count, quiet: request.quiet)
        let checker = DASHManifestChecker(options: request.options)
        var reports: [DASHCheckReport] = []
        for (i, manifest) in request.manifests.enumerated() {
            progress.show(i, manifest)
            reports.append(checker.check(manifest))
        }
        progress.finish()
        if let format = request.format {
            let report = CheckReport.dashCheck(reports, failOn: request.failOn, toolVersion: ProbeEngine.version,
                                               seconds: Date().timeIntervalSince(start))
            print(try format.render(report, verbose: true), terminator: "")
        } else if request.json {
            print(try ReportEncoder.json(reports))
        } else {
            print(reports.map(DASHCheckSummary.render).joined(separator: "\n\n"))
        }
        let failed = reports.contains { $0.status == .error }
            || reports.flatMap(\.allFindings).contains { $0.severity >= request.failOn }
        if failed { throw ExitCode(1) }
    }
}
