#if FFmpeg
import Foundation
import HDRProbeModel
import HDRProbeManifests
import HDRProbeSignal
import HDRProbeContainers
import HDRProbeFFmpeg
import HDRProbeEngine
import Testing

/// `hdrprobe hls --check` on the HLS corpus (`Corpus/hls/make.sh`): every planted error is found,
/// the right master gives nothing, and the masters ffmpeg 5.1 wrote itself show its known defects.
/// Expected codes: `Corpus/hls/expected.json` (planted errors and ffmpeg's documented behaviour,
/// not hdrprobe's output).
@Suite struct HLSPlaylistCheckTests {
    static let root = TestPaths.corpus.appendingPathComponent("hls")

    /// One playlist's golden: codes per variant line, or the playlist error.
    struct Golden: Sendable {
        var codes: [Int: Set<String>] = [:]
        var errorCode: String?
        var errorLine: Int?
    }

    static let golden: [String: Golden] = {
        guard let data = try? Data(contentsOf: root.appendingPathComponent("expected.json")),
              let json = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
              let playlists = json["playlists"] as? [String: [String: Any]] else { return [:] }
        return playlists.mapValues { entry in
            var g = Golden()
            for (line, value) in entry["variants"] as? [String: Any] ?? [:] {
                // A variant's golden is a list of codes, or an object with `planted` and `codes`.
                let codes = (value as? [String]) ?? ((value as? [String: Any])?["codes"] as? [String]) ?? []
                g.codes[Int(line) ?? -1] = Set(codes)
            }
            if let error = entry["error"] as? [String: Any] {
                g.errorCode = error["code"] as? String
                g.errorLine = error["line"] as? Int
            }
            return g
        }
    }()

    static var playlists: [String] { golden.keys.sorted() }

    static func codesByLine(_ report: HLSCheckReport) -> [Int: Set<String>] {
        Dictionary(uniqueKeysWithValues: report.variants.map { ($0.line, Set($0.findings.map(\.code.rawValue))) })
    }

    @Test("the HLS corpus has goldens") func hasGoldens() {
        #expect(Self.golden.count >= 10)
    }

    @Test("check matches the golden", arguments: playlists)
    func matchesGolden(_ name: String) throws {
        let golden = try #require(Self.golden[name])
        let report = HLSPlaylistChecker().check(Self.root.appendingPathComponent(name).path)
        if let code = golden.errorCode {
            #expect(report.status == .error)
            #expect(report.error?.code.rawValue == code)
            #expect(report.errorLine == golden.errorLine)
            #expect(report.error?.message.contains("line \(golden.errorLine ?? -1)") == true)
            return
        }
        #expect(report.status == .ok, "\(report.error?.message ?? "")")
        #expect(Self.codesByLine(report) == golden.codes)
        // Every variant of an fMP4 playlist was probed from its init section and first segment.
        for v in report.variants where !v.findings.contains(where: { $0.code == .checkMediaUnavailable }) {
            #expect(v.expected != nil && v.firstSegment != nil, "line \(v.line)")
        }
    }

    @Test func rightMasterIsCleanAndProbesFromInitAndSegment() throws {
        let report = HLSPlaylistChecker().check(Self.root.appendingPathComponent("master.m3u8").path)
        #expect(report.allFindings.isEmpty)
        let dv = try #require(report.variants.first { $0.uri.hasPrefix("dv_p81/") })
        #expect(dv.initSection?.hasSuffix("dv_p81/init.mp4") == true)
        #expect(dv.firstSegment?.hasSuffix("dv_p81/seg0.m4s") == true)
        #expect(dv.expected?.supplementalCodecs == "dvh1.08.01/db1p")
    }

    /// The first segment is read only up to the limit (the probe needs its first frames): a
    /// segment cut short by the limit is not reported as truncated, its bit rate still comes from
    /// its real size, and the verdicts stay those of the whole segment.
    @Test func segmentReadStopsAtTheLimit() throws {
        let limited = HLSPlaylistChecker(limits: .init(segment: 3000))
        let report = limited.check(Self.root.appendingPathComponent("master.m3u8").path)
        #expect(report.allFindings.isEmpty, "\(report.allFindings.map(\.message))")
        for v in report.variants {
            #expect(!v.mediaFindings.contains { $0.code.rawValue.hasPrefix("container.") }, "line \(v.line): \(v.mediaFindings)")
        }
        // The bit rate compared with BANDWIDTH is that of the whole segment, not of the bytes read.
        let path = Self.root.appendingPathComponent("wrong_media.m3u8").path
        let whole = HLSPlaylistChecker().check(path).variants.first { $0.line == 8 }?.findings
        let cut = limited.check(path).variants.first { $0.line == 8 }?.findings
        #expect(cut?.map(\.code) == [.bandwidthPeakMismatch])
        #expect(cut?.map(\.message) == whole?.map(\.message))
    }

