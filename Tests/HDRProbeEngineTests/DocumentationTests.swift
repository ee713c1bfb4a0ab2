import Foundation
import HDRProbeCore
import Testing

/// Every code hdrprobe can emit is catalogued in docs/findings.md with its trigger and remedy.
@Suite struct DocumentationTests {
    static let catalogue = (try? String(contentsOf: TestPaths.packageRoot.appendingPathComponent("docs/findings.md"), encoding: .utf8)) ?? ""

    @Test("finding code documented", arguments: FindingCode.allCases.map(\.rawValue))
    func findingDocumented(_ code: String) {
        #expect(Self.catalogue.contains("| `\(code)` |"), "docs/findings.md lacks \(code)")
    }

    @Test("error code documented", arguments: ErrorCode.allCases.map(\.rawValue))
    func errorDocumented(_ code: String) {
        #expect(Self.catalogue.contains("| `\(code)` |"), "docs/findings.md lacks \(code)")
    }

    @Test("signalling code documented with its severity", arguments: HLSSignalIssue.Code.allCases)
    func signallingDocumented(_ code: HLSSignalIssue.Code) {
        let line = Self.catalogue.split(separator: "\n").first { $0.hasPrefix("| `\(code.rawValue)` |") } ?? ""
        #expect(line.contains("| \(code.severity.rawValue) |"), "docs/findings.md lacks \(code.rawValue) or its severity")
    }

    @Test("verdict code documented", arguments: DolbyVisionVerdictCode.allCases.map(\.rawValue))
    func verdictDocumented(_ code: String) {
        #expect(Self.catalogue.contains("| `\(code)` |"), "docs/findings.md lacks \(code)")
    }

    @Test func severitiesMatchTheCatalogue() {
        for code in FindingCode.allCases {
            let line = Self.catalogue.split(separator: "\n").first { $0.hasPrefix("| `\(code.rawValue)` |") } ?? ""
            #expect(line.contains("| \(code.severity.rawValue) |"), "\(code.rawValue) severity differs from docs/findings.md")
        }
    }
}
