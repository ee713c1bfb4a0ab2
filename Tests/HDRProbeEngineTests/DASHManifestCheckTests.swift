#if FFmpeg
import Foundation
import HDRProbeModel
import HDRProbeContainers
import HDRProbeFFmpeg
import HDRProbeEngine
import Testing

/// `hdrprobe dash --check` and `hdrprobe hls --from-dash` on Corpus/dash (manifests written by Shaka
/// Packager v3.8 and FFmpeg's dash muxer, `Corpus/dash/make.sh`) and on the planted-error copies
/// (`Corpus/dash/errors/plant.py`: each edit and the code + line it must produce are in
/// `Corpus/dash/errors/expected.json`, written by the recipe, not by hdrprobe).
@Suite struct DASHManifestCheckTests {
    static let root = TestPaths.corpus.appendingPathComponent("dash")
    static let errors = root.appendingPathComponent("errors")
    static let hasCorpus = FileManager.default.fileExists(atPath: errors.appendingPathComponent("expected.json").path)
        && FileManager.default.fileExists(atPath: root.appendingPathComponent("shaka_hdr10/manifest.mpd").path)

    struct Planted: Sendable, CustomStringConvertible {
        var name: String
        var source: String
        var findings: [(code: String, line: Int)]
        var description: String { name }
    }

    static let planted: [Planted] = {
        guard let data = try? Data(contentsOf: errors.appendingPathComponent("expected.json")),
              let json = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
              let manifests = json["manifests"] as? [String: [String: Any]] else { return [] }
        return manifests.keys.sorted().map { name in
            let entry = manifests[name]!
            let findings = (entry["findings"] as? [[String: Any]] ?? []).map { ($0["code"] as? String ?? "", $0["line"] as? Int ?? -1) }
            return Planted(name: name, source: entry["source"] as? String ?? "", findings: findings)
        }
    }()

    /// The packagers' own defects in the untouched manifests (`Corpus/dash/make.sh`, Corpus/dash/expected.json):
    /// FFmpeg 5.1 writes a bare `codecs="hvc1"`, FFmpeg 8.1 an empty `codecs`, Shaka's legacy Dolby Vision form
    /// `bandwidth="0"`, `frameRate="16000/0"` and `dvh1.08.01` over the same `hvc1` initialization.
    static let packagerErrors: [String: Set<String>] = [
        "ffmpeg51_hdr10": ["dash.check.codecsMismatch"],
        "ffmpeg81_dv_p81": ["dash.check.codecsMissing"],
        "ffmpeg81_hlg": ["dash.check.codecsMissing"],
        "shaka_dv_p81_legacy": ["dash.check.bandwidthInvalid", "dash.check.frameRateInvalid", "dash.check.sampleEntryMismatch",
                                "dash.check.codecsMismatch"],
    ]

