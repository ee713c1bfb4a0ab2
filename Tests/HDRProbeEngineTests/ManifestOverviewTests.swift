#if FFmpeg
import Foundation
import Testing
import HDRProbeModel
import HDRProbeReport
@testable import HDRProbeEngine

/// The hlsreport-like overview of `hls --check` / `dash --check` (text, JSON, HTML): each value
/// checked against how the presentation was made — segment sizes from the files, BANDWIDTH read off
/// the playlist the test wrote, picture size, rate and key-frame distance from the FFmpeg command —
/// and the Must fix list against the segment the test removed, at its playlist line.
@Suite(.serialized) struct ManifestOverviewTests {
    typealias T = HLSPresentationCheckTests

    static func size(_ url: URL) throws -> Int { try FileManager.default.attributesOfItem(atPath: url.path)[.size] as! Int }

    /// A playlist's `(EXTINF, URI, line)` triples and its target duration, read off its text.
    static func segments(_ playlist: URL) throws -> (list: [(duration: Double, uri: String, line: Int)], target: Double) {
        let lines = try String(contentsOf: playlist, encoding: .utf8).components(separatedBy: "\n")
        let target = Double(lines.first { $0.hasPrefix("#EXT-X-TARGETDURATION:") }!.dropFirst(22))!
        let list = lines.enumerated().compactMap { i, line -> (Double, String, Int)? in
            guard line.hasPrefix("#EXTINF:"), i + 1 < lines.count else { return nil }
            return (Double(line.dropFirst(8).split(separator: ",")[0])!, lines[i + 1], i + 2)
        }
        return (list, target)
    }

    /// Apple's peak (the largest bits / seconds of any run of segments lasting 0.5 to 1.5 target
    /// durations + 0.5 s) and average, from the files' sizes.
    static func rates(_ playlist: URL) throws -> (peak: Int, average: Int) {
        let (list, target) = try segments(playlist)
        let sized = try list.map { ($0.duration, Double(try size(playlist.deletingLastPathComponent().appendingPathComponent($0.uri)))) }
        var peak = 0.0
        for i in sized.indices {
            var seconds = 0.0, bytes = 0.0
            for j in i..<sized.count {
                seconds += sized[j].0
                bytes += sized[j].1
                if seconds > 1.5 * target + 0.5 { break }
                if seconds >= 0.5 * target { peak = max(peak, bytes * 8 / seconds) }
            }
        }
        let bits = sized.reduce(0) { $0 + $1.1 * 8 }, seconds = sized.reduce(0) { $0 + $1.0 }
        return (Int(peak.rounded()), Int((bits / seconds).rounded()))
    }

