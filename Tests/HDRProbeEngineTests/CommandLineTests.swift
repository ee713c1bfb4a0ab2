#if FFmpeg
import Foundation
import Testing

/// The `hdrprobe` executable: output formats and the exit-status contract (0 all analysed,
/// 1 any file in error, 2 usage error).
@Suite struct CommandLineTests {
    struct Run { var status: Int32; var stdout: String; var stderr: String }

    static func run(_ args: [String]) throws -> Run {
        let p = Process()
        p.executableURL = TestPaths.executable
        p.arguments = args
        let out = Pipe(), err = Pipe()
        p.standardOutput = out
        p.standardError = err
        try p.run()
        let o = out.fileHandleForReading.readDataToEndOfFile()
        let e = err.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return Run(status: p.terminationStatus, stdout: String(decoding: o, as: UTF8.self), stderr: String(decoding: e, as: UTF8.self))
    }

    static func corpus(_ name: String) -> String { TestPaths.corpus.appendingPathComponent(name).path }

    @Test func humanSummaryAndSuccess() throws {
        let r = try Self.run(["probe", Self.corpus("dv_p84.mkv")])
        #expect(r.status == 0)
        #expect(r.stdout.contains("DOVIWithHLG"))
        #expect(r.stdout.contains("Dolby Vision 8.4: accept"))
    }

    @Test func jsonArrayAndErrorStatus() throws {
        let r = try Self.run(["probe", "--json", Self.corpus("hdr10_hevc.mp4"), Self.corpus("bad_empty.mp4")])
        #expect(r.status == 1)
        let array = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [[String: Any]])
        #expect(array.count == 2)
        #expect(array[0]["status"] as? String == "ok")
        #expect((array[1]["error"] as? [String: Any])?["code"] as? String == "io.empty")
    }

    @Test func jsonLines() throws {
        let r = try Self.run(["probe", "--jsonl", Self.corpus("sdr_h264.mkv"), Self.corpus("hlg_hevc.ts"), Self.corpus("audio_opus.mkv")])
        #expect(r.status == 0)
        let lines = r.stdout.split(separator: "\n")
        #expect(lines.count == 3)
        for line in lines {
            let doc = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            #expect(doc?["schemaVersion"] as? Int == 1)
        }
    }

    @Test("usage errors exit 2", arguments: [["probe"], ["probe", "--frames", "0", "x.mp4"], ["probe", "--json", "--jsonl", "x.mp4"],
                                             ["probe", "--timeout", "-1", "x.mp4"], ["probe", "--no-such-flag", "x.mp4"]])
    func usageErrors(_ args: [String]) throws {
        let r = try Self.run(args)
        #expect(r.status == 2, "\(args): \(r.stderr)")
        #expect(!r.stderr.isEmpty)
    }

    /// `pkg-config --modversion NAME`, nil when pkg-config or the module is missing.
    static func pkgConfigVersion(_ name: String) -> String? {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = ["pkg-config", "--modversion", name]
        let pipe = Pipe()
        p.standardOutput = pipe
        p.standardError = FileHandle.nullDevice
        guard (try? p.run()) != nil else { return nil }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        let text = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        return p.terminationStatus == 0 && !text.isEmpty ? text : nil
    }

    @Test func helpAndVersion() throws {
        let help = try Self.run(["probe", "--help"])
        #expect(help.status == 0 && help.stdout.contains("--frames"))
        let version = try Self.run(["--version"])
        #expect(version.status == 0 && !version.stdout.isEmpty)
        // The FFmpeg libraries, one line each: "libavformat 59.27.100 (built with …)". The version
        // built with must be what pkg-config (an independent reader of the same installation's
        // .pc files, the ones the build used) says; skipped where pkg-config is absent.
        for name in ["libavformat", "libavcodec", "libavutil"] {
            let line = version.stdout.split(separator: "\n").first { $0.hasPrefix(name + " ") }.map(String.init)
            #expect(line != nil, "no \(name) line in: \(version.stdout)")
            guard let line, let modversion = Self.pkgConfigVersion(name) else { continue }
            // `--version` loads no FFmpeg (docs/ffmpeg-versions.md, "Loading"): the version it was built with.
            #expect(line.contains(" \(modversion) (built with; not loaded)"), "\(line) vs pkg-config \(modversion)")
        }
        #expect(version.stdout.contains("FFmpeg: not loaded"))
    }

    @Test func framesAllScansTheWholeStream() throws {
        // dv_p81.mkv has 8 frames (Corpus/README.md); --frames 3 stops after 3.
        let three = try Self.run(["probe", "--jsonl", "--frames", "3", Self.corpus("dv_p81.mkv")])
        let all = try Self.run(["probe", "--jsonl", "--frames", "all", Self.corpus("dv_p81.mkv")])
        func scanned(_ r: Run) throws -> Int? {
            let doc = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any]
            let streams = doc?["streams"] as? [[String: Any]]
            return ((streams?.first?["dolbyVision"] as? [String: Any])?["rpu"] as? [String: Any])?["framesScanned"] as? Int
        }
        #expect(try scanned(three) == 3)
        #expect(try scanned(all) == 8)
    }
}