    /// One file holding init section and segment, addressed with EXT-X-MAP BYTERANGE and
    /// EXT-X-BYTERANGE: the same media, so the same verdict as the separate files.
    @Test func byteRangesReadTheSameMedia() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("hdrprobe-byterange-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let initData = try Data(contentsOf: Self.root.appendingPathComponent("dv_p84/init.mp4"))
        let segment = try Data(contentsOf: Self.root.appendingPathComponent("dv_p84/seg0.m4s"))
        try (initData + segment).write(to: dir.appendingPathComponent("all.mp4"))
        try """
        #EXTM3U
        #EXT-X-VERSION:7
        #EXT-X-TARGETDURATION:1
        #EXT-X-MAP:URI="all.mp4",BYTERANGE="\(initData.count)@0"
        #EXT-X-BYTERANGE:\(segment.count)@\(initData.count)
        #EXTINF:0.32,
        all.mp4
        #EXT-X-ENDLIST

        """.write(to: dir.appendingPathComponent("media.m3u8"), atomically: true, encoding: .utf8)
        try """
        #EXTM3U
        #EXT-X-STREAM-INF:BANDWIDTH=1000000,VIDEO-RANGE=HLG,CODECS="hvc1.2.4.L63.90",SUPPLEMENTAL-CODECS="dvh1.08.01/db4h",RESOLUTION=128x72,FRAME-RATE=25.000
        media.m3u8
        #EXT-X-STREAM-INF:BANDWIDTH=1000000,VIDEO-RANGE=PQ,CODECS="hvc1.2.4.L63.90",SUPPLEMENTAL-CODECS="dvh1.08.01/db1p",RESOLUTION=128x72,FRAME-RATE=25.000
        media.m3u8

        """.write(to: dir.appendingPathComponent("master.m3u8"), atomically: true, encoding: .utf8)
        let report = HLSPlaylistChecker().check(dir.appendingPathComponent("master.m3u8").path)
        #expect(report.variants.count == 2)
        #expect(report.variants[0].findings.isEmpty, "\(report.variants[0].findings)")
        // db1p with PQ is self-consistent; it contradicts the media's HLG range and compatibility id 4.
        #expect(Set(report.variants[1].findings.map(\.code)) == [
            .checkVideoRangeMismatch, .supplementalBrandCompatibilityMismatch,
        ])
    }

    @Test func unreadablePlaylistIsAnError() {
        let report = HLSPlaylistChecker().check(Self.root.appendingPathComponent("no-such.m3u8").path)
        #expect(report.status == .error && report.error?.code == .notFound)
        let scheme = HLSPlaylistChecker().check("concat:a|b")
        #expect(scheme.status == .error && scheme.error?.message.contains("not supported") == true)
    }

    /// A media playlist given where a multivariant one is expected: a clear error with the line.
    @Test func mediaPlaylistIsRefusedWithItsLine() {
        let report = HLSPlaylistChecker().check(Self.root.appendingPathComponent("dv_p81/prog_index.m3u8").path)
        #expect(report.status == .error)
        #expect(report.error?.code == .checkPlaylistMalformed)
        #expect(report.errorLine == 3)
    }

    /// The same playlists over HTTP (a Python server on 127.0.0.1, read with URLSession: no
    /// FFmpeg protocol needed, so the minimal FFmpeg 7.1 of .ci/ffmpeg71.sh runs it too).
    @Test
    func overHTTP() throws {
        let server = try LatencyHTTPServer(root: Self.root)
        defer { server.stop() }
        let checker = HLSPlaylistChecker(options: ProbeOptions(timeout: 20))
        let right = checker.check(server.url("master.m3u8"))
        #expect(right.status == .ok, "\(right.error?.message ?? "")")
        #expect(right.variants.count == 9)
        #expect(right.allFindings.isEmpty, "\(right.allFindings.map(\.message))")
        #expect(right.variants.first?.firstSegment?.hasPrefix("http://127.0.0.1:") == true)
        let wrong = checker.check(server.url("wrong_codecs.m3u8"))
        #expect(Self.codesByLine(wrong) == (try #require(Self.golden["wrong_codecs.m3u8"])).codes)
        let missing = checker.check(server.url("nothing-here.m3u8"))
        #expect(missing.status == .error && missing.error?.code == .readFailed)
    }

    @Test func commandLineExitStatusAndText() throws {
        let ok = try CommandLineTests.run(["hls", "--check", "--first-segment", Self.root.appendingPathComponent("master.m3u8").path])
        #expect(ok.status == 0, "\(ok.stdout)\(ok.stderr)")
        #expect(ok.stdout.contains("9 variants checked — no disagreement"))
        let wrong = try CommandLineTests.run(["hls", "--check", "--first-segment", Self.root.appendingPathComponent("wrong_attributes.m3u8").path])
        #expect(wrong.status == 1)
        #expect(wrong.stdout.contains("wrong_attributes.m3u8:4:") && wrong.stdout.contains("hls.frameRate.missingForHDR"))
        // Only warnings in wrong_supplemental's first variant: --fail-on decides.
        let json = try CommandLineTests.run(["hls", "--check", "--first-segment", "--json", Self.root.appendingPathComponent("malformed.m3u8").path])
        #expect(json.status == 1)
        let decoded = try JSONDecoder().decode([HLSCheckReport].self, from: Data(json.stdout.utf8))
        #expect(decoded.first?.errorLine == 4)
        let usage = try CommandLineTests.run(["hls", "--check", "--first-segment", "--no-header", "x.m3u8"])
        #expect(usage.status == 2)
    }

    /// The cenc variant Shaka Packager cut (`Corpus/generate.sh`, `--protection_scheme cenc`) gets
    /// `hls.encryption.notCbcs` exactly once: as the variant's finding, not again among the media's
    /// own findings (the probe of its media raises the same code). Counted in the text and the JSON
    /// (whose Should fix list counts that one finding).
    @Test func cencVariantSaysNotCbcsOnce() throws {
        let path = Self.root.appendingPathComponent("enc_dv_p81_cenc/master.m3u8").path
        let text = try CommandLineTests.run(["hls", "--check", "--first-segment", path])
        // Once as a finding ("code: message"); the Should fix list then counts it ("code × 1").
        #expect(text.stdout.components(separatedBy: "hls.encryption.notCbcs:").count - 1 == 1, "\(text.stdout)")
        #expect(text.stdout.contains("hls.encryption.notCbcs × 1"))
        let json = try CommandLineTests.run(["hls", "--check", "--first-segment", "--json", path])
        // Once among the findings; the Should fix list counts that one occurrence.
        let decoded = try #require(try JSONDecoder().decode([HLSCheckReport].self, from: Data(json.stdout.utf8)).first)
        let said: [Finding] = decoded.variants.flatMap { $0.findings + $0.mediaFindings }.filter { $0.code == .encryptionNotCbcs }
        #expect(said.count == 1, "\(json.stdout)")
        let groups: [FixList.Group] = decoded.fixes.mustFix + decoded.fixes.shouldFix
        #expect(groups.first { $0.code == .encryptionNotCbcs }?.count == 1)
        let report = HLSPlaylistChecker().check(path)
        let variant = try #require(report.variants.first)
        #expect(variant.findings.filter { $0.code == .encryptionNotCbcs }.count == 1)
        #expect(!variant.mediaFindings.contains { $0.code == .encryptionNotCbcs })
        // The probe of the cenc media alone still says it (hdrprobe probe).
        let media = ProbeEngine().probe(path: TestPaths.corpus.appendingPathComponent("enc_cenc_dv_p81.mp4").path)
        #expect(media.findings.filter { $0.code == .encryptionNotCbcs }.count == 1)
    }

    /// wrong_encrypted.m3u8 plants over the cbcs variant the errors wrong_supplemental / wrong_codecs plant
    /// over the clear dv_p81 variant (Corpus/hls/make.sh): the same codes are found (golden), and no
    /// finding is about the stored `encv` entry — the original format is what is compared.
    @Test func encryptedVariantGetsTheClearVariantsErrors() throws {
        let enc = HLSPlaylistChecker().check(Self.root.appendingPathComponent("wrong_encrypted.m3u8").path)
        let clear = HLSPlaylistChecker().check(Self.root.appendingPathComponent("wrong_codecs.m3u8").path)
        let encCodes = Self.codesByLine(enc), clearCodes = Self.codesByLine(clear)
        #expect(encCodes[6] == clearCodes[10] && encCodes[8] == clearCodes[4])
        #expect(!enc.variants.flatMap(\.findings).contains { $0.message.contains("encv") })
    }

    @Test func failOnDecidesTheExitStatus() throws {
        // wrong_attributes has one error and warnings; hdr10plus_hevc/master has errors, a warning and an info.
        let path = Self.root.appendingPathComponent("wrong_range.m3u8").path
        #expect(try CommandLineTests.run(["hls", "--check", "--first-segment", path]).status == 1)
        let infoOnly = Self.root.appendingPathComponent("master.m3u8").path
        #expect(try CommandLineTests.run(["hls", "--check", "--first-segment", "--fail-on", "info", infoOnly]).status == 0)
    }
}

