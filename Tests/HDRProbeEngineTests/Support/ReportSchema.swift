#if FFmpeg
import Foundation
import Testing

/// Reports against `docs/report.schema.json` through Python `jsonschema` (Draft 2020-12, as the
/// schema declares): the maintained validator CI installs (`.ci/run`). One python process checks a
/// whole batch: the documents go in as JSON lines, one JSON line of errors comes back per document,
/// each error `<JSON pointer>: <message>` (`(root)` for the top level). A failed `anyOf`/`oneOf`
/// (the schema's nullable references) is reported by the branch errors under it, without the
/// "is not of type 'null'" of the null branch, so each mistake is named where it is. Without python3 and
/// jsonschema the tests that need it are skipped, except in CI (`CI=true`), where they fail.
enum ReportSchema {
    static let url = TestPaths.schema
    static var enabled: Bool { SchemaValidators.python != nil || SchemaValidators.inCI }
    static let missing = "python3 with jsonschema is not installed (pip install jsonschema; .ci/run installs it)"

    static let script = """
    import json, sys, jsonschema
    schema = json.load(open(sys.argv[1]))
    jsonschema.Draft202012Validator.check_schema(schema)
    validator = jsonschema.Draft202012Validator(schema)
    def pointer(e):
        return "/" + "/".join(map(str, e.absolute_path)) if e.absolute_path else "(root)"
    def leaves(e):
        return [leaf for c in e.context for leaf in leaves(c)] if e.context else [e]
    def precise(e):
        found = leaves(e)
        real = [l for l in found if not (l.validator == "type" and l.validator_value == "null")]
        return real or found
    for line in open(sys.argv[2]):
        errors = [l for e in validator.iter_errors(json.loads(line)) for l in precise(e)]
        texts = [pointer(e) + ": " + e.message for e in sorted(errors, key=lambda e: [str(p) for p in e.absolute_path])]
        print(json.dumps(list(dict.fromkeys(texts))))
    """

    /// The schema errors of each document (empty when it is valid), in the order given.
    static func errors(_ documents: [Any]) throws -> [[String]] {
        guard !documents.isEmpty else { return [] }
        let python = try #require(SchemaValidators.python, "\(missing)")
        let lines = try documents.map { String(decoding: try JSONSerialization.data(withJSONObject: $0), as: UTF8.self) }
        let file = try SchemaValidators.temporary(lines.joined(separator: "\n") + "\n", ".jsonl")
        defer { try? FileManager.default.removeItem(at: file) }
        let outcome = try SchemaValidators.run(python, ["-c", script, url.path, file.path])
        let answers = outcome.output.split(separator: "\n").compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String] }
        guard outcome.status == 0, answers.count == documents.count else {
            throw SchemaCheckFailure(output: String(outcome.output.prefix(2000)))
        }
        return answers
    }

    static func errors(of document: Any) throws -> [String] { try errors([document])[0] }

    struct SchemaCheckFailure: Error, CustomStringConvertible {
        let output: String
        var description: String { "jsonschema did not answer for every document: \(output)" }
    }
}
#endif