/// `hdrprobe metadata` and `--policy`: expected values from how the corpus files were made
/// (dv_p5 carries dovi_tool's profile5.bin RPU in every frame: L1 2/3383/819, scene refresh set —
/// shared/external/ground-truth.json; hdr10plus_hevc carries hdr10plus_tool's single-frame payload:
/// maxscl peak 776.8 cd/m², average maxrgb 26.3 cd/m², docs/rules/hdr10plus.md §3.1).
@Suite struct MetadataAndPolicyCommandTests {
    typealias CLI = CommandLineTests

    @Test func metadataCSVInDisplayOrder() throws {
        let r = try CLI.run(["metadata", "--csv", CLI.corpus("dv_p5.mp4")])
        #expect(r.status == 0)
        let lines = r.stdout.split(separator: "\n")
        #expect(lines.first.map(String.init) == "index,decodeIndex,time,rpuMinPq,rpuMaxPq,rpuAvgPq,rpuMinNits,rpuMaxNits,rpuAvgNits,sceneRefresh,hdr10PlusMaxsclNits,hdr10PlusAverageMaxrgbNits")
        #expect(lines.count == 9) // header + 8 frames
        let first = lines[1].split(separator: ",", omittingEmptySubsequences: false)
        #expect(first[3] == "2" && first[4] == "3383" && first[5] == "819" && first[9] == "1")
        let indices = lines.dropFirst().map { Int($0.split(separator: ",")[0]) }
        #expect(indices == Array(0..<8).map { Optional($0) })
    }

    @Test func metadataJSONForHDR10Plus() throws {
        let r = try CLI.run(["metadata", "--json", "--frames", "all", CLI.corpus("hdr10plus_hevc.mkv")])
        #expect(r.status == 0)
        let doc = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        let frames = try #require(doc["frames"] as? [[String: Any]])
        #expect(frames.count == 8)
        let h = try #require(frames[0]["hdr10Plus"] as? [String: Any])
        #expect(h["maxsclNits"] as? Double == 776.8 && h["averageMaxrgbNits"] as? Double == 26.3)
    }

    @Test func metadataErrorsAndUsage() throws {
        #expect(try CLI.run(["metadata", CLI.corpus("bad_empty.mp4")]).status == 1)
        #expect(try CLI.run(["metadata", "--json", "--csv", CLI.corpus("dv_p5.mp4")]).status == 2)
    }

    @Test func policyFileChangesTheVerdict() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("hdrprobe-policy-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let policy = dir.appendingPathComponent("no-hlg.yaml")
        try "extends: apple-hls\ndolbyVision:\n  refuse: [\"8.4\"]\n".write(to: policy, atomically: true, encoding: .utf8)
        let r = try CLI.run(["probe", "--jsonl", "--policy", policy.path, CLI.corpus("dv_p84.mkv")])
        #expect(r.status == 0)
        let doc = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        let video = try #require((doc["streams"] as? [[String: Any]])?.first)
        let verdict = try #require((video["dolbyVision"] as? [String: Any])?["verdict"] as? [String: Any])
        #expect(verdict["code"] as? String == "dv.refusedByPolicy" && verdict["fallback"] as? String == "HLG")
        let bad = dir.appendingPathComponent("bad.yaml")
        try "dolbyVision:\n  accept: [\"8.3\"]\n".write(to: bad, atomically: true, encoding: .utf8)
        let e = try CLI.run(["probe", "--policy", bad.path, CLI.corpus("dv_p84.mkv")])
        #expect(e.status == 2 && e.stderr.contains("line 2") && e.stderr.contains("8.3"))
        #expect(try CLI.run(["probe", "--policy", "nonexistent-policy", CLI.corpus("dv_p84.mkv")]).status == 2)
    }
}
#endif
