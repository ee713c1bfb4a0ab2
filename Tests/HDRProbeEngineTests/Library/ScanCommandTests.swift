#if FFmpeg
import Foundation
import HDRProbeCheck
import Testing

/// `hdrprobe scan` and `hdrprobe merge` from the command line: outputs, summary, progress,
/// cache location, shards and their merge.
@Suite struct ScanCommandTests {
    static func library() throws -> LibraryFixture {
        let lib = try LibraryFixture()
        for (name, rel) in [("dv_p81.mkv", "dv/p81.mkv"), ("dv_p7_fel_rpu_no_el.mkv", "dv/p7.mkv"), ("hdr10_hevc.mp4", "hdr10.mp4"),
                            ("hlg_hevc.ts", "hlg.ts"), ("sdr_h264.mp4", "sdr/a.mp4"), ("sdr_h264.mkv", "sdr/b.mkv"),
                            ("av1_hdr10.mkv", "av1.mkv"), ("bad_png_renamed.mp4", "broken.mp4"), ("dv_p5.mp4", "dv/p5.mp4"),
                            ("hdr10plus_hevc.mkv", "hdr10plus.mkv")] {
            try lib.copy(name, to: rel)
        }
        return lib
    }

    static func paths(_ jsonl: String) throws -> [String] {
        try jsonl.split(separator: "\n").map { line in
            let doc = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            return try #require(doc["path"] as? String)
        }
    }

    @Test func jsonlSummaryAndExitStatus() throws {
        let lib = try Self.library()
        defer { lib.remove() }
        let out = lib.path + ".jsonl"
        defer { try? FileManager.default.removeItem(atPath: out) }
        let r = try CLI.run(["scan", lib.path, "--no-cache", "--jobs", "2", "--jsonl", out])
        #expect(r.status == 1)  // broken.mp4
        let reports = try CLI.reports(try String(contentsOfFile: out, encoding: .utf8))
        #expect(reports.count == 10)
        // The summary goes to standard output when the reports go to a file.
        #expect(r.stdout.hasPrefix("hdrprobe scan: 10 files in"))
        #expect(r.stdout.contains("9 analysed, 1 in error"))
        #expect(r.stdout.contains("DOVIWithEL") && r.stdout.contains("7 refuse (dv.dualLayer)") && r.stdout.contains("8.1 accept"))
        #expect(r.stdout.contains("dv.refused") && r.stdout.contains("container.unrecognized"))
        // Not a terminal: plain progress lines, the last one at the end.
        #expect(r.stderr.contains("scan: 10 files done in"), "\(r.stderr)")

        let clean = try CLI.run(["scan", lib.url("sdr").path, "--no-cache", "--quiet"])
        #expect(clean.status == 0)
        #expect(try Self.paths(clean.stdout).count == 2)
        #expect(clean.stderr.isEmpty, "--quiet: \(clean.stderr)")
    }