    @Test("the overview: measured against declared, picture, rate, key frames, processed; Must fix names the removed segment")
    func hlsOverview() throws {
        guard FileManager.default.isExecutableFile(atPath: T.ffmpeg) else { return }
        let folder = try T.temporaryFolder("overview")
        defer { try? FileManager.default.removeItem(at: folder) }
        // Two variants (320x180, 160x90) at 25 fps with a key frame every 25 frames: 1 s apart.
        guard T.encode(in: folder, hdr: true) else { return }
        try T.writeMaster(in: folder)
        let master = try String(contentsOf: folder.appendingPathComponent("master.m3u8"), encoding: .utf8)
        let declared = master.matches(of: #/BANDWIDTH=(\d+),AVERAGE/#).map { Int($0.output.1)! }
        try #require(declared.count == 2)
        let v0 = try Self.segments(folder.appendingPathComponent("v0.m3u8")).list
        let removed = v0[3]
        try FileManager.default.removeItem(at: folder.appendingPathComponent(removed.uri))

        let report = T.check(folder)
        // Variant 1, untouched: Apple's peak and average from the files, against the BANDWIDTH written.
        let p1 = try #require(report.variants[1].presentation)
        let expected = try Self.rates(folder.appendingPathComponent("v1.m3u8"))
        #expect(p1.measuredPeak == expected.peak && p1.measuredAverage == expected.average)
        #expect(p1.declaredBandwidth == declared[1])
        let difference = ((Double(expected.peak) - Double(declared[1])) / Double(declared[1]) * 1000).rounded() / 10
        #expect(p1.peakDifferencePercent == difference)
        #expect(p1.width == 160 && p1.height == 90 && p1.frameRate == 25 && p1.codec == "hvc1" && p1.videoRange == "PQ")
        #expect(p1.keyFrameInterval == 1.0 && p1.processedPercent == 100 && p1.encryption == nil)
        // Variant 0 lost one of its segments.
        let p0 = try #require(report.variants[0].presentation)
        #expect(p0.width == 320 && p0.height == 180)
        #expect(p0.processedPercent == (Double(v0.count - 1) / Double(v0.count) * 1000).rounded() / 10)
        let missing = try #require(report.fixes.mustFix.first { $0.code == .presentationSegmentMissing })
        #expect(missing.count == 1 && missing.locations == [FindingLocation(playlist: "v0.m3u8", line: removed.line, segment: removed.uri)])
        #expect(missing.fix == FindingCode.presentationSegmentMissing.entries.first?.remedy && missing.fix != nil)

        // Text: the table row and the grouped list; JSON: the same values, typed.
        let text = try CommandLineTests.run(["hls", "--check", folder.appendingPathComponent("master.m3u8").path]).stdout
        let row = try #require(text.split(separator: "\n").first { $0.hasPrefix("  variant  v1.m3u8") })
        #expect(row.contains("160x90") && row.contains("25.000") && row.contains("PQ") && row.contains("1.000 s") && row.contains("100.0 %"))
        #expect(row.contains(String(format: "(%+.1f %%)", difference)))
        #expect(text.contains("Must fix (") && text.contains("hls.presentation.segmentMissing × 1"))
        #expect(text.contains("v0.m3u8 line \(removed.line): \(removed.uri)"))
        let json = try CommandLineTests.run(["hls", "--check", "--json", folder.appendingPathComponent("master.m3u8").path]).stdout
        let decoded = try #require(try JSONDecoder().decode([HLSCheckReport].self, from: Data(json.utf8)).first)
        #expect(decoded.variants[1].presentation == p1 && decoded.fixes == report.fixes)
        #expect(json.contains("\"keyFrameInterval\": 1,") && json.contains("\"processedPercent\": 100,"))
    }

    @Test("--html: one self-contained page, written whole; markup from the manifest stays text")
    func htmlPage() throws {
        guard FileManager.default.isExecutableFile(atPath: T.ffmpeg) else { return }
        let folder = try T.temporaryFolder("overview-html")
        defer { try? FileManager.default.removeItem(at: folder) }
        guard T.encode(in: folder, hdr: true) else { return }
        try T.writeMaster(in: folder)
        // Variant 1's playlist under a name with markup and quotes.
        let marked = "<b>v1&\"x'.m3u8"
        try FileManager.default.moveItem(at: folder.appendingPathComponent("v1.m3u8"), to: folder.appendingPathComponent(marked))
        let url = folder.appendingPathComponent("master.m3u8")
        try String(contentsOf: url, encoding: .utf8).replacingOccurrences(of: "\nv1.m3u8", with: "\n" + marked).write(to: url, atomically: true, encoding: .utf8)
        let page = folder.appendingPathComponent("overview.html")
        let run = try CommandLineTests.run(["hls", "--check", "--quiet", "--html", page.path, url.path])
        #expect(run.status == 0, "\(run.stdout)")
        let html = try String(contentsOf: page, encoding: .utf8)
        #expect(!html.contains("<b>") && html.contains("&lt;b&gt;v1&amp;&quot;x&#39;.m3u8"))
        #expect(html.contains("Content-Security-Policy") && !html.contains("http://") && !html.contains("https://"))
        #expect(!html.contains(" src=") && !html.contains(" href="))
        // Both variants, walked, are rows; the one whose name is marked up too.
        #expect(html.components(separatedBy: "<tr").count - 1 == 3)
        #expect(try CommandLineTests.run(["hls", "--html", page.path, url.path]).status == 2)
        // An unwritable destination is a usage failure naming it; nothing half-written is left.
        let bad = try CommandLineTests.run(["hls", "--check", "--quiet", "--html", folder.appendingPathComponent("no/such/dir/x.html").path, url.path])
        #expect(bad.status != 0 && !FileManager.default.fileExists(atPath: folder.appendingPathComponent("no").path))
    }

    @Test("dash --check: the Representation's row and the Must fix list name the removed segment")
    func dashOverview() throws {
        guard FileManager.default.isExecutableFile(atPath: T.ffmpeg) else { return }
        let folder = try T.temporaryFolder("overview-dash")
        defer { try? FileManager.default.removeItem(at: folder) }
        guard T.run(["-v", "error", "-f", "lavfi", "-i", "testsrc2=size=320x180:rate=25", "-t", "6", "-c:v", "libx265", "-b:v", "300k",
                     "-x265-params", "keyint=25:min-keyint=25:scenecut=0:log-level=error", "-tag:v", "hvc1", "-f", "dash",
                     "-seg_duration", "1", "-use_template", "1", "-use_timeline", "1", "manifest.mpd"], in: folder) else { return }
        let chunks = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasPrefix("chunk-") }.sorted()
        try FileManager.default.removeItem(at: folder.appendingPathComponent(chunks[2]))
        let mpd = folder.appendingPathComponent("manifest.mpd")
        let line = try #require(try String(contentsOf: mpd, encoding: .utf8).components(separatedBy: "\n").firstIndex { $0.contains("<Representation ") }) + 1
        let report = DASHManifestChecker(wholePresentation: true).check(mpd.path)
        let p = try #require(report.representations.first?.presentation)
        #expect(p.segments == chunks.count && p.width == 320 && p.keyFrameInterval == 1.0)
        #expect(p.processedPercent == (Double(chunks.count - 1) / Double(chunks.count) * 1000).rounded() / 10)
        let missing = try #require(report.fixes.mustFix.first { $0.code == .dashPresentationSegmentMissing })
        #expect(missing.locations == [FindingLocation(playlist: "manifest.mpd", line: line, segment: chunks[2])])
        let text = DASHCheckSummary.render(report)
        #expect(text.contains("  Representation  0") && text.contains("dash.presentation.segmentMissing × 1"))
    }
}
#endif
