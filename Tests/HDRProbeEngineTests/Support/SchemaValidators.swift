#if FFmpeg
import Foundation
import Testing

/// The external validators of the JUnit and SARIF tests: `xmllint` (Debian libxml2-utils) with the
/// JUnit XSD of Jenkins' xunit plugin, and Python `jsonschema` (PyPI) with the OASIS SARIF 2.1.0
/// schema, both committed under Fixtures/. The tests install nothing: `.ci/run` does (deps.sh
/// libxml2-utils, pip jsonschema). Without a validator a test is skipped, except in CI
/// (`CI=true`), where it fails.
enum SchemaValidators {
    static let fixtures = TestPaths.packageRoot.appendingPathComponent("Tests/HDRProbeEngineTests/Fixtures")
    static let junitXSD = fixtures.appendingPathComponent("junit-10.xsd")
    static let sarifSchema = fixtures.appendingPathComponent("sarif-schema-2.1.0.json")

    static var inCI: Bool { ProcessInfo.processInfo.environment["CI"] == "true" }

    static func which(_ name: String) -> String? {
        let dirs = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        return dirs.map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    static let xmllint: String? = which("xmllint")

    /// A python3 that can `import jsonschema`.
    static let python: String? = {
        guard let python = which("python3") else { return nil }
        return (try? run(python, ["-c", "import jsonschema"]).status) == 0 ? python : nil
    }()

    struct Outcome { var status: Int32; var output: String }

    static func run(_ program: String, _ args: [String]) throws -> Outcome {
        let r = try CLI.run(args, program: program)
        return Outcome(status: r.status, output: r.stdout + r.stderr)
    }

    static func temporary(_ text: String, _ suffix: String) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("hdrprobe-\(UUID().uuidString)\(suffix)")
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url
    }

    /// xmllint --schema junit-10.xsd.
    static func validateJUnit(_ xml: String) throws -> Outcome {
        let xmllint = try #require(xmllint, "xmllint is required (bash .ci/deps.sh libxml2-utils)")
        let file = try temporary(xml, ".xml")
        defer { try? FileManager.default.removeItem(at: file) }
        return try run(xmllint, ["--noout", "--schema", junitXSD.path, file.path])
    }

    /// jsonschema (draft 4, as the schema declares) with its format checker.
    static func validateSARIF(_ json: String) throws -> Outcome {
        let python = try #require(python, "python3 with jsonschema is required (pip install jsonschema)")
        let file = try temporary(json, ".sarif")
        defer { try? FileManager.default.removeItem(at: file) }
        let script = """
        import json, sys, jsonschema
        schema = json.load(open(sys.argv[1]))
        doc = json.load(open(sys.argv[2]))
        v = jsonschema.Draft4Validator(schema, format_checker=jsonschema.Draft4Validator.FORMAT_CHECKER)
        errors = sorted(v.iter_errors(doc), key=lambda e: list(e.path))
        for e in errors[:10]: print("/".join(map(str, e.path)), e.message)
        sys.exit(1 if errors else 0)
        """
        return try run(python, ["-c", script, sarifSchema.path, file.path])
    }
}
#endif
