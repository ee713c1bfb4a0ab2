#if FFmpeg
import Foundation

#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing

/// `hdrprobe report` and `hdrprobe plot` (`docs/report-pages.md`). Expected values come from the
/// origin projects' own outputs in `../shared/external` (dovi_tool's scene list and L1 codes,
/// hdr10plus_tool's extraction JSON, dovi_tool's `info --summary` trims), from how the corpus files
/// were made (`Corpus/README.md`), and from SMPTE ST 2084 computed here independently.
@Suite struct ReportCommandTests {
    typealias CLI = CommandLineTests

    static func temporaryFolder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("hdrprobe-report-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    static func external(_ path: String) -> String { TestPaths.external.appendingPathComponent(path).path }

    /// SMPTE ST 2084 EOTF of a normalised signal, cd/m² (written out here, not hdrprobe's).
    static func pq(_ e: Double) -> Double {
        let m1 = 0.1593017578125, m2 = 78.84375, c1 = 0.8359375, c2 = 18.8515625, c3 = 18.6875
        let p = pow(e, 1 / m2)
        return 10000 * pow(max(p - c1, 0) / (c2 - c3 * p), 1 / m1)
    }

    /// The hover data embedded in a page: `{series: [[id, label]], envelope, columns: [[first, last, s, lo, hi, …]]}`.
    static func hoverData(_ html: String) throws -> [String: Any] {
        let start = try #require(html.range(of: "<script type=\"application/json\" id=\"brightness-data\">"))
        let end = try #require(html.range(of: "</script>", range: start.upperBound..<html.endIndex))
        return try #require(try JSONSerialization.jsonObject(with: Data(html[start.upperBound..<end.lowerBound].utf8)) as? [String: Any])
    }

    @Test(.enabled(if: TestPaths.hasExternal)) func dolbyVisionFilmMatchesDoviTool() throws {
        let dir = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let page = dir.appendingPathComponent("regular.html").path
        let r = try CLI.run(["report", Self.external("dovi_tool/hevc_tests/regular.mkv"), "--frames", "all", "--output", page])
        #expect(r.status == 0, "\(r.stderr)")
        let html = try String(contentsOfFile: page, encoding: .utf8)
        // ground-truth.json: 259 RPUs, scene_refresh_flag at 0, 120, 219 (dovi_tool: 3 scenes), so 2 cuts drawn.
        for s in ["dv-l1-max", "dv-l1-avg", "dv-l1-min"] { #expect(html.contains("data-series=\"\(s)\" data-points=\"259\"")) }
        #expect(html.contains("class=\"cuts\" data-count=\"2\""))
        // The first RPU's L1 max is PQ code 2828 (ground truth), drawn in cd/m².
        let data = try Self.hoverData(html)
        let first = try #require((data["columns"] as? [[Any]])?.first)
        let maxNits = try #require(first[4] as? Double)
        #expect(abs(maxNits - Self.pq(2828.0 / 4095)) < 0.06, "\(maxNits)")
        // The mastering display (HDR10 SEI: BT.2020 primaries) on the diagram; MaxCLL 1000 / MaxFALL 400 as lines.
        #expect(html.contains("data-gamut=\"mastering\""))
        #expect(html.contains("data-ref=\"maxcll\" data-nits=\"1000.0\"") && html.contains("data-ref=\"maxfall\" data-nits=\"400.0\""))
        #expect(html.contains("Dolby Vision 8.1: accepted"))
        // No leftover temporary file beside the page.
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["regular.html"])
    }

    @Test(.enabled(if: TestPaths.hasExternal)) func hdr10PlusMatchesHdr10plusTool() throws {
        let dir = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let svg = dir.appendingPathComponent("h.svg").path
        let r = try CLI.run(["plot", Self.external("hdr10plus_tool/hevc_tests/regular.hevc"), "--frames", "all", "--output", svg])
        #expect(r.status == 0, "\(r.stderr)")
        let text = try String(contentsOfFile: svg, encoding: .utf8)
        let parser = XMLParser(data: Data(text.utf8))
        #expect(parser.parse())
        // hdr10plus_tool's own extraction of this stream: 259 frames; peak MaxScl and AverageRGB in 0.1 cd/m².
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: TestPaths.external.appendingPathComponent("hdr10plus_tool/hevc_tests/regular_metadata.json"))) as? [String: Any]
        let scenes = try #require(json?["SceneInfo"] as? [[String: Any]])
        #expect(scenes.count == 259)
        #expect(text.contains("data-series=\"hdr10plus-maxscl\" data-points=\"259\""))
        #expect(text.contains("data-series=\"hdr10plus-avg-maxrgb\" data-points=\"259\""))
        #expect(!text.contains("data-series=\"dv-l1-max\""))

