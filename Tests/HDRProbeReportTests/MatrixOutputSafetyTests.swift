import Foundation
import Testing
@testable import HDRProbeModel
@testable import HDRProbeSimulate
@testable import HDRProbeReport

/// The matrix renderers never let a file name or report string inject markup, script or a
/// spreadsheet formula (issue: "File names and all strings are escaped; CSV cells that start with
/// =, +, -, @ are neutralised").
@Suite struct MatrixOutputSafetyTests {
    static let hostile = "evil<script>alert(1)</script>\"'&.mp4"

    static func matrix(file: String) -> LibraryMatrix {
        let report = ProbeReport.failure(path: file, tool: ToolInfo(version: "t", libavformat: "x"),
                                         error: ReportError(.unrecognized, "bad </script><img src=x onerror=alert(1)>"))
        var m = LibraryMatrix(targets: [], catalog: DeviceCatalog(), tool: report.tool)
        m.add(ReportDigest(report))
        return m
    }

    @Test func htmlEscapesEveryString() {
        let html = LibraryMatrixHTML.render(Self.matrix(file: "/lib/" + Self.hostile), perFile: true)
        #expect(!html.contains("<script>alert"))
        #expect(!html.contains("<img src=x"))
        // File names reach the page only inside the embedded JSON (the script writes them with textContent).
        // (the folder and the name are stored apart: the name's '/' splits them).
        #expect(html.contains("\"/lib/evil\\u003cscript\\u003ealert(1)\\u003c/\"") && html.contains("\"script\\u003e\\\"'\\u0026.mp4\""))
        // The embedded JSON cannot close its script element.
        let data = html.components(separatedBy: "<script type=\"application/json\" id=\"data\">")[1].components(separatedBy: "</script>")[0]
        #expect(!data.contains("<") && data.contains("\\u003c"))
        // Self-contained: no network references.
        #expect(!html.contains("http://") && !html.contains("https://") && !html.contains("<img") && !html.contains("<link"))
    }

    @Test("CSV neutralises formula starters", arguments: ["=cmd|' /C calc'!A0", "+1+1", "-2+3", "@SUM(A1)", "\tx", "\rx"])
    func csvNeutralises(_ value: String) {
        let field = LibraryMatrix.csvField(value)
        let unquoted = field.hasPrefix("\"") ? String(field.dropFirst()) : field
        #expect(unquoted.hasPrefix("'"), "\(field)")
    }

    @Test func csvQuotesAndMarkdownEscapes() {
        #expect(LibraryMatrix.csvField("a,b") == "\"a,b\"")
        #expect(LibraryMatrix.csvField("say \"hi\"") == "\"say \"\"hi\"\"\"")
        #expect(LibraryMatrix.csvField("plain") == "plain")
        let md = Self.matrix(file: "a|b<i>.mp4").markdown(perFile: true)
        #expect(md.contains("a\\|b&lt;i&gt;.mp4"))
        let csv = Self.matrix(file: "=HYPERLINK(\"x\").mp4").csv(perFile: true)
        #expect(csv.contains("\"'=HYPERLINK(\"\"x\"\").mp4\""))
    }
}
