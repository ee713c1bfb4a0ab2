#if FFmpeg
import Foundation
import HDRProbeModel
import HDRProbeManifests
import HDRProbeContainers
import HDRProbeEngine
import Testing

/// What hdrprobe prints and what it touches (issue 8): file names with newlines, quotes, control
/// characters and bytes that are not UTF-8 come out as valid, parseable JSON (and escaped in the
/// human summary); the files it reads are never modified; nothing is written anywhere but stdout
/// and stderr. (HTML/CSV escaping of a matrix report is for when such a report exists; the only
/// CSV today is `hdrprobe metadata --csv`, numbers only.)
@Suite struct OutputSafetyTests {
    /// `we"ird` NL `na\me` TAB SOH ESC`[31m` U+202E 0xFF 0xFE `.mp4`.
    static let hostileName: [UInt8] = Array("we\"ird\nna\\me\t\u{01}\u{1B}[31m\u{202E}".utf8) + [0xFF, 0xFE] + Array(".mp4".utf8)

    static func tempDir() throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("hdrprobe-safety-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir
    }

    /// Creates `dir/name` from raw bytes (FileManager cannot spell a name that is not UTF-8).
    static func createFile(in dir: URL, name: [UInt8], contents: Data) throws -> [UInt8] {
        let path = Array(dir.path.utf8) + [UInt8(ascii: "/")] + name
        let fd = (path + [0]).withUnsafeBufferPointer { p in
            p.withMemoryRebound(to: CChar.self) { open($0.baseAddress!, O_WRONLY | O_CREAT | O_EXCL, 0o644) }
        }
        try #require(fd >= 0, "cannot create the test file: errno \(errno)")
        defer { close(fd) }
        let written = contents.withUnsafeBytes { write(fd, $0.baseAddress!, $0.count) }
        try #require(written == contents.count)
        return path
    }

    struct Run { var status: Int32?; var stdout: Data; var stderr: Data }

