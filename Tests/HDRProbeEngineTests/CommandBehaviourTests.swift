#if FFmpeg
import Foundation

#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
@testable import hdrprobe

/// One behaviour across subcommands: a mistyped subcommand is named as one, a usage error found
/// while a subcommand runs shows that subcommand's usage, a negative `--frames` is an invalid value,
/// `metadata` says when a stream has no dynamic metadata, and `hls --check` speaks the `check` formats.
@Suite struct CommandBehaviourTests {
    typealias CLI = CommandLineTests

    static func run(_ args: [String], in folder: URL) throws -> CLI.Run {
        let p = Process()
        p.executableURL = TestPaths.executable
        p.arguments = args
        p.currentDirectoryURL = folder
        let out = Pipe(), err = Pipe()
        p.standardOutput = out
        p.standardError = err
        try p.run()
        let o = out.fileHandleForReading.readDataToEndOfFile(), e = err.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return CLI.Run(status: p.terminationStatus, stdout: String(decoding: o, as: UTF8.self), stderr: String(decoding: e, as: UTF8.self))
    }

    /// `-` reads standard input: the report of a file piped in is the report of the file, but for
    /// its path, the analysis time and the bytes read (a pipe is read ahead in whole chunks).
    @Test("probe - reads standard input", arguments: ["dv_p81.mkv", "hdr10_hevc.ts", "dv_p84.mp4", "hdr10plus_hevc.mkv"])
    func standardInput(_ name: String) throws {
        let p = Process()
        p.executableURL = TestPaths.executable
        p.arguments = ["probe", "--json", "-"]
        p.standardInput = try FileHandle(forReadingFrom: URL(fileURLWithPath: CLI.corpus(name)))
        let out = Pipe()
        p.standardOutput = out
        try p.run()
        let piped = out.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        let file = try CLI.run(["probe", "--json", CLI.corpus(name)])
        func normalised(_ data: Data) throws -> NSDictionary {
            var r = try #require((try JSONSerialization.jsonObject(with: data) as? [[String: Any]])?.first)
            r["path"] = nil
            r["probe"] = nil
            return r as NSDictionary
        }
        #expect(p.terminationStatus == 0)
        #expect(try normalised(piped) == normalised(Data(file.stdout.utf8)), "\(name)")
    }

    @Test("a mistyped subcommand is an unknown command with the nearest name",
          arguments: [("prob", "probe"), ("simualte", "simulate"), ("metdata", "metadata"), ("matirx", "matrix"), ("reprot", "report")])
    func mistyped(_ word: String, _ suggestion: String) throws {
        let r = try CLI.run([word, CLI.corpus("dv_p81.mp4")])
        #expect(r.status == 2)
        #expect(r.stderr.contains("unknown command '\(word)' — did you mean '\(suggestion)'?"), "\(r.stderr)")
        #expect(r.stdout.isEmpty)
    }

