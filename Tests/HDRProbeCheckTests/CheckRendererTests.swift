import Foundation
import Testing
@testable import HDRProbeModel
@testable import HDRProbeSimulate
@testable import HDRProbeCheck

/// The renderers' escaping and shape (schema validation of JUnit and SARIF is in the engine tests,
/// which run xmllint and jsonschema).
@Suite struct CheckRendererTests {
    static let hostile = "Films/a&b <c> \"d\", e:f 100%\nnew line.mkv"

    static func report(failOn: Finding.Severity = .error) -> CheckReport {
        let items = [
            CheckItem(code: .dvRefused, severity: .error, message: "Refused: 7 & <EL>\r\nnext", stream: 0, fix: "Convert, then 100%"),
            CheckItem(code: .hdr10MissingContentLightLevel, severity: .info, message: "no clli", stream: 0, fix: nil),
        ]
        return CheckReport(mode: .check, policyName: "default", failOn: failOn, toolVersion: "0.1.0",
                           outcomes: [FileOutcome(path: hostile, status: .ok, items: items),
                                      FileOutcome(path: "clean.mkv", status: .ok, items: [])],
                           fileCount: 2, summary: ScanSummary(), seconds: 1.5)
    }

    @Test func githubEscaping() {
        #expect(GitHubAnnotations.data("a%b\r\nc") == "a%25b%0D%0Ac")
        #expect(GitHubAnnotations.property("a:b,c%\n") == "a%3Ab%2Cc%25%0A")
        let out = GitHubAnnotations.render(Self.report())
        let lines = out.split(separator: "\n")
        #expect(lines.count == 2)  // the error (info is left out) and the closing notice
        #expect(lines[0] == "::error file=Films/a&b <c> \"d\"%2C e%3Af 100%25%0Anew line.mkv,title=dv.refused [#0]::Refused: 7 & <EL>%0D%0Anext%0Afix: Convert, then 100%25")
        #expect(lines[1].hasPrefix("::notice title=hdrprobe check::hdrprobe check%3A") == false)
        #expect(lines[1].hasPrefix("::notice title=hdrprobe check::"))
    }

    @Test func junitEscapesAndCounts() {
        let xml = JUnitRenderer.render(Self.report())
        #expect(xml.contains("name=\"Films/a&amp;b &lt;c&gt; &quot;d&quot;, e:f 100%&#10;new line.mkv\""))
        #expect(xml.contains("<failure type=\"dv.refused\" message=\"Refused: 7 &amp; &lt;EL&gt;&#13;&#10;next\">"))
        #expect(xml.contains("tests=\"2\" failures=\"1\" errors=\"0\""))
        #expect(xml.contains("<system-out>info hdr10.missingContentLightLevel [#0]: no clli</system-out>"))
        #expect(xml.contains("<testcase name=\"clean.mkv\" classname=\"hdrprobe.check\"/>"))
        #expect(XMLText.text("a\u{1}b") == "a\u{FFFD}b")
    }

    @Test func sarifURIsAndLevels() throws {
        #expect(SARIFRenderer.uri("Films/a b#1.mkv") == "Films/a%20b%231.mkv")
        #expect(SARIFRenderer.uri("/srv/é.mkv") == "file:///srv/%C3%A9.mkv")
        let doc = try #require(try JSONSerialization.jsonObject(with: Data(try SARIFRenderer.render(Self.report()).utf8)) as? [String: Any])
        #expect(doc["version"] as? String == "2.1.0")
        let run = try #require((doc["runs"] as? [[String: Any]])?.first)
        let results = try #require(run["results"] as? [[String: Any]])
        #expect(results.map { $0["level"] as? String } == ["error", "note"])
        let rules = try #require(((run["tool"] as? [String: Any])?["driver"] as? [String: Any])?["rules"] as? [[String: Any]])
        #expect(rules.map { $0["id"] as? String } == ["dv.refused", "hdr10.missingContentLightLevel"])
    }

    @Test func textGroupsByFileWithFixes() {
        let text = CheckTextRenderer.render(Self.report())
        #expect(text.contains("  error   dv.refused [#0]: Refused: 7 & <EL>  next\n          fix: Convert, then 100%"))
        #expect(!text.contains("clean.mkv"))
        #expect(!text.contains("missingContentLightLevel"))  // info only with --verbose
        #expect(CheckTextRenderer.render(Self.report(), minimum: .info).contains("missingContentLightLevel"))
        #expect(text.hasSuffix("1 failing (--fail-on error): 1 error, 0 warnings, 1 info — FAIL\n"))
        #expect(CheckTextRenderer.footer(Self.report(failOn: .error)).contains("FAIL"))
    }

    @Test func jsonShape() throws {
        let doc = try #require(try JSONSerialization.jsonObject(with: Data(try CheckJSONRenderer.render(Self.report()).utf8)) as? [String: Any])
        #expect(doc["result"] as? String == "fail")
        #expect((doc["counts"] as? [String: Any])?["failing"] as? Int == 1)
        let files = try #require(doc["files"] as? [[String: Any]])
        #expect(files.count == 2)
        #expect(((files[0]["items"] as? [[String: Any]])?.first?["fix"] as? String) == "Convert, then 100%")
    }

    @Test func summaryCounts() {
        var s = ScanSummary()
        s.add(ReportDigest(path: "a", status: .ok, error: nil,
                           streams: [.init(index: 0, kind: "video", videoRangeType: .doviWithEL,
                                           dolbyVision: .init(profile: "7", decision: .refuse, verdictCode: .dualLayer)),
                                     .init(index: 1, kind: "audio", videoRangeType: nil, dolbyVision: nil)],
                           findings: [Finding(.dvRefused, "x", stream: 0)]), fromCache: true)
        s.add(ReportDigest(path: "b", status: .error, error: ReportError(.empty, "0 bytes"), streams: [], findings: []), fromCache: false)
        s.skip("hidden", count: 2)
        #expect(s.files == 2 && s.ok == 1 && s.errors == 1 && s.fromCache == 1 && s.probed == 1)
        #expect(s.rangeTypes == ["DOVIWithEL": 1])
        #expect(s.dolbyVision == ["7 refuse (dv.dualLayer)": 1])
        #expect(s.findings == ["dv.refused": 1] && s.errorCodes == ["io.empty": 1] && s.skipped == ["hidden": 2])
        let text = s.text()
        #expect(text.contains("1 analysed, 1 in error; 1 from the cache, 1 probed"))
        #expect(text.contains("skipped: 2 hidden"))
    }
}
