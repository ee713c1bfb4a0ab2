#if FFmpeg
import Foundation
import HDRProbeModel
import HDRProbeReport
import Testing

/// The code catalogue (``FindingCode``) is the one place codes are defined: every code has a row,
/// `docs/findings.md` is exactly what the catalogue generates, and the codes the old separate
/// enums defined twice are one case with one row per family.
@Suite struct CodeCatalogueTests {
    static let findingsDoc = TestPaths.packageRoot.appendingPathComponent("docs/findings.md")

    @Test("docs/findings.md is generated from the catalogue (bash scripts/findings-doc.sh)")
    func documentationIsGenerated() throws {
        let file = try String(contentsOf: Self.findingsDoc, encoding: .utf8)
        #expect(file == CodeCatalogueMarkdown.render(), "docs/findings.md differs from the catalogue: run bash scripts/findings-doc.sh")
    }

    @Test("every code has a catalogue row, at most one per family", arguments: FindingCode.allCases)
    func everyCodeIsCatalogued(_ code: FindingCode) {
        #expect(!code.entries.isEmpty, "\(code.rawValue) has no catalogue row")
        #expect(code.entries.count == code.families.count, "\(code.rawValue) has two rows in one family")
    }

    @Test func theCatalogueListsOnlyItsCodes() {
        #expect(FindingCode.catalogue.count == FindingCode.allCases.map(\.entries.count).reduce(0, +))
        #expect(FindingCode.allCases.count >= 100)
    }

    @Test("container.truncated and container.malformed: one case each, a finding and an error row")
    func sharedCodesAreOneCase() {
        for code in [FindingCode.containerTruncated, .containerMalformed] {
            #expect(code.families == [.finding, .error])
            #expect(code.severity == .warning)
            #expect(ErrorCode(rawValue: code.rawValue, in: .error) == code)
        }
        #expect(ErrorCode(rawValue: "dv.refused", in: .error) == nil)
        #expect(FindingCode(rawValue: "io.empty", in: .error) == .empty)
    }

    @Test("every finding, error, check, DASH manifest check and verdict code has a fix; signalling codes none")
    func fixes() {
        for code in FindingCode.allCases {
            let fixable = !code.families.isDisjoint(with: [.finding, .error, .check, .manifestCheck, .fix, .verdict])
            #expect((code.fix != nil) == fixable, "\(code.rawValue)")
        }
        #expect(FindingCode(rawValue: "no.suchCode") == nil)
    }

    @Test("severity: rows with a severity column agree with the code's default")
    func severities() {
        for entry in FindingCode.catalogue where entry.family != .verdict && entry.family != .error {
            #expect(entry.code.severity == entry.severity || entry.code.families.count > 1, "\(entry.code.rawValue)")
        }
        #expect(FindingCode.hlsParameterSetsInBandOnly.severity == .error)
        #expect(FindingCode.scanIncomplete.severity == .info)
        #expect(CheckCode.lostDolbyVision.severity == .error)
    }

    @Test("each code's documentation anchor exists in docs/findings.md")
    func anchors() throws {
        let file = try String(contentsOf: Self.findingsDoc, encoding: .utf8)
        for code in FindingCode.allCases {
            let anchor = try #require(code.documentation.split(separator: "#").last)
            #expect(file.contains("<a id=\"\(anchor)\"></a>"), "\(code.rawValue): \(code.documentation)")
        }
    }

    @Test("a policy may name every code but a verdict code")
    func policyNames() {
        #expect(FindingCode.policyCodes.contains(.containerTruncated) && FindingCode.policyCodes.contains(.added))
        #expect(FindingCode.policyCodes.contains(.checkVideoRangeMismatch))
        #expect(!FindingCode.policyCodes.contains(.accepted))
    }

    @Test("hdrprobe codes --markdown prints the catalogue")
    func command() throws {
        let r = try CLI.run(["codes", "--markdown"])
        #expect(r.status == 0 && r.stdout == CodeCatalogueMarkdown.render())
        let plain = try CLI.run(["codes"])
        #expect(plain.stdout.split(separator: "\n").count == FindingCode.catalogue.count)
    }
}
#endif
