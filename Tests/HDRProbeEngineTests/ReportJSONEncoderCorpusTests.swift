#if FFmpeg
import Foundation
import HDRProbeEngine
import HDRProbeScan
import Testing
@testable import HDRProbeModel
@testable import HDRProbeSimulate
@testable import HDRProbeReport
@testable import HDRProbeCheck
@testable import HDRProbeContainers

/// ``ReportJSONEncoder`` writes every corpus output byte for byte as Foundation's `JSONEncoder`
/// (the independent reader, with the project's settings) does: the committed probe reports
/// (Reports/corpus.json), fresh scan-path reports with brightness and simulated playback, the
/// per-frame dynamic-metadata documents, the check JSON and SARIF documents and the worker requests.
@Suite("Report JSON writer on the corpus")
struct ReportJSONEncoderCorpusTests {
    static let corpusReport = TestPaths.packageRoot.appendingPathComponent("Reports/corpus.json")

    static func committedReports() throws -> [ProbeReport] {
        try JSONDecoder().decode([ProbeReport].self, from: Data(contentsOf: corpusReport))
    }

    /// The corpus media files, as Reports/corpus.json lists them.
    static let files: [String] = ((try? committedReports()) ?? []).map(\.path)

    @Test func committedCorpusReports() throws {
        let reports = try Self.committedReports()
        #expect(reports.count >= 130)
        #expect(try ReportEncoder.jsonArray(reports) == ReportJSONEncoderTests.foundation(reports, pretty: true))
        for report in reports {
            #expect(try ReportEncoder.jsonLine(report) == ReportJSONEncoderTests.foundation(report, pretty: false), "\(report.path)")
        }
    }

    /// The report the JSON writer would print for the unchanged corpus.json (apart from
    /// `analysisMs`, which Reports/run.sh measures anew): the committed text itself.
    @Test func committedCorpusReportTextIsReproduced() throws {
        let committed = try String(contentsOf: Self.corpusReport, encoding: .utf8)
        #expect(try ReportEncoder.jsonArray(Self.committedReports()) + "\n" == committed)
    }

    @Test(arguments: files) func scanReportFramesPlaybackAndRequest(_ file: String) throws {
        let path = TestPaths.packageRoot.appendingPathComponent(file).path
        let request = ProbeRequest(path: path, options: ProbeOptions())
        try ReportJSONEncoderTests.expectSame(request)
        var (report, digest) = request.probe()
        let catalog = try DeviceCatalogLoader.load()
        report.playback = catalog.targets.compactMap { digest.simulate(on: $0, catalog: catalog) }
        try ReportJSONEncoderTests.expectSame(report)
        try ReportJSONEncoderTests.expectSame(digest)
        let (_, frames) = ProbeEngine().probeWithFrames(path: path)
        for (stream, rows) in frames {
            try ReportJSONEncoderTests.expectSame(DynamicMetadataTable.Document(path: file, stream: stream, frames: rows))
        }
    }

    @Test func checkAndSARIFDocuments() throws {
        let evaluator = CheckEvaluator(document: PolicyDocument(dolbyVision: .default))
        var summary = ScanSummary()
        var outcomes: [FileOutcome] = []
        for report in try Self.committedReports() {
            let digest = ReportDigest(report)
            summary.add(digest, fromCache: false)
            outcomes.append(evaluator.evaluate(digest, relativePath: report.path))
        }
        #expect(outcomes.contains { !$0.items.isEmpty })
        for failOn in [Finding.Severity.error, .info] {
            let check = CheckReport(mode: .check, policyName: "default", failOn: failOn, toolVersion: ProbeEngine.version,
                                    outcomes: outcomes, fileCount: outcomes.count, summary: summary, seconds: 1.25)
            try ReportJSONEncoderTests.expectSame(CheckJSONRenderer.document(check))
            try ReportJSONEncoderTests.expectSame(SARIFRenderer.log(check))
            #expect(try CheckJSONRenderer.render(check) == ReportJSONEncoderTests.foundation(CheckJSONRenderer.document(check), pretty: true) + "\n")
        }
    }

    @Test func deviceCatalog() throws {
        try ReportJSONEncoderTests.expectSame(try DeviceCatalogLoader.load())
    }
}
#endif