        let page = dir.appendingPathComponent("h.html").path
        #expect(try CLI.run(["report", Self.external("hdr10plus_tool/hevc_tests/regular.hevc"), "--frames", "all", "--output", page]).status == 0)
        let data = try Self.hoverData(try String(contentsOfFile: page, encoding: .utf8))
        let columns = try #require(data["columns"] as? [[Any]])
        let peak = columns.compactMap { $0[4] as? Double }.max()
        let expected = scenes.compactMap { (($0["LuminanceParameters"] as? [String: Any])?["MaxScl"] as? [Int])?.max() }.max().map { Double($0) / 10 }
        #expect(peak == expected)
        let averages = columns.compactMap { $0[6] as? Double }
        let expectedAverages = scenes.compactMap { ($0["LuminanceParameters"] as? [String: Any])?["AverageRGB"] as? Int }.map { Double($0) / 10 }
        #expect(averages.sorted() == expectedAverages.sorted())
    }

    /// dovi_tool's `summary_p7_fel` test asserts "L2 trims: 100 nits" for this RPU.
    @Test(.enabled(if: TestPaths.hasExternal)) func trimsOfAnRPUFile() throws {
        let dir = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let page = dir.appendingPathComponent("fel.html").path
        let r = try CLI.run(["report", Self.external("dovi_tool/tests/fel_orig.bin"), "--output", page])
        #expect(r.status == 0, "\(r.stderr)")
        let html = try String(contentsOfFile: page, encoding: .utf8)
        let trims = try #require(html.range(of: "<section id=\"trims\">")).upperBound
        let table = html[trims...].prefix { $0 != "§" }.components(separatedBy: "</section>")[0]
        #expect(table.components(separatedBy: "<tr data-level=\"2\">").count - 1 == 1)
        #expect(table.contains("<td>L2</td><td>100 cd/m²</td>"))
    }

    /// Corpus/README.md: dv_p81_hdr10plus.mp4 is 8 frames, each with a profile 8.1 RPU and an HDR10+
    /// SEI, x265 HDR10 with MaxCLL 1000 / MaxFALL 400; hdr10_hevc.mp4 has no dynamic metadata.
    @Test func folderOfReportsWithIndex() throws {
        let dir = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("reports").path
        let r = try CLI.run(["report", CLI.corpus("dv_p81_hdr10plus.mp4"), CLI.corpus("hdr10_hevc.mp4"), CLI.corpus("bad_empty.mp4"),
                             "--output", out, "--target", "atv4k-2022+lg-oled", "--quiet"])
        #expect(r.status == 1, "a file in error: \(r.stderr)")
        let names = try FileManager.default.contentsOfDirectory(atPath: out).sorted()
        #expect(names == ["001-dv_p81_hdr10plus.mp4.html", "002-hdr10_hevc.mp4.html", "003-bad_empty.mp4.html", "index.html"])
        let first = try String(contentsOfFile: out + "/001-dv_p81_hdr10plus.mp4.html", encoding: .utf8)
        for s in ["dv-l1-max", "dv-l1-avg", "dv-l1-min", "hdr10plus-maxscl", "hdr10plus-avg-maxrgb"] {
            #expect(first.contains("data-series=\"\(s)\" data-points=\"8\""), "\(s)")
        }
        #expect(first.contains("<a class=\"back\" href=\"index.html\">"))
        #expect(first.contains("data-target=\"atv4k-2022+lg-oled\""))
        let second = try String(contentsOfFile: out + "/002-hdr10_hevc.mp4.html", encoding: .utf8)
        #expect(second.contains("No dynamic metadata") && !second.contains("id=\"brightness-data\""))
        #expect(try String(contentsOfFile: out + "/003-bad_empty.mp4.html", encoding: .utf8).contains("io.empty"))
        let index = try String(contentsOfFile: out + "/index.html", encoding: .utf8)
        #expect(index.contains("\"links\":[\"001-dv_p81_hdr10plus.mp4.html\",\"002-hdr10_hevc.mp4.html\",\"003-bad_empty.mp4.html\"]"))
    }

    @Test func markupInAFileNameStaysText() throws {
        let dir = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let name = "<img src=x onerror=alert(1)>\"'&.mp4"
        let copy = dir.appendingPathComponent(name)
        try FileManager.default.copyItem(atPath: CLI.corpus("dv_p81.mp4"), toPath: copy.path)
        let out = dir.appendingPathComponent("out").path
        let r = try CLI.run(["report", copy.path, CLI.corpus("sdr_hevc.mp4"), "--output", out, "--target", "iphone-15-pro"])
        #expect(r.status == 0, "\(r.stderr)")
        let pages = try FileManager.default.contentsOfDirectory(atPath: out).sorted()
        #expect(pages.first == "001-_img_src_x_onerror_alert_1_____.mp4.html")
        let html = try String(contentsOfFile: out + "/" + pages[0], encoding: .utf8)
        #expect(!html.contains("<img"))
        #expect(html.contains("&lt;img src=x onerror=alert(1)&gt;&quot;&#39;&amp;.mp4"))
        let index = try String(contentsOfFile: out + "/index.html", encoding: .utf8)
        #expect(!index.contains("<img"))
    }

    @Test func outputsThatCannotBeWritten() throws {
        let dir = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        // A page in a folder that does not exist: exit 2, nothing written.
        var r = try CLI.run(["report", CLI.corpus("dv_p81.mp4"), "--output", dir.path + "/missing/x.html"])
        #expect(r.status == 2 && r.stderr.contains("does not exist"), "\(r.stderr)")
        // Several files into one page: a usage error.
        r = try CLI.run(["report", CLI.corpus("dv_p81.mp4"), CLI.corpus("dv_p84.mp4"), "--output", dir.path + "/x.html"])
        #expect(r.status == 2 && r.stderr.contains("need a folder"), "\(r.stderr)")
        // A folder where a file stands.
        let file = dir.appendingPathComponent("file")
        try Data("x".utf8).write(to: file)
        r = try CLI.run(["report", CLI.corpus("dv_p81.mp4"), CLI.corpus("dv_p84.mp4"), "--output", file.path])
        #expect(r.status == 2, "\(r.stderr)")
        // plot: only .svg and .png; a stream without dynamic metadata is an error of the file (1).
        r = try CLI.run(["plot", CLI.corpus("dv_p81.mp4"), "--output", dir.path + "/p.txt"])
        #expect(r.status == 2)
        r = try CLI.run(["plot", CLI.corpus("hdr10_hevc.mp4"), "--output", dir.path + "/p.svg"])
        #expect(r.status == 1 && r.stderr.contains("no dynamic HDR metadata"), "\(r.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["file"])
    }

    static var hasLibrsvg: Bool {
        ["/usr/lib/x86_64-linux-gnu/librsvg-2.so.2", "/usr/lib/aarch64-linux-gnu/librsvg-2.so.2"].contains { FileManager.default.fileExists(atPath: $0) }
    }

    /// The PNG is written by cairo: its signature and IHDR size are the SVG's 960 × 330 at --scale.
    @Test(.enabled(if: hasLibrsvg)) func pngThroughLibrsvg() throws {
        let dir = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        for (scale, size) in [("2", (1920, 660)), ("1", (960, 330))] {
            let png = dir.appendingPathComponent("p\(scale).png").path
            let r = try CLI.run(["plot", CLI.corpus("dv_p81_hdr10plus.mkv"), "--scale", scale, "--output", png])
            #expect(r.status == 0, "\(r.stderr)")
            let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: png)))
            #expect(Array(bytes.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
            func u32(_ at: Int) -> Int { bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
            #expect(String(decoding: bytes[12..<16], as: UTF8.self) == "IHDR")
            #expect(u32(16) == size.0 && u32(20) == size.1)
        }
    }
}
#endif