/// `hdrprobe hls FILE…`: the fragment parses as a Multivariant Playlist, has a fallback variant
/// exactly where the rules call for one, and — pointed at the HLS cuts of the same sources in
/// `Corpus/hls` (fallbacks at the `*_hdr10base`/`*_hlgbase` cuts, whose init sections carry no
/// Dolby Vision record) — passes `hls --check` with no finding at all.
@Suite struct HLSFragmentCommandTests {
    static let sources = ["sdr_h264_aac", "hdr10_hevc", "hlg_hevc", "hdr10plus_hevc", "av1_hdr10", "dv_p5", "dv_p81",
                          "dv_p84", "av1_dv_p101"]

    @Test func fragmentChecksCleanAgainstTheHLSCuts() throws {
        let hls = TestPaths.corpus.appendingPathComponent("hls").path
        let files = Self.sources.map { TestPaths.corpus.appendingPathComponent($0 + ".mp4").path }
        let run = try CommandLineTests.run(["hls", "--quiet", "--uri-template", hls + "/{name}/prog_index.m3u8"] + files)
        #expect(run.status == 0, "\(run.stderr)")
        let playlist = try HLSMultivariantPlaylist.parse(run.stdout)
        // One variant per file, plus the fallbacks of 8.1, 8.4 and 10.1 (not of P5: no compatible base).
        #expect(playlist.variants.count == Self.sources.count + 3)
        let fallbacks = playlist.variants.filter { $0.uri.contains("base/") }.map { ($0.uri as NSString).pathComponents.suffix(2).first! }
        #expect(fallbacks == ["dv_p81_hdr10base", "dv_p84_hlgbase", "av1_dv_p101_hdr10base"])
        #expect(playlist.variants.filter { $0.uri.contains("base/") }.allSatisfy { $0.supplementalCodecs == nil })
        #expect(run.stdout.contains("Dolby Vision record: keep (dvcC)"))   // P5
        #expect(run.stdout.contains("remux: Profile 5 without a colour description"))

        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("hdrprobe-fragment-\(UUID().uuidString).m3u8")
        try run.stdout.write(to: dir, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: dir) }
        let report = HLSPlaylistChecker().check(dir.path)
        #expect(report.variants.count == playlist.variants.count)
        #expect(report.allFindings.isEmpty, "\(report.allFindings.map { $0.code.rawValue + ": " + $0.message })")
    }

    @Test func refusedProfileHasNoFallbackAndErrorsAreListed() throws {
        let p7 = TestPaths.corpus.appendingPathComponent("dv_p7_fel_rpu_no_el.mp4").path
        let empty = TestPaths.corpus.appendingPathComponent("bad_empty.mp4").path
        let run = try CommandLineTests.run(["hls", "--quiet", "--no-header", p7, empty])
        #expect(run.status == 1)
        #expect(!run.stdout.hasPrefix("#EXTM3U"))
        #expect(run.stdout.contains("Dolby Vision 7: refused (dv.dualLayer)"))
        #expect(run.stdout.contains("Dolby Vision record: strip"))
        #expect(run.stdout.contains("bad_empty.mp4: no variant — not analysed"))
        #expect(run.stdout.components(separatedBy: "#EXT-X-STREAM-INF:").count == 2)
        let json = try CommandLineTests.run(["hls", "--json", p7])
        let fragment = try JSONDecoder().decode(HLSFragmentPlanner.Fragment.self, from: Data(json.stdout.utf8))
        #expect(fragment.entries.map(\.role) == [.primary])
    }
}
#endif