    static func run(_ args: [[UInt8]], in dir: URL) throws -> Run {
        let out = dir.appendingPathComponent("..").appendingPathComponent("stdout-\(UUID().uuidString)").standardizedFileURL
        let err = dir.appendingPathComponent("..").appendingPathComponent("stderr-\(UUID().uuidString)").standardizedFileURL
        defer {
            try? FileManager.default.removeItem(at: out)
            try? FileManager.default.removeItem(at: err)
        }
        let outcome = try #require(MutationRunner.spawnAndWait([Array(TestPaths.executable.path.utf8)] + args,
                                                               stdout: out.path, stderr: err.path, killAfter: 60))
        #expect(outcome.signal == nil && !outcome.killed)
        return Run(status: outcome.exitStatus, stdout: (try? Data(contentsOf: out)) ?? Data(),
                   stderr: (try? Data(contentsOf: err)) ?? Data())
    }

    @Test func hostileFileNameInJSON() throws {
        let dir = try Self.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let contents = try Data(contentsOf: TestPaths.corpus.appendingPathComponent("dv_p81.mp4"))
        let path = try Self.createFile(in: dir, name: Self.hostileName, contents: contents)
        let expectedPath = String(decoding: path, as: UTF8.self)  // invalid bytes → U+FFFD

        let r = try Self.run([Array("probe".utf8), Array("--json".utf8), path], in: dir)
        #expect(r.status == 0, "\(String(decoding: r.stderr, as: UTF8.self))")
        // Valid UTF-8 with no raw control character except the pretty-printer's newlines.
        let isUTF8 = String(data: r.stdout, encoding: .utf8) != nil
        let controls = r.stdout.filter { $0 < 0x20 && $0 != 0x0A }
        #expect(isUTF8 && controls.isEmpty)
        let array = try #require(try JSONSerialization.jsonObject(with: r.stdout) as? [[String: Any]])
        let report = try #require(array.first)
        // The file was found through its exact bytes and analysed; the name round-trips with
        // newline, quote, backslash, tab and controls intact and the invalid bytes as U+FFFD.
        #expect(report["status"] as? String == "ok")
        #expect(report["path"] as? String == expectedPath)
        #expect(expectedPath.contains("\n") && expectedPath.contains("\"") && expectedPath.contains("\u{FFFD}\u{FFFD}.mp4"))
        let video = (report["streams"] as? [[String: Any]])?.first
        #expect((video?["dolbyVision"] as? [String: Any])?["profile"] as? String == "8.1")
        if ReportSchema.enabled { #expect(try ReportSchema.errors(of: report) == []) }

        // --jsonl: the newline in the name does not split the line.
        let lines = try Self.run([Array("probe".utf8), Array("--jsonl".utf8), path], in: dir)
        let text = String(decoding: lines.stdout, as: UTF8.self)
        #expect(text.split(separator: "\n").count == 1)
        let doc = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        #expect(doc["path"] as? String == expectedPath)

        // A missing file with such a name: an error report, still valid JSON, exit 1.
        var missing = path
        missing.insert(UInt8(ascii: "x"), at: path.count - 4)
        let m = try Self.run([Array("probe".utf8), Array("--json".utf8), missing], in: dir)
        #expect(m.status == 1)
        let mr = try #require((try JSONSerialization.jsonObject(with: m.stdout) as? [[String: Any]])?.first)
        #expect((mr["error"] as? [String: Any])?["code"] as? String == "io.notFound")
    }

    @Test func hostileFileNameInTheHumanSummary() throws {
        let dir = try Self.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let contents = try Data(contentsOf: TestPaths.corpus.appendingPathComponent("hdr10_hevc.mkv"))
        let path = try Self.createFile(in: dir, name: Self.hostileName, contents: contents)
        let r = try Self.run([Array("probe".utf8), path], in: dir)
        #expect(r.status == 0)
        let text = String(decoding: r.stdout, as: UTF8.self)
        // No escape sequence, no control character, no bidi override reaches the terminal; the
        // first line is the whole path with its newline shown as \n.
        let controls = r.stdout.filter { $0 < 0x20 && $0 != 0x0A }
        #expect(controls.isEmpty)
        #expect(!text.contains("\u{202E}"))
        let first = try #require(text.split(separator: "\n").first)
        #expect(first.hasSuffix(#"we"ird\nna\me\t\x01\x1B[31m\u{202E}"# + "\u{FFFD}\u{FFFD}.mp4"), "\(first)")
        #expect(text.contains("HDR10"))
    }

    /// `hdrprobe hls` with a name that would break a playlist raw (issue 14 §8): the output must pass
    /// hdrprobe's own playlist parser, each URI must be the RFC 3986 percent-encoding of the name
    /// (decoded back with Foundation's `removingPercentEncoding`, an independent decoder), and the
    /// comments must keep the newline as a visible `\n`.
    @Test func hostileFileNameInTheHLSFragment() throws {
        let dir = try Self.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let stem = "a b\n#EXT-X-ENDLIST\r%20?x=\"1\"#é"
        let name = Array((stem + ".mp4").utf8)
        let contents = try Data(contentsOf: TestPaths.corpus.appendingPathComponent("dv_p81.mp4"))
        let path = try Self.createFile(in: dir, name: name, contents: contents)
        let r = try Self.run([Array("hls".utf8), path], in: dir)
        #expect(r.status == 0, "\(String(decoding: r.stderr, as: UTF8.self))")
        let playlist = try HLSMultivariantPlaylist.parse(bytes: Array(r.stdout))
        // dv_p81.mp4 gives the Dolby Vision variant and its HDR10 fallback (README example).
        #expect(playlist.variants.count == 2)
        let uris = playlist.variants.map(\.uri)
        #expect(uris.allSatisfy { $0.unicodeScalars.allSatisfy { $0.isASCII && $0.value > 0x20 && !"\"#?".unicodeScalars.contains($0) } })
        #expect(uris.first.flatMap { $0.split(separator: "/").first }.flatMap { String($0).removingPercentEncoding } == stem)
        #expect(uris.last.flatMap { $0.split(separator: "/").first }.flatMap { String($0).removingPercentEncoding } == stem + "_hdr10base")
        let text = String(decoding: r.stdout, as: UTF8.self)
        #expect(!text.split(separator: "\n").contains { $0.hasPrefix("#EXT-X-ENDLIST") })
        #expect(text.contains(##"a b\n#EXT-X-ENDLIST\r%20?x="1"#é.mp4"##))
    }

    @Test func engineOpensTheExactBytes() throws {
        let dir = try Self.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let contents = try Data(contentsOf: TestPaths.corpus.appendingPathComponent("sdr_h264.ts"))
        let path = try Self.createFile(in: dir, name: [0x6C, 0xE9, 0x2E, 0x74, 0x73], contents: contents)  // "lé.ts" in Latin-1
        let probePath = ProbePath(bytes: path)
        #expect(probePath.isLossy)
        let r = ProbeEngine().probe(path: probePath)
        #expect(r.status == .ok && r.path == probePath.display)
        // The repaired string names no file: what a probe by String would have done.
        #expect(ProbeEngine().probe(path: probePath.display).error?.code == .notFound)
    }

    @Test func terminalTextEscapesControls() {
        #expect(TerminalText.escape("plain/näme.mp4") == "plain/näme.mp4")
        #expect(TerminalText.escape("a\nb\tc\r\u{1B}[2J\u{7F}\u{85}\u{2066}") == #"a\nb\tc\r\x1B[2J\x7F\x85\u{2066}"#)
    }

    /// Each subcommand on a copy of a corpus file: the file's bytes, size, mtime and ctime are the
    /// same afterwards, and nothing new appears in its folder, the working directory, HOME or TMPDIR.
    @Test("reads leave files untouched and nothing is written", arguments: [
        ["probe", "--json"], ["probe"], ["probe", "--jsonl", "--frames", "all"], ["metadata", "--csv"], ["metadata", "--json"], ["hls"],
    ])
    func readOnlyAndWritesNothing(_ command: [String]) throws {
        let base = try Self.tempDir()
        defer { try? FileManager.default.removeItem(at: base) }
        let fm = FileManager.default
        let media = base.appendingPathComponent("media"), cwd = base.appendingPathComponent("cwd")
        let home = base.appendingPathComponent("home"), tmp = base.appendingPathComponent("tmp")
        for d in [media, cwd, home, tmp] { try fm.createDirectory(at: d, withIntermediateDirectories: true) }
        var files: [String] = []
        for name in ["dv_p81.mp4", "dv_p81_hdr10plus.mkv", "dv_p5.ts", "dv_p81.hevc", "bad_trunc_moov.mp4"] {
            let url = media.appendingPathComponent(name)
            try fm.copyItem(at: TestPaths.corpus.appendingPathComponent(name), to: url)
            files.append(url.path)
        }
        // Timestamps in the past, so that a write (which sets them to now) cannot go unnoticed.
        for f in files { try fm.setAttributes([.modificationDate: Date(timeIntervalSince1970: 1_000_000_000)], ofItemAtPath: f) }
        func snapshot() throws -> [String: [String]] {
            var s: [String: [String]] = [:]
            for f in files {
                var st = stat()
                #expect(stat(f, &st) == 0)
                let digest = try Data(contentsOf: URL(fileURLWithPath: f)).base64EncodedString()
                s[f] = ["\(st.st_size)", "\(st.st_mtim.tv_sec).\(st.st_mtim.tv_nsec)", "\(st.st_ctim.tv_sec).\(st.st_ctim.tv_nsec)",
                        "\(st.st_mode)", digest]
            }
            for d in [media, cwd, home, tmp] { s[d.path] = try fm.contentsOfDirectory(atPath: d.path).sorted() }
            return s
        }
        let before = try snapshot()
        let targets = command[0] == "metadata" ? [files[0]] : files
        let p = Process()
        p.executableURL = TestPaths.executable
        p.arguments = command + targets
        p.currentDirectoryURL = cwd
        p.environment = ["HOME": home.path, "TMPDIR": tmp.path, "PATH": "/usr/bin:/bin"]
        p.standardOutput = FileHandle.nullDevice
        p.standardError = FileHandle.nullDevice
        try p.run()
        p.waitUntilExit()
        #expect(p.terminationReason == .exit && [0, 1].contains(p.terminationStatus))
        let after = try snapshot()
        for key in before.keys.sorted() { #expect(before[key] == after[key], "\(command): \(key) changed") }
    }
}
#endif
