import Foundation
import HDRProbeCore
import HDRProbeEngine
import Testing

/// Every corpus file's report against its golden file. The goldens (`Corpus/expected/*.json`)
/// were written by `Corpus/expected/derive.py` from how each file was made (the recipe) and
/// confirmed with ffprobe 5.1 and MediaInfo 23.04; each fact names its source there.
@Suite("Corpus goldens")
struct CorpusGoldenTests {
    static let engine = ProbeEngine()
    static let schema: JSONSchemaValidator? = {
        guard let data = try? Data(contentsOf: TestPaths.schema) else { return nil }
        return try? JSONSchemaValidator(schemaData: data)
    }()

    static func report(for file: String) throws -> [String: Any] {
        let report = engine.probe(path: TestPaths.corpus.appendingPathComponent(file).path)
        let data = try JSONEncoder().encode(report)
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    @Test("corpus has goldens") func corpusHasGoldens() {
        #expect(TestPaths.goldenFiles().count >= 60)
    }

    @Test("report matches golden", arguments: TestPaths.goldenFiles())
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

    @Test("report validates against docs/report.schema.json", arguments: TestPaths.goldenFiles())
    func validatesAgainstSchema(_ golden: String) throws {
        let schema = try #require(Self.schema, "docs/report.schema.json must load")
        let file = String(golden.dropLast(".json".count))
        let report = try Self.report(for: file)
        let errors = schema.validate(report)
        #expect(errors.isEmpty, "\(file): \(errors.joined(separator: "; "))")
    }
}