    static var folders: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: root.path)) ?? []).filter {
            FileManager.default.fileExists(atPath: root.appendingPathComponent("\($0)/manifest.mpd").path)
        }.sorted()
    }

    static func codesAndLines(_ report: DASHCheckReport) -> [(String, Int)] {
        var out = report.representations.flatMap { $0.findings.map { ($0.code.rawValue, $0.line) } }
        if let error = report.error, let line = report.errorLine { out.append((error.code.rawValue, line)) }
        return out
    }

    @Test(.enabled(if: hasCorpus, "Corpus/dash is not here"))
    func hasPlantedErrors() {
        #expect(Self.planted.count >= 20)
    }

    @Test("every planted error is found with its code and line, and was not in the source", .enabled(if: hasCorpus),
          arguments: planted)
    func plantedErrorFound(_ planted: Planted) {
        let report = DASHManifestChecker().check(Self.errors.appendingPathComponent("\(planted.name).mpd").path)
        let found = Self.codesAndLines(report)
        let source = DASHManifestChecker().check(Self.root.appendingPathComponent("\(planted.source)/manifest.mpd").path)
        let sourceCodes = Set(Self.codesAndLines(source).map(\.0))
        for (code, line) in planted.findings {
            #expect(found.contains { $0.0 == code && $0.1 == line }, "\(planted.name): \(code) at line \(line); found \(found)")
            #expect(!sourceCodes.contains(code), "\(planted.source) already raises \(code)")
        }
    }

    @Test("the packagers' manifests: read, every video Representation probed, errors only where the packager erred",
          .enabled(if: hasCorpus), arguments: folders)
    func correctManifests(_ folder: String) {
        let report = DASHManifestChecker().check(Self.root.appendingPathComponent("\(folder)/manifest.mpd").path)
        #expect(report.status == .ok)
        #expect(!report.representations.isEmpty)
        for rep in report.representations {
            #expect(rep.expected != nil, "\(folder) \(rep.id): \(rep.findings.map(\.message))")
        }
        let errors = Set(report.representations.flatMap(\.findings).filter { $0.severity == .error }.map(\.code.rawValue))
        #expect(errors == Self.packagerErrors[folder] ?? [], "\(folder)")
    }

    @Test("SegmentBase: the first media segment is the sidx's first reference", .enabled(if: hasCorpus))
    func segmentBaseRanges() throws {
        let report = DASHManifestChecker().check(Self.root.appendingPathComponent("shaka_hdr10/manifest.mpd").path)
        let rep = try #require(report.representations.first)
        #expect(rep.addressing == "SegmentBase")
        // Initialization range 0-3364 and indexRange 3365-3408 from Shaka's MPD: the first media byte follows the sidx.
        #expect(rep.initialization?.hasSuffix("video.mp4 [0-3364]") == true)
        #expect(rep.firstSegment?.contains("video.mp4 [3409-") == true, "\(rep.firstSegment ?? "")")
    }

    @Test("over HTTP (loopback): the same findings as from files", .enabled(if: hasCorpus))
    func overHTTP() throws {
        let server = try LatencyHTTPServer(root: Self.root)
        defer { server.stop() }
        let checker = DASHManifestChecker(options: ProbeOptions(timeout: 20))
        for name in ["shaka_hdr10/manifest.mpd", "shaka_dv_p81/manifest.mpd", "errors/p5_as_hevc.mpd", "errors/bandwidth_zero.mpd"] {
            let remote = checker.check(server.url(name))
            let local = checker.check(Self.root.appendingPathComponent(name).path)
            #expect(remote.status == .ok, "\(name): \(remote.error?.message ?? "")")
            #expect(remote.representations.first?.firstSegment?.hasPrefix("http://127.0.0.1:") == true)
            #expect(Self.codesAndLines(remote).map { "\($0.0)@\($0.1)" } == Self.codesAndLines(local).map { "\($0.0)@\($0.1)" }, "\(name)")
        }
        let missing = checker.check(server.url("nothing-here.mpd"))
        #expect(missing.status == .error)
    }

    @Test("hls --from-dash: hls --check finds nothing on the translation of a right manifest", .enabled(if: hasCorpus),
          arguments: ["shaka_hdr10", "shaka_hlg", "shaka_dv_p81", "shaka_dv_p84", "shaka_dv_p5", "shaka_ladder", "shaka_enc_cbcs_dv_p81",
                      "shaka_av1_hdr10", "ffmpeg51_sdr_h264_aac"])
    func fromDASHIsClean(_ folder: String) throws {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("hdrprobe-from-dash-\(folder)-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: out) }
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        let result = DASHToHLSTranslator().translate(Self.root.appendingPathComponent("\(folder)/manifest.mpd").path, outputDirectory: out.path)
        #expect(result.error == nil && result.skipped.isEmpty)
        let output = try #require(result.output)
        #expect(output.findings.isEmpty)
        for (name, text) in output.files { try text.write(to: out.appendingPathComponent(name), atomically: true, encoding: .utf8) }
        let check = HLSPlaylistChecker().check(out.appendingPathComponent("master.m3u8").path)
        #expect(check.status == .ok)
        #expect(!check.variants.isEmpty)
        #expect(check.allFindings.isEmpty, "\(folder): \(check.allFindings.map(\.message))")
        if folder == "shaka_enc_cbcs_dv_p81" {
            #expect(output.files.values.contains { $0.contains("#EXT-X-KEY:METHOD=SAMPLE-AES,URI=\"skd://00112233445566778899aabbccddeeff\"") })
        }
        if folder == "shaka_ladder" {
            let master = try #require(output.files["master.m3u8"])
            #expect(master.contains("#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID=\"audio\""))
            #expect(master.contains("CODECS=\"avc1.64000a,mp4a.40.2\""))
            // SegmentBase: the init and the media as byte ranges of one file (Shaka's Initialization range="0-897").
            #expect(output.files.values.contains { $0.contains("BYTERANGE=\"898@0\"") })
        }
    }

    @Test("hls --from-dash: cenc media gets no key line and a finding", .enabled(if: hasCorpus))
    func fromDASHCenc() throws {
        let result = DASHToHLSTranslator().translate(Self.root.appendingPathComponent("shaka_enc_cenc_hdr10/manifest.mpd").path,
                                                     outputDirectory: "/tmp")
        let output = try #require(result.output)
        #expect(output.findings.map(\.code.rawValue) == ["dash.hls.cencNotTranslated"])
        #expect(!output.files.values.contains { $0.contains("EXT-X-KEY") })
    }

    @Test("the command line: text, exit status, --format sarif with the MPD line", .enabled(if: hasCorpus))
    func commandLine() throws {
        let planted = Self.errors.appendingPathComponent("hlg_as_pq.mpd").path
        let text = try CommandLineTests.run(["dash", "--check", planted])
        #expect(text.status == 1)
        #expect(text.stdout.contains("hlg_as_pq.mpd:8: error dash.check.colourMismatch"))
        #expect(text.stdout.contains("hdrprobe would write: <SupplementalProperty schemeIdUri=\"urn:mpeg:mpegB:cicp:TransferCharacteristics\" value=\"18\"/>"))
        let sarif = try CommandLineTests.run(["dash", "--check", "--format", "sarif", planted])
        let log = try #require(try JSONSerialization.jsonObject(with: Data(sarif.stdout.utf8)) as? [String: Any])
        let results = ((log["runs"] as? [[String: Any]])?.first?["results"] as? [[String: Any]]) ?? []
        let lines = results.compactMap { (($0["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])?["region"] as? [String: Any] }
        #expect(lines.contains { $0["startLine"] as? Int == 8 })
        let clean = try CommandLineTests.run(["dash", "--check", "--json", Self.root.appendingPathComponent("shaka_hlg/manifest.mpd").path])
        #expect(clean.status == 0, "\(clean.stdout)")
        let decoded = try JSONDecoder().decode([DASHCheckReport].self, from: Data(clean.stdout.utf8))
        #expect(decoded.first?.representations.first?.expected?["codecs"] == "hvc1.2.4.L30.90")
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("hdrprobe-cli-from-dash-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: out) }
        let translate = try CommandLineTests.run(["hls", "--from-dash", Self.root.appendingPathComponent("shaka_hlg/manifest.mpd").path, "--output", out.path])
        #expect(translate.status == 0, "\(translate.stderr)")
        #expect(FileManager.default.fileExists(atPath: out.appendingPathComponent("master.m3u8").path))
    }
}
#endif
