import Foundation
import Testing
@testable import HDRProbeCore

/// The matrix renderers never let a file name or report string inject markup, script or a
/// spreadsheet formula (issue: "File names and all strings are escaped; CSV cells that start with
/// =, +, -, @ are neutralised").
@Suite struct MatrixOutputSafetyTests {
    static let hostile = "evil<script>alert(1)</script>\"'&.mp4"

    static func matrix(file: String) -> CapabilityMatrix {
        let report = ProbeReport.failure(path: file, tool: ToolInfo(version: "t", libavformat: "x"),
                                         error: ReportError(.unrecognized, "bad </script><img src=x onerror=alert(1)>"))
        let catalog = DeviceCatalog()
        return CapabilityMatrix.build(reports: [(report, [])], targets: [], catalog: catalog, tool: report.tool)
    }

    @Test func htmlEscapesEveryString() {
        let html = MatrixHTML.render(Self.matrix(file: "/lib/" + Self.hostile))
        #expect(!html.contains("<script>alert"))
        #expect(!html.contains("<img src=x"))
        #expect(html.contains("evil&lt;script&gt;alert(1)&lt;/script&gt;&quot;&#39;&amp;.mp4"))
        // The embedded JSON cannot close its script element.
        let data = html.components(separatedBy: "<script type=\"application/json\" id=\"data\">")[1].components(separatedBy: "</script>")[0]
        #expect(!data.contains("<") && data.contains("\\u003c"))
        // Self-contained: no network references.
        #expect(!html.contains("http://") && !html.contains("https://") && !html.contains("<img") && !html.contains("<link"))
    }

    @Test("CSV neutralises formula starters", arguments: ["=cmd|' /C calc'!A0", "+1+1", "-2+3", "@SUM(A1)", "\tx", "\rx"])
    func csvNeutralises(_ value: String) {
        let field = CapabilityMatrix.csvField(value)
        let unquoted = field.hasPrefix("\"") ? String(field.dropFirst()) : field
        #expect(unquoted.hasPrefix("'"), "\(field)")
    }

    @Test func csvQuotesAndMarkdownEscapes() {
        #expect(CapabilityMatrix.csvField("a,b") == "\"a,b\"")
        #expect(CapabilityMatrix.csvField("say \"hi\"") == "\"say \"\"hi\"\"\"")
        #expect(CapabilityMatrix.csvField("plain") == "plain")
        let md = Self.matrix(file: "a|b<i>.mp4").markdown()
        #expect(md.contains("a\\|b&lt;i&gt;.mp4"))
        let csv = Self.matrix(file: "=HYPERLINK(\"x\").mp4").csv()
        #expect(csv.contains("\"'=HYPERLINK(\"\"x\"\").mp4\""))
    }
}