    @Test func aFileNamedLikeATypoIsAFile() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("hdrprobe-typo-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        try FileManager.default.copyItem(atPath: CLI.corpus("dv_p81.mp4"), toPath: dir.appendingPathComponent("prob").path)
        let r = try Self.run(["prob"], in: dir)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("Dolby Vision 8.1: accept"))
        // Words far from every command are files as before.
        let far = try CLI.run(["zzzz"])
        #expect(far.status == 1 && far.stdout.contains("io.notFound"))
    }

    /// A relative MPD path: the media playlists point at the media from the output folder, so the
    /// playlists pass their own check wherever it runs (Corpus/dash/make.sh: Shaka Packager output).
    @Test func fromDashWithARelativeManifest() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("hdrprobe-fromdash-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("work"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let source = dir.appendingPathComponent("media")
        try FileManager.default.copyItem(at: TestPaths.corpus.appendingPathComponent("dash/shaka_av1_hdr10"), to: source)
        let made = try Self.run(["hls", "--from-dash", "../media/manifest.mpd", "--output", "out/hls"], in: dir.appendingPathComponent("work"))
        #expect(made.status == 0, "\(made.stderr)")
        let media = try String(contentsOf: dir.appendingPathComponent("work/out/hls/video_0_0.m3u8"), encoding: .utf8)
        #expect(media.contains("#EXT-X-MAP:URI=\"../../../media/video.mp4\""), "\(media)")
        for folder in [dir, dir.appendingPathComponent("work/out")] {
            let check = try Self.run(["hls", "--check", dir.appendingPathComponent("work/out/hls/master.m3u8").path], in: folder)
            // Each variant agrees with its media; what is left are the ladder rules a single HDR10
            // variant without I-frame playlists breaks (Apple 1.24 and 6.1), warnings.
            #expect(check.status == 0 && check.stdout.contains("1 variant checked — 2 warnings"), "\(check.stdout)")
            #expect(check.stdout.contains("hls.ladder.noSDRVariant") && check.stdout.contains("hls.ladder.noIFramePlaylist"), "\(check.stdout)")
        }
    }

    /// `devices --target` lists that target and what it is made of; an unknown one is a usage error.
    @Test func devicesNarrowedToATarget() throws {
        let r = try CLI.run(["devices", "--target", "iphone-15-pro", "--json"])
        #expect(r.status == 0, "\(r.stderr)")
        let doc = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        #expect((doc["targets"] as? [[String: Any]])?.map { $0["id"] as? String } == ["iphone-15-pro"])
        #expect((doc["devices"] as? [[String: Any]])?.map { $0["id"] as? String } == ["iphone-15-pro"])
        #expect((doc["displays"] as? [[String: Any]])?.count == 1)
        let all = try CLI.run(["devices", "--json"])
        let everything = try #require(try JSONSerialization.jsonObject(with: Data(all.stdout.utf8)) as? [String: Any])
        #expect(((everything["targets"] as? [Any])?.count ?? 0) > 1)
        let unknown = try CLI.run(["devices", "--target", "no-such-target"])
        #expect(unknown.status == 2 && unknown.stderr.contains("unknown target 'no-such-target'"), "\(unknown.stderr)")
    }

    /// fix applies Apple's plan: an Android TV target is a usage error, and nothing is written.
    @Test func fixRefusesANonAppleTarget() throws {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("hdrprobe-fix-\(UUID().uuidString).mp4").path
        let r = try CLI.run(["fix", "--target", "shield+lg-oled", CLI.corpus("dv_p81.mp4"), out])
        #expect(r.status == 2 && r.stderr.contains("not an Apple device"), "\(r.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out))
    }

    @Test func distanceCountsATranspositionOnce() {
        #expect(MistypedCommand.distance("simualte", "simulate") == 1)
        #expect(MistypedCommand.distance("prob", "probe") == 1)
        #expect(MistypedCommand.distance("dahs", "dash") == 1)
        #expect(MistypedCommand.distance("film", "plot") == 4)
    }

    @Test func lateUsageErrorsShowTheSubcommandsUsage() throws {
        let r = try CLI.run(["simulate", CLI.corpus("dv_p81.mp4")])
        #expect(r.status == 2)
        #expect(r.stderr.contains("Usage: hdrprobe simulate <file>"), "\(r.stderr)")
        #expect(r.stderr.contains("See 'hdrprobe simulate --help'"))
        #expect(!r.stderr.contains("hdrprobe <subcommand>"))
    }

    @Test("a negative --frames or --timeout is an invalid value, not a missing one", arguments: [["--frames", "-3"], ["--timeout", "-1"]])
    func negativeValues(_ option: [String]) throws {
        for command in [["probe"], ["metadata"], ["simulate", "--target", "iphone-15-pro"]] {
            let r = try CLI.run(command + option + [CLI.corpus("dv_p81.mp4")])
            #expect(r.status == 2, "\(command + option): \(r.stderr)")
            #expect(!r.stderr.contains("Missing value"), "\(command + option): \(r.stderr)")
        }
    }

    /// Corpus/README.md: hdr10_hevc.mp4 is x265 HDR10 with static metadata only.
    @Test func metadataSaysWhenThereIsNone() throws {
        let r = try CLI.run(["metadata", CLI.corpus("hdr10_hevc.mp4")])
        #expect(r.status == 0)
        #expect(r.stdout.contains("no dynamic HDR metadata (Dolby Vision RPU or HDR10+) in the 8 scanned frames"), "\(r.stdout)")
        #expect(!r.stdout.contains("–"))
        let dv = try CLI.run(["metadata", CLI.corpus("dv_p81.mp4")])
        #expect(dv.stdout.contains("3383"))  // profile8.bin's L1 max_pq (ground truth of dovi_tool's tests/profile8.bin)
    }

    static let playlists = ["wrong_codecs.m3u8", "wrong_range.m3u8", "master.m3u8"].map { TestPaths.corpus.appendingPathComponent("hls/" + $0).path }

    @Test func hlsCheckInTheCheckFormats() throws {
        let junit = try CLI.run(["hls", "--check", "--format", "junit"] + Self.playlists)
        #expect(junit.status == 1, "wrong_* playlists have errors: \(junit.stderr)")
        let parser = XMLParser(data: Data(junit.stdout.utf8))
        #expect(parser.parse())
        #expect(junit.stdout.contains("<testsuites") && junit.stdout.contains("hls.check."))
        let sarif = try CLI.run(["hls", "--check", "--format", "sarif"] + Self.playlists)
        let doc = try #require(try JSONSerialization.jsonObject(with: Data(sarif.stdout.utf8)) as? [String: Any])
        let results = ((doc["runs"] as? [[String: Any]])?.first?["results"] as? [[String: Any]]) ?? []
        #expect(!results.isEmpty)
        let github = try CLI.run(["hls", "--check", "--format", "github"] + Self.playlists)
        let lines = github.stdout.split(separator: "\n")
        #expect(!lines.isEmpty && lines.allSatisfy { $0.hasPrefix("::") })
        #expect(lines.contains { $0.contains("file=\(Self.playlists[0]),line=") })
        // The same findings as --json, one item each.
        let json = try CLI.run(["hls", "--check", "--json"] + Self.playlists)
        let reports = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        let findings = reports.flatMap { r in
            (r["ladder"] as? [[String: Any]] ?? [])
                + ["variants", "renditions"].flatMap { (r[$0] as? [[String: Any]] ?? []).flatMap { $0["findings"] as? [[String: Any]] ?? [] } }
        }
        #expect(results.count == findings.count + reports.filter { $0["error"] is [String: Any] }.count)
        // The options belong to --check.
        #expect(try CLI.run(["hls", "--format", "junit", CLI.corpus("dv_p81.mp4")]).status == 2)
        #expect(try CLI.run(["hls", "--check", "--json", "--format", "sarif"] + Self.playlists).status == 2)
    }
}
#endif
