#if FFmpeg
import Foundation
import HDRProbeModel
import HDRProbeCheck
import HDRProbeEngine
import Testing

/// `FindingRemedy` (the fixes `check` prints), the catalogue and docs/findings.md (read back as
/// text here, independently of the generator) say the same thing, code by code and in both directions; check/diff codes are catalogued with their severity; the example
/// policy in docs/ is valid and docs/check.md documents every policy key.
@Suite struct RemedyCatalogueTests {
    /// `(section heading, code) → last column` for every table row of the catalogue.
    static let catalogue: [String: [String: String]] = {
        let text = (try? String(contentsOf: TestPaths.packageRoot.appendingPathComponent("docs/findings.md"), encoding: .utf8)) ?? ""
        var result: [String: [String: String]] = [:]
        var section = ""
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("## ") { section = String(line.dropFirst(3)); continue }
            guard line.hasPrefix("| `"), let end = line.dropFirst(3).firstIndex(of: "`") else { continue }
            let code = String(line[line.index(line.startIndex, offsetBy: 3)..<end])
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
            result[section, default: [:]][code] = cells[cells.count - 2]
        }
        return result
    }()

    static func section(_ prefix: String) -> [String: String] {
        catalogue.first { $0.key.hasPrefix(prefix) }?.value ?? [:]
    }

    /// The catalogue's remedies of one family, by code (what each table's last column must say).
    static func remedies(_ family: FindingCode.Family) -> [String: String] {
        Dictionary(uniqueKeysWithValues: FindingCode.catalogue.filter { $0.family == family }.map { ($0.code.rawValue, $0.remedy ?? "") })
    }

    @Test func findingFixesMatchTheCatalogue() {
        let docs = Self.section("Findings")
        #expect(!docs.isEmpty)
        #expect(docs == Self.remedies(.finding))
        for code in FindingCode.allCases where code.families.contains(.finding) {
            #expect(code.fix == docs[code.rawValue], "\(code.rawValue): check prints another fix")
        }
    }

    @Test func errorFixesMatchTheCatalogue() {
        #expect(Self.section("Error codes") == Self.remedies(.error))
        for code in FindingCode.allCases where code.families.contains(.error) {
            #expect(code.fix != nil, "\(code.rawValue) has no fix")
        }
    }

    @Test func checkCodesMatchTheCatalogue() {
        #expect(Self.section("Check and diff codes") == Self.remedies(.check))
        let lines = ((try? String(contentsOf: TestPaths.packageRoot.appendingPathComponent("docs/findings.md"), encoding: .utf8)) ?? "")
            .split(separator: "\n")
        for code in FindingCode.allCases where code.families.contains(.check) {
            let line = lines.first { $0.hasPrefix("| `\(code.rawValue)` |") } ?? ""
            #expect(line.contains("| \(code.severity.rawValue) |"), "\(code.rawValue) or its severity is missing from docs/findings.md")
            #expect(code.fix == Self.remedies(.check)[code.rawValue])
        }
    }

    @Test func verdictFixesMatchTheCatalogue() {
        #expect(Self.section("Dolby Vision verdict codes") == Self.remedies(.verdict))
        for code in FindingCode.allCases where code.families.contains(.verdict) {
            #expect(code.fix == Self.remedies(.verdict)[code.rawValue])
        }
    }

    @Test func examplePolicyIsValidAndDocumented() throws {
        let example = TestPaths.packageRoot.appendingPathComponent("docs/check-policy.example.yaml").path
        let doc = try PolicyLoader.load(example)
        #expect(!doc.check.overrides.isEmpty && !doc.check.exclude.isEmpty && !doc.check.severity.isEmpty)
        #expect(doc.check.formats.forbid.isEmpty == false)
        let guide = try String(contentsOf: TestPaths.packageRoot.appendingPathComponent("docs/check.md"), encoding: .utf8)
        for key in PolicyDocument.topLevelKeys + CheckRules.overrideKeys { #expect(guide.contains("`\(key)`"), "docs/check.md lacks \(key)") }
    }
}
#endif
