#if FFmpeg
import Foundation
import HDRProbeModel
import HDRProbeSimulate
import HDRProbeReport
import HDRProbeCheck
import HDRProbeContainers
import HDRProbeEngine
import HDRProbeScan
import Testing

/// `hdrprobe matrix` on whole libraries (issue 20): the scan's machinery or earlier scans'
/// JSONL, files grouped by behaviour, memory flat in the number of files, and the same
/// simulation as `check`'s `require:`.
@Suite struct MatrixLibraryTests {
    /// The corpus media files, listed independently of hdrprobe's walker (as Reports/run.sh does).
    static func corpusFiles() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: TestPaths.corpus.path)
            .filter { !$0.hasPrefix(".") && !$0.hasSuffix(".sh") && !$0.hasSuffix(".md") && !$0.hasSuffix(".py") }
            .filter { name in
                var dir: ObjCBool = false
                return FileManager.default.fileExists(atPath: TestPaths.corpus.appendingPathComponent(name).path, isDirectory: &dir) && !dir.boolValue
            }
            // Files this FFmpeg has no demuxer for (the minimal 7.1 build of .ci/ffmpeg71.sh: .h264,
            // .ivf) would be errors whose golden facts differ; they are left out, as in the goldens test.
            .filter { CorpusGoldenTests.missingDemuxer($0 + ".json") == nil }
            .sorted()
    }

    static func json(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    /// Every corpus file lands in exactly one group, group counts add up to the file count, and
    /// the files of a group share the facts Corpus/expected (derive.py: the recipe, ffprobe,
    /// MediaInfo) gives for them: range type and Dolby Vision profile and verdict.
    @Test func groupsPartitionTheCorpus() throws {
        let names = try Self.corpusFiles()
        let r = try CLI.run(["matrix", "--no-cache", "--quiet", "--format", "json"] + names.map { TestPaths.corpus.appendingPathComponent($0).path })
        #expect(r.status == 1, "the corpus holds deliberately broken files: \(r.stderr)")
        let doc = try Self.json(r.stdout)
        let groups = try #require(doc["groups"] as? [[String: Any]])
        let files = try #require(doc["files"] as? [[String: Any]])
        #expect(files.count == names.count)
        #expect(doc["fileCount"] as? Int == names.count)
        #expect(groups.reduce(0) { $0 + ($1["count"] as? Int ?? 0) } == names.count)
        #expect(groups.count < names.count / 2, "\(groups.count) groups for \(names.count) files: grouping does not group")
        var perGroup: [Int: Int] = [:]
        var facts: [Int: [String: Set<String>]] = [:]
        for f in files {
            let g = try #require(f["group"] as? Int)
            perGroup[g, default: 0] += 1
            let name = URL(fileURLWithPath: try #require(f["path"] as? String)).lastPathComponent
            for (key, value) in try Self.expectedFacts(name) { facts[g, default: [:]][key, default: []].insert(value) }
        }
        for g in groups {
            let id = try #require(g["id"] as? Int)
            #expect(perGroup[id] == g["count"] as? Int, "group \(id)")
            for (key, values) in facts[id] ?? [:] {
                #expect(values.count == 1, "group \(id) mixes files whose golden \(key) differs: \(values.sorted())")
            }
        }
        // Per-file outcomes are the group's, one per column.
        let columns = try #require(doc["columns"] as? [[String: Any]]).count
        for f in files { #expect((f["outcomes"] as? [Any])?.count == columns) }
    }

    /// Range type, Dolby Vision profile and verdict, status and error code from
    /// Corpus/expected/NAME.json, where the golden states them.
    static func expectedFacts(_ name: String) throws -> [String: String] {
        let url = TestPaths.corpus.appendingPathComponent("expected/\(name).json")
        guard let data = try? Data(contentsOf: url) else { return [:] }
        let doc = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let facts = try #require(doc["facts"] as? [String: Any])
        var out: [String: String] = [:]
        for (key, golden) in [("status", "status"), ("error", "error.code"), ("range", "hdr.videoRangeType"), ("range", "video.hdr.videoRangeType"),
                              ("dv", "dolbyVision.profile"), ("verdict", "dolbyVision.verdict.code")] {
            if let value = (facts[golden] as? [String: Any])?["value"] { out[key] = "\(value)" }
        }
        return out
    }

    /// `--from` an earlier scan's JSONL gives the same groups and per-file outcomes as scanning,
    /// without reading media (the JSONL's files are deleted first), and several JSONL files
    /// (shards) add up.
    @Test func fromJSONLMatchesTheScan() throws {
        let lib = try LibraryFixture()
        defer { lib.remove() }
        for name in ["dv_p81.mp4", "dv_p84.mkv", "hdr10_hevc.mkv", "av1_hdr10.mp4", "sdr_h264.mkv", "bad_empty.mp4"] {
            try lib.copy(name, to: "a/\(name)")
            try lib.copy(name, to: "b/\(name)")
        }
        let scanned = try CLI.run(["matrix", lib.path, "--no-cache", "--quiet", "--format", "json"])
        #expect(scanned.status == 1, "\(scanned.stderr)")
        let shard1 = lib.url("s1.jsonl").path, shard2 = lib.url("s2.jsonl").path
        _ = try CLI.run(["scan", lib.url("a").path, "--no-cache", "--quiet", "--jsonl", shard1])
        _ = try CLI.run(["scan", lib.url("b").path, "--no-cache", "--quiet", "--jsonl", shard2])
        try FileManager.default.removeItem(at: lib.url("a"))
        try FileManager.default.removeItem(at: lib.url("b"))
        let read = try CLI.run(["matrix", "--from", shard1, "--from", shard2, "--quiet", "--format", "json"])
        #expect(read.status == 1, "\(read.stderr)")
        func outcomes(_ text: String) throws -> [String: String] {
            let files = try #require(try Self.json(text)["files"] as? [[String: Any]])
            return Dictionary(uniqueKeysWithValues: files.map { ("\($0["path"]!)", "\($0["outcomes"]!)") })
        }
        let a = try outcomes(scanned.stdout), b = try outcomes(read.stdout)
        #expect(a.count == 12 && a == b)
        func canonical(_ groups: [[String: Any]]) throws -> [String] {
            try groups.map { g in
                String(decoding: try JSONSerialization.data(withJSONObject: [g["count"]!, g["cells"]!], options: [.sortedKeys]), as: UTF8.self)
            }
        }
        let groupsA = try canonical(try #require(try Self.json(scanned.stdout)["groups"] as? [[String: Any]]))
        let groupsB = try canonical(try #require(try Self.json(read.stdout)["groups"] as? [[String: Any]]))
        #expect(groupsA.sorted() == groupsB.sorted(), "groups differ")
        let both = try CLI.run(["matrix", lib.path, "--from", shard1])
        #expect(both.status == 2 && both.stderr.contains("--from"))
    }

    /// `check`'s `require:` and the matrix use one simulation: the files check flags on a target
    /// are exactly those whose matrix outcome there is not Dolby Vision.
    @Test func checkRequireAgreesWithTheMatrix() throws {
        let lib = try CheckRequirementTests.library()
        defer { lib.remove() }
        try lib.copy("dv_p5.mp4", to: "p5.mp4")
        try lib.copy("dv_p84.mkv", to: "p84.mkv")
        let target = "atv4k-2022+samsung"
        let policy = try CheckCommandTests.write("require:\n  - {target: \(target), when: all, output: DolbyVision}\n", "dv.yaml", in: lib)
        let check = try CLI.run(["check", lib.path, "--no-cache", "--quiet", "--policy", policy, "--format", "json"])
        let flagged = Set(CheckCommandTests.items(try CheckCommandTests.json(check.stdout)).filter { $0.value.contains("policy.requirementNotMet") }.keys)
        let m = try CLI.run(["matrix", lib.path, "--no-cache", "--quiet", "--format", "json", "--target", target])
        let doc = try Self.json(m.stdout)
        let groups = try #require(doc["groups"] as? [[String: Any]])
        var notDV: Set<String> = []
        for f in try #require(doc["files"] as? [[String: Any]]) {
            let g = try #require(groups.first { $0["id"] as? Int == f["group"] as? Int })
            guard let cell = (g["cells"] as? [Any])?.first as? [String: Any] else { continue }
            let range = (cell["output"] as? [String: Any])?["range"] as? String
            if range != "DolbyVision" || cell["status"] as? String == "fails" { notDV.insert("\(f["path"]!)") }
        }
        #expect(!flagged.isEmpty && flagged == notDV, "check: \(flagged.sorted()) matrix: \(notDV.sorted())")
    }

    /// Memory stays flat in the number of files: the matrix keeps group aggregates and a compact
    /// entry per file, never the reports. Each result here carries a 64 KB report line and a
    /// distinct 32-point brightness series; 2,400 more files may cost at most 4 KB each (the
    /// matrix before issue 20 held ~70 KB per file).
    @Test func residentMemoryIsFlat() throws {
        func residentBytes() -> Int {
            let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
            let line = status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") } ?? ""
            return (Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0) << 10
        }
        final class Synthetic: ProbeExecutor {
            func probe(_ request: ProbeRequest, shouldStop: @escaping () -> Bool) -> ProbeOutcome {
                let n = request.path.utf8.reduce(7) { ($0 &* 31 &+ Int($1)) & 0xFFFFFF }
                let input = PlaybackInput(codec: "hevc", profileName: "Main 10", bitDepth: 10, chroma: "4:2:0", width: [1920, 3840][n % 2],
                                          height: [1080, 2160][n % 2], framesPerSecond: [23.976, 25, 59.94][n % 3], videoRange: .pq,
                                          dolbyVision: DolbyVisionProfile(profile: 8, compatibilityId: 1, fromRPU: false),
                                          dolbyVisionAccepted: true, dolbyVisionVerdict: .accepted, hasDolbyVisionRecord: true,
                                          sampleEntry: "hvc1", supplementalCodecs: "dvh1.08.06/db1p")
                var digest = ReportDigest(path: request.path, status: .ok, error: nil,
                                          streams: [.init(index: 0, kind: "video", videoRangeType: .doviWithHDR10,
                                                          dolbyVision: .init(profile: "8.1", decision: .accept, verdictCode: .accepted),
                                                          playback: input)],
                                          findings: [])
                digest.brightness = BrightnessSeries(source: .rpu, milliseconds: (0..<32).map { $0 * 42 }, decinits: (0..<32).map { 1000 + (n + $0) % 9000 })
                return .report(jsonLine: "{\"pad\":\"" + String(repeating: "x", count: 64 << 10) + "\"}", digest: digest)
            }
            func shutdown() {}
        }
        let catalog = try DeviceCatalogLoader.load(userFile: nil)
        func grow(files: Int) throws -> (bytes: Int, groups: Int, html: Int) {
            let lib = try ScanRobustnessTests.stubLibrary(files: files)
            defer { lib.remove() }
            var config = ScanConfiguration(roots: [lib.path], jobs: 2, options: ProbeOptions(), policy: PolicyDocument(dolbyVision: .default))
            config.sorted = true
            let before = residentBytes()
            var matrix = LibraryMatrix(targets: catalog.targets, catalog: catalog, tool: ProbeEngine.tool)
            _ = LibraryScanner(config: config, executor: { Synthetic() }).run(shouldInterrupt: { false }) { matrix.add($0.digest) }
            let html = try matrix.render(.html, perFile: nil)
            let grown = residentBytes() - before
            #expect(matrix.groups.reduce(0) { $0 + $1.count } == files)
            return (grown, matrix.liveGroups.count, html.utf8.count)
        }
        // Resident memory is the whole test process's: tests running beside this one allocate
        // too. A growth per file shows in every pair of runs; the smallest of three pairs is
        // kept, so that a neighbour's allocation in one pair does not count as the matrix's.
        var small = try grow(files: 800), large = try grow(files: 3_200)
        for _ in 0..<2 where large.bytes - small.bytes >= 2_400 * 4_096 {
            let (s, l) = (try grow(files: 800), try grow(files: 3_200))
            if l.bytes - s.bytes < large.bytes - small.bytes { (small, large) = (s, l) }
        }
        #expect(small.groups == 6 && large.groups == 6)
        let perFile = (large.bytes - small.bytes) / 2_400
        print("matrix memory: +\(small.bytes >> 10) KiB at 800 files, +\(large.bytes >> 10) KiB at 3,200 (≈\(perFile) B per file); page \(large.html >> 10) KiB")
        #expect(large.bytes - small.bytes < 2_400 * 4_096, "\(perFile) bytes per file")
    }

    /// The brightness series keeps at most 96 points and each kept point is the brightest of its run.
    @Test func brightnessSeriesThinsToPeaks() throws {
        let frames = (0..<300).map { i in
            var f = DynamicMetadataFrame(decodeIndex: i, pts: Int64(i), poc: nil, irap: i == 0)
            f.index = i
            f.time = Double(i) / 25
            f.rpu = .init(valid: true, level1: (min: 0, max: i == 150 ? 3_900 : 2_000, avg: 1_000), sceneRefresh: false)
            return f
        }
        let s = try #require(BrightnessSeries(frames: frames))
        #expect(s.source == .rpu && s.milliseconds.count <= BrightnessSeries.maxPoints && s.milliseconds.count == s.decinits.count)
        // PQ code 3900 is ~6,369 cd/m² (the ST 2084 EOTF, computed independently); the peak survives the thinning.
        #expect(s.peakNits > 6_300 && s.peakNits < 6_400)
        #expect(s.milliseconds.first == 0 && s.milliseconds == s.milliseconds.sorted())
    }
}

/// `matrix --from` and `check --diff` read digests from report lines decoding only the keys a
/// digest needs: for every corpus file that digest equals the one built from the probed report.
@Suite struct DigestLineTests {
    /// `probe` lines and `scan` lines (which carry `brightness`) alike.
    @Test func digestFromALineEqualsTheProbedOne() throws {
        let engine = ProbeEngine()
        for name in try MatrixLibraryTests.corpusFiles() {
            let path = TestPaths.corpus.appendingPathComponent(name).path
            let report = engine.probe(path: path)
            let line = try ReportEncoder.jsonLine(report)
            #expect(try ReportDigest.decode(jsonLine: Data(line.utf8)) == ReportDigest(report), "\(name)")
            let scanned = ProbeRequest(path: path, options: ProbeOptions()).probe()
            let scanLine = try ReportEncoder.jsonLine(scanned.report)
            #expect(try ReportDigest.decode(jsonLine: Data(scanLine.utf8)) == scanned.digest, "\(name) (scan line)")
        }
    }

    /// `matrix --from` a scan's JSONL draws the brightness plot: dv_p81.mkv has an RPU in each of
    /// its 8 frames at 25 fps (Corpus/generate.sh; ffprobe: 8 frames, r_frame_rate 25/1), so the
    /// series has 8 points 40 ms apart from the RPUs. Before: no plot for `--from` input.
    @Test func fromJSONLHasTheBrightnessPlot() throws {
        let lib = try LibraryFixture()
        defer { lib.remove() }
        try lib.copy("dv_p81.mkv", to: "dv.mkv")
        let jsonl = lib.path + "/scan.jsonl"
        _ = try CLI.run(["scan", lib.path, "--no-cache", "--quiet", "--jsonl", jsonl])
        let r = try CLI.run(["matrix", "--from", jsonl, "--format", "json"])
        let m = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any], "\(r.stderr)")
        let file = try #require((m["files"] as? [[String: Any]])?.first)
        let b = try #require(file["brightness"] as? [String: Any], "no brightness for --from input: \(file)")
        #expect(b["source"] as? String == "rpu")
        #expect(b["milliseconds"] as? [Int] == Array(stride(from: 0, through: 280, by: 40)))
        #expect((b["decinits"] as? [Int])?.count == 8)
        let html = try CLI.run(["matrix", "--from", jsonl, "--format", "html"])
        #expect(html.stdout.contains("\"r0:"), "the page embeds the series in its text form")
    }
}

/// The summary's "top reasons" name what costs something, never a reason that only describes a
/// step done as asked (issue 20: "the player asks for SDR; the display takes SDR" was the top
/// reason of 35 degraded files on the projector, whose real reason is the 60 Hz judder).
@Suite struct MatrixTopReasonTests {
    /// Reasons that describe a step without a cost (`PlaybackSimulator`'s wording).
    static func isNeutral(_ reason: String) -> Bool {
        if let asks = reason.firstMatch(of: /^Match Dynamic Range: the player asks for (\w+); the display takes (\w+)/),
           asks.1 == asks.2 { return true }
        return reason.hasPrefix("Match Frame Rate: the display switches to") || reason.hasPrefix("Match Frame Rate off: the refresh rate stays")
            || reason.contains("on demand (devices.md §2)") || reason.contains("HLG is converted to PQ")
    }

    /// sdr_h264.mkv is 25 fps SDR (Corpus/generate.sh, ffprobe r_frame_rate 25/1); the projector
    /// target has SDR and HDR10 modes at 60 Hz only (the built-in catalogue): SDR is asked and
    /// given, and 25 fps at 60 Hz judders — the judder (or the missing 25 Hz mode) is the reason.
    @Test func projectorNamesTheJudder() throws {
        let catalog = try DeviceCatalogLoader.load(userFile: nil)
        let projector = try #require(catalog.targets.first { $0.id == "atv4k-2022+projector" })
        var matrix = LibraryMatrix(targets: [projector], catalog: catalog, tool: ProbeEngine.tool)
        matrix.add(ReportDigest(ProbeEngine().probe(path: TestPaths.corpus.appendingPathComponent("sdr_h264.mkv").path)))
        let summary = try #require(matrix.summary().first)
        #expect(summary.degraded == 1)
        let top = try #require(summary.topReasons.first?.reason)
        #expect(!Self.isNeutral(top), "\(top)")
        #expect(top.contains("25 Hz") || top.contains("judder"), "\(top)")
    }

    /// Over the corpus and every built-in target, no top reason is a neutral one.
    @Test func corpusTopReasonsAreCauses() throws {
        let catalog = try DeviceCatalogLoader.load(userFile: nil)
        var matrix = LibraryMatrix(targets: catalog.targets, catalog: catalog, tool: ProbeEngine.tool)
        let engine = ProbeEngine()
        for name in try MatrixLibraryTests.corpusFiles() {
            matrix.add(ReportDigest(engine.probe(path: TestPaths.corpus.appendingPathComponent(name).path)))
        }
        for target in matrix.summary() {
            for reason in target.topReasons {
                #expect(!Self.isNeutral(reason.reason), "\(target.target): \(reason.reason)")
            }
        }
    }
}
#endif