    @Test func summaryOnlyAndQuiet() throws {
        let lib = try Self.library()
        defer { lib.remove() }
        let r = try CLI.run(["scan", lib.path, "--no-cache", "--summary-only", "--quiet"])
        #expect(r.status == 1)
        #expect(r.stdout.hasPrefix("hdrprobe scan: 10 files"))
        #expect(!r.stdout.contains("{"))
        #expect(r.stderr.isEmpty)
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/script"), "util-linux script is missing: no pseudo-terminal"))
    func progressBarOnATerminal() throws {
        let lib = try Self.library()
        defer { lib.remove() }
        // `script` gives the scan a pseudo-terminal; its stderr is then a terminal.
        let command = "\(TestPaths.executable.path) scan \(lib.path) --no-cache --jobs 1 --summary-only"
        let r = try CLI.run(["-qec", command, "/dev/null"], program: "/usr/bin/script")
        #expect(r.stdout.contains("\r\u{1B}[K"), "no bar drawn: \(r.stdout.debugDescription)")
        #expect(r.stdout.contains("files/s ETA"))
        #expect(r.stdout.contains("hdrprobe scan: 10 files"))
    }

    @Test func defaultCacheAndNoCache() throws {
        let lib = try Self.library()
        defer { lib.remove() }
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("hdrprobe-xdg-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: home) }
        let cacheFile = home + "/hdrprobe/scan-cache.sqlite"
        _ = try CLI.run(["scan", lib.path, "--no-cache", "--quiet"], environment: ["XDG_CACHE_HOME": home])
        #expect(!FileManager.default.fileExists(atPath: cacheFile))
        let cold = try CLI.run(["scan", lib.path, "--summary-only"], environment: ["XDG_CACHE_HOME": home])
        #expect(FileManager.default.fileExists(atPath: cacheFile))
        #expect(cold.stdout.contains("0 from the cache, 10 probed"))
        let warm = try CLI.run(["scan", lib.path, "--summary-only"], environment: ["XDG_CACHE_HOME": home])
        // bad_png_renamed's container.unrecognized is cached too: it depends only on the bytes.
        #expect(warm.stdout.contains("10 from the cache, 0 probed"), "\(warm.stdout)")
        let other = try CLI.run(["scan", lib.path, "--summary-only", "--frames", "4"], environment: ["XDG_CACHE_HOME": home])
        #expect(other.stdout.contains("0 from the cache, 10 probed"))
    }

    @Test func shardsCoverTheLibraryOnceAndMerge() throws {
        let lib = try Self.library()
        defer { lib.remove() }
        let dir = lib.path + ".out"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let full = try CLI.run(["scan", lib.path, "--no-cache", "--sorted", "--quiet"])
        let all = try Self.paths(full.stdout)
        #expect(all == all.sorted(by: MediaFileTypes.precedes))
        var seen: [String] = []
        var shardFiles: [String] = []
        for i in 1...3 {
            let file = "\(dir)/shard\(i).jsonl"
            shardFiles.append(file)
            _ = try CLI.run(["scan", lib.path, "--no-cache", "--quiet", "--shard", "\(i)/3", "--jsonl", file])
            let paths = try Self.paths(try String(contentsOfFile: file, encoding: .utf8))
            // Stable: the same shard again gives the same files.
            let again = try CLI.run(["scan", lib.path, "--no-cache", "--quiet", "--shard", "\(i)/3"])
            #expect(Set(try Self.paths(again.stdout)) == Set(paths))
            seen += paths
        }
        #expect(seen.count == all.count && Set(seen) == Set(all))

        // merge: one report per path, in path order, the same as the sorted scan.
        let merged = try CLI.run(["merge"] + shardFiles.reversed() + ["--quiet"])
        #expect(merged.status == 0)
        #expect(try Self.paths(merged.stdout) == all)
        // Duplicates: the last input wins, each path once.
        try (full.stdout).write(toFile: "\(dir)/full.jsonl", atomically: true, encoding: .utf8)
        try "not json\n".write(toFile: "\(dir)/junk.jsonl", atomically: true, encoding: .utf8)
        let dup = try CLI.run(["merge", shardFiles[0], "\(dir)/full.jsonl", "\(dir)/junk.jsonl", "-o", "\(dir)/merged.jsonl"])
        #expect(dup.status == 1)  // a line was skipped
        #expect(dup.stderr.contains("junk.jsonl:1: not a report line"))
        #expect(dup.stderr.contains("duplicates dropped"))
        #expect(try Self.paths(try String(contentsOfFile: "\(dir)/merged.jsonl", encoding: .utf8)) == all)
        #expect(try CLI.run(["merge", "\(dir)/missing.jsonl"]).status == 2)
    }

    @Test("usage errors exit 2", arguments: [
        ["scan"], ["scan", "x", "--jobs", "0"], ["scan", "x", "--shard", "4/3"], ["scan", "x", "--shard", "x"],
        ["scan", "x", "--cache", "a", "--no-cache"], ["scan", "x", "--symlinks", "sometimes"], ["merge"],
        ["scan", "x", "--policy", "/nonexistent/policy.yaml"],
    ])
    func usageErrors(_ args: [String]) throws {
        let r = try CLI.run(args)
        #expect(r.status == 2, "\(args): \(r.stderr)")
    }
}
#endif
