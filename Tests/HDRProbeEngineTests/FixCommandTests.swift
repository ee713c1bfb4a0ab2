#if FFmpeg
#if canImport(Glibc)
import Glibc
#endif
import Foundation
import HDRProbeParse
import HDRProbeContainers
@testable import HDRProbeEngine
import Testing

/// `hdrprobe fix` end to end, through the built binary. What is expected comes from outside the
/// fixer: the plan of each input from `hdrprobe probe` (the same rules the plan was written for),
/// the samples from hdrprobe's own ISO BMFF sample reader and from libavformat (both read IN and
/// OUT), the packets from FFmpeg's `framemd5` of a stream copy, and the sample entry from ffprobe
/// and MediaInfo, readers that share no code with the fixer.
@Suite(.serialized) struct FixCommandTests {
    static let ffmpeg = "/usr/bin/ffmpeg"
    static let ffprobe = "/usr/bin/ffprobe"
    static let mediainfo = "/usr/bin/mediainfo"
    static func has(_ tool: String) -> Bool { FileManager.default.isExecutableFile(atPath: tool) }

    /// A fresh folder for one test's outputs.
    static func folder(_ name: String) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("hdrprobe-fix-\(name)-\(getpid())")
        try? FileManager.default.removeItem(at: url)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// The ISO BMFF steps of each video stream's plan, as `probe --json` reports them: the step
    /// codes, and the record action when it is not `keep`.
    static func remainingSteps(_ path: String, policy: String = "default") throws -> [String] {
        let out = try CLI.run(["probe", "--json", "--policy", policy, path])
        let doc = try #require(try report(out.stdout), "\(path): \(out.stderr)")
        var steps: [String] = []
        for stream in doc["streams"] as? [[String: Any]] ?? [] {
            guard let plan = (stream["hls"] as? [String: Any])?["plan"] as? [String: Any] else { continue }
            steps += (plan["steps"] as? [[String: Any]] ?? []).compactMap { $0["code"] as? String }
            if let record = plan["dolbyVisionRecord"] as? [String: Any], let action = record["action"] as? String, action != "keep" {
                steps.append("record.\(action)")
            }
        }
        return steps
    }

    /// The one report of `probe --json` (an array of reports).
    static func report(_ text: String) throws -> [String: Any]? {
        let json = try JSONSerialization.jsonObject(with: Data(text.utf8))
        return (json as? [[String: Any]])?.first ?? json as? [String: Any]
    }

    /// The corpus's MP4/MOV files whose plan has ISO BMFF steps (computed, not listed: a corpus
    /// file added with such a plan is tested too).
    static let filesWithSteps: [String] = {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: TestPaths.corpus.path)) ?? []
        return names.sorted().filter { $0.hasSuffix(".mp4") || $0.hasSuffix(".mov") }.filter { name in
            let path = TestPaths.corpus.appendingPathComponent(name).path
            guard let file = try? MediaFile(path: path, deadline: .max),
                  ContainerSignature.sniff(file.read(at: 0, count: 64)) == .isobmff else { return false }
            return !((try? remainingSteps(path)) ?? []).isEmpty
        }
    }()

    static let fixedFolder: URL = {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("hdrprobe-fix-corpus-\(getpid())")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }()

    /// Fixes a corpus file once for the tests that read the output.
    static func fixed(_ name: String) throws -> String {
        let out = fixedFolder.appendingPathComponent(name).path
        if FileManager.default.fileExists(atPath: out) { return out }
        let run = try CLI.run(["fix", TestPaths.corpus.appendingPathComponent(name).path, out])
        #expect(run.status == 0, "\(name): \(run.stderr)")
        return out
    }

    /// Video packets by stream: presentation time, bytes, subsample map.
    typealias Packets = [Int: [ISOBMFFSampleAccessTests.Packet]]

    static func expectSameSamples(_ a: Packets, _ b: Packets, _ what: String) -> Int {
        #expect(a.keys.sorted() == b.keys.sorted(), "\(what): streams")
        var compared = 0
        for (stream, packets) in a {
            let other = b[stream] ?? []
            #expect(packets.count == other.count, "\(what) stream \(stream): \(packets.count) vs \(other.count) samples")
            for (x, y) in zip(packets, other) {
                if !ISOBMFFSampleAccessTests.same(x, y) {
                    Issue.record("\(what) stream \(stream): sample at pts \(String(describing: x.pts)) differs")
                    break
                }
                compared += 1
            }
        }
        return compared
    }

    // MARK: - The corpus

    @Test func everyCorpusFileWithStepsIsFixedAndHasNoStepLeft() throws {
        #expect(Self.filesWithSteps.count >= 20, "only \(Self.filesWithSteps) have ISO BMFF steps: the plan or the corpus changed")
        for name in Self.filesWithSteps {
            let out = try Self.fixed(name)
            let left = try Self.remainingSteps(out)
            #expect(left.isEmpty, "\(name): steps left after fix: \(left)")
        }
        print("fix: \(Self.filesWithSteps.count) corpus files fixed, no ISO BMFF step left")
    }

    /// `--target` plans with the apple-hls policy: the re-probe with that policy has no step left.
    @Test func aFixForATargetLeavesNoStepForItsPolicy() throws {
        let dir = try Self.folder("target")
        defer { try? FileManager.default.removeItem(at: dir) }
        var fixed = 0
        for name in Self.filesWithSteps {
            let input = TestPaths.corpus.appendingPathComponent(name).path
            guard !(try Self.remainingSteps(input, policy: "apple-hls")).isEmpty else { continue }
            let out = dir.appendingPathComponent(name).path
            let run = try CLI.run(["fix", "--target", "atv4k-2022+lg-oled", input, out])
            #expect(run.status == 0, "\(name): \(run.stderr)")
            let left = try Self.remainingSteps(out, policy: "apple-hls")
            #expect(left.isEmpty, "\(name): steps left for the target: \(left)")
            fixed += 1
        }
        #expect(fixed >= 20)
    }

    /// Every video sample of OUT is IN's, byte for byte (and the subsample map of an encrypted one),
    /// read by hdrprobe's own sample reader and by libavformat, both over IN and over OUT.
    @Test func everySampleIsByteIdentical() throws {
        var samples = 0, files = 0
        // An init segment alone has no sample (cmafInitSegmentFromThePackager joins it with its segment).
        for name in Self.filesWithSteps where !name.contains("_init") {
            let input = TestPaths.corpus.appendingPathComponent(name).path
            let out = try Self.fixed(name)
            guard let before = try ISOBMFFSampleAccessTests.packets(path: input, limit: nil),
                  let after = try ISOBMFFSampleAccessTests.packets(path: out, limit: nil) else {
                Issue.record("\(name): no sample reader covers it")
                continue
            }
            samples += Self.expectSameSamples(before.own, after.own, "\(name) (own reader)")
            _ = Self.expectSameSamples(before.libav, after.libav, "\(name) (libavformat)")
            files += 1
        }
        print("fix: \(samples) video samples identical in \(files) files")
        #expect(samples > 100)
    }

    /// FFmpeg's `framemd5` of a stream copy: per packet dts, pts, duration, size and MD5 equal for
    /// IN and OUT. The side data column (`S=1, …`) is left out: it carries the Dolby Vision
    /// configuration, which fix changes on purpose where the plan strips or adds the record.
    static func framemd5(_ path: String) throws -> [String] {
        let run = try CLI.run(["-v", "error", "-i", path, "-map", "0:v", "-c", "copy", "-f", "framemd5", "-"], program: Self.ffmpeg)
        return run.lines.filter { !$0.hasPrefix("#") }.map { $0.split(separator: ",").prefix(6).joined(separator: ",") }
    }

    @Test(.enabled(if: FixCommandTests.has(FixCommandTests.ffmpeg), "ffmpeg"))
    func framemd5OfAStreamCopyIsUnchanged() throws {
        var lines = 0
        for name in Self.filesWithSteps {
            let before = try Self.framemd5(TestPaths.corpus.appendingPathComponent(name).path)
            let after = try Self.framemd5(try Self.fixed(name))
            #expect(before == after, "\(name): framemd5 differs")
            lines += before.count
        }
        print("fix: framemd5 equal for \(lines) packets")
        #expect(lines > 100)
    }

    /// ffprobe and MediaInfo open OUT and read the sample entry the plan asked for.
    @Test(.enabled(if: FixCommandTests.has(FixCommandTests.ffprobe), "ffprobe"))
    func ffprobeReadsTheOutputAndItsSampleEntry() throws {
        for name in Self.filesWithSteps {
            let out = try Self.fixed(name)
            let run = try CLI.run(["-v", "error", "-select_streams", "v:0", "-show_entries", "stream=codec_tag_string",
                                   "-of", "csv=p=0", out], program: Self.ffprobe)
            #expect(run.status == 0, "\(name): ffprobe: \(run.stderr)")
            // csv: the tag, then the (empty) side data columns.
            let tag = run.stdout.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: ",").first.map(String.init) ?? ""
            let expected = try Self.targetEntry(TestPaths.corpus.appendingPathComponent(name).path)
            // An encrypted track stays encv: ffprobe names it by the original format.
            #expect(tag == expected || tag == "encv", "\(name): ffprobe reads \(tag), the plan asked for \(expected)")
        }
    }

    @Test(.enabled(if: FixCommandTests.has(FixCommandTests.mediainfo), "mediainfo"))
    func mediaInfoReadsTheOutput() throws {
        for name in Self.filesWithSteps {
            let out = try Self.fixed(name)
            let run = try CLI.run(["--Inform=Video;%CodecID%", out], program: Self.mediainfo)
            #expect(run.status == 0, "\(name): mediainfo: \(run.stderr)")
            let id = run.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
            let expected = try Self.targetEntry(TestPaths.corpus.appendingPathComponent(name).path)
            // An encrypted track: MediaInfo names the entry and its original format ("encv / hvc1").
            #expect(id == expected || id == "encv / \(expected)", "\(name): MediaInfo reads codec ID '\(id)', the plan asked for \(expected)")
        }
    }

    /// The sample entry the plan of IN's first video stream asks for (`hls.plan.target`).
    static func targetEntry(_ path: String) throws -> String {
        let out = try CLI.run(["probe", "--json", path])
        let doc = try #require(try report(out.stdout))
        let video = try #require((doc["streams"] as? [[String: Any]])?.first { $0["kind"] as? String == "video" })
        return try #require(((video["hls"] as? [String: Any])?["plan"] as? [String: Any])?["target"] as? String)
    }

    // MARK: - Offsets

    /// The chunk offsets of every track (`stco`/`co64`) as hdrprobe's parser reads them.
    static func chunkOffsets(_ path: String) throws -> (moov: Range<Int>, offsets: [[Int]]) {
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        let moov = try #require(ISOBoxWalker.walk(bytes).boxes.first { $0.type == "moov" })
        let movie = MovieBox.parse(Array(bytes[moov.payload]))
        let payload = Array(bytes[moov.payload])
        let offsets = movie.tracks.map { track -> [Int] in
            guard let table = track.sampleTable?.chunkOffsets else { return [] }
            return (0..<table.entryCount).compactMap { table.offset($0, in: payload) }
        }
        return (moov.offset..<moov.payload.upperBound, offsets)
    }

    /// A `moov` ahead of the media: every chunk offset moves by exactly the change of the moov size
    /// (expected from IN's offsets and the two sizes, not from the fixer's report).
    @Test(.enabled(if: FixCommandTests.has(FixCommandTests.ffmpeg), "ffmpeg"))
    func chunkOffsetsShiftWhenMoovPrecedesTheMedia() throws {
        let dir = try Self.folder("faststart")
        defer { try? FileManager.default.removeItem(at: dir) }
        var cases: [String] = []
        // FFmpeg's +faststart puts moov first (the corpus's packager files with moov first are fragmented:
        // fragmentedFileAndInitSegment covers their offsets).
        for name in ["dv_p5.mp4", "dv_p81_nobox.mp4", "hdr10_hevc_hev1.mp4"] {
            let input = dir.appendingPathComponent("fs_" + name).path
            let made = try CLI.run(["-v", "error", "-i", TestPaths.corpus.appendingPathComponent(name).path, "-map", "0", "-c", "copy",
                                    "-strict", "unofficial", "-movflags", "+faststart", input], program: Self.ffmpeg)
            try #require(made.status == 0, "\(name): \(made.stderr)")
            cases.append(input)
        }
        for input in cases {
            let output = input + ".fixed.mp4"
            let run = try CLI.run(["fix", input, output])
            #expect(run.status == 0, "\(input): \(run.stderr)")
            let before = try Self.chunkOffsets(input), after = try Self.chunkOffsets(output)
            #expect(before.moov.upperBound < before.offsets.flatMap { $0 }.min() ?? 0, "\(input): moov is not ahead of the media")
            let delta = after.moov.count - before.moov.count
            #expect(delta != 0, "\(input): moov did not change size, nothing shifted")
            #expect(after.offsets == before.offsets.map { $0.map { $0 + delta } }, "\(input): chunk offsets not moved by \(delta)")
            #expect(try Self.remainingSteps(output).isEmpty)
            let a = try #require(try ISOBMFFSampleAccessTests.packets(path: input, limit: nil))
            let b = try #require(try ISOBMFFSampleAccessTests.packets(path: output, limit: nil))
            #expect(Self.expectSameSamples(a.own, b.own, input) > 0)
        }
    }

    // MARK: - Fragmented files and init segments

    /// A fragmented file and its init segment alone: fix rewrites the init's moov; the init joined
    /// with IN's untouched fragments plays the same samples and has no step left. Made with FFmpeg
    /// (`frag_keyframe+empty_moov`, with and without `default_base_moof`: the latter writes
    /// absolute base data offsets into every `tfhd`, which must move with the moov).
    @Test(.enabled(if: FixCommandTests.has(FixCommandTests.ffmpeg), "ffmpeg"), arguments: ["", "+default_base_moof"])
    func fragmentedFileAndInitSegment(flags: String) throws {
        let dir = try Self.folder("frag\(flags.isEmpty ? "" : "-dbm")")
        defer { try? FileManager.default.removeItem(at: dir) }
        let whole = dir.appendingPathComponent("frag.mp4").path
        let made = try CLI.run(["-v", "error", "-i", TestPaths.corpus.appendingPathComponent("dv_p5.mp4").path, "-map", "0", "-c", "copy",
                                "-strict", "unofficial", "-movflags", "frag_keyframe+empty_moov" + flags, whole], program: Self.ffmpeg)
        try #require(made.status == 0, "\(made.stderr)")
        #expect(try Self.remainingSteps(whole).contains("promoteEntry"))

        // The whole fragmented file.
        let fixedWhole = dir.appendingPathComponent("frag.fixed.mp4").path
        let run = try CLI.run(["fix", whole, fixedWhole])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try Self.remainingSteps(fixedWhole).isEmpty)
        let a = try #require(try ISOBMFFSampleAccessTests.packets(path: whole, limit: nil))
        let b = try #require(try ISOBMFFSampleAccessTests.packets(path: fixedWhole, limit: nil))
        #expect(Self.expectSameSamples(a.libav, b.libav, "fragmented\(flags)") == 8)

        // The init segment alone (ftyp + moov), as an HLS/DASH package stores it.
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: whole)))
        let moov = try #require(ISOBoxWalker.walk(bytes).boxes.first { $0.type == "moov" })
        let initEnd = moov.payload.upperBound
        let initPath = dir.appendingPathComponent("init.mp4").path
        try Data(bytes[..<initEnd]).write(to: URL(fileURLWithPath: initPath))
        let fixedInit = dir.appendingPathComponent("init.fixed.mp4").path
        let json = try CLI.run(["fix", "--json", initPath, fixedInit])
        #expect(json.status == 0, "\(json.stderr)")
        let doc = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(doc["kind"] as? String == "init")
        #expect(doc["status"] as? String == "fixed")
        var joined = try Data(contentsOf: URL(fileURLWithPath: fixedInit))
        joined.append(Data(bytes[initEnd...]))
        let joinedPath = dir.appendingPathComponent("joined.mp4").path
        try joined.write(to: URL(fileURLWithPath: joinedPath))
        if flags.isEmpty {
            // Absolute tfhd offsets point into the old layout: an init fixed alone needs
            // moof-relative fragments (CMAF, default_base_moof), which is what packagers write.
            return
        }
        #expect(try Self.remainingSteps(joinedPath).isEmpty)
        let c = try #require(try ISOBMFFSampleAccessTests.packets(path: joinedPath, limit: nil))
        #expect(Self.expectSameSamples(a.libav, c.libav, "init + fragments") == 8)
    }

    /// The corpus's CMAF init segment (Shaka Packager) is fixed on its own; joined with the
    /// packager's media segment it gives FFmpeg the same packets as the original pair.
    @Test(.enabled(if: FixCommandTests.has(FixCommandTests.ffmpeg), "ffmpeg"))
    func cmafInitSegmentFromThePackager() throws {
        let dir = try Self.folder("cmaf")
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("init.mp4").path
        let run = try CLI.run(["fix", "--json", TestPaths.corpus.appendingPathComponent("cmaf_dv_p81_init.mp4").path, out])
        #expect(run.status == 0, "\(run.stderr)")
        let doc = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        #expect(doc["kind"] as? String == "init")
        #expect(try Self.remainingSteps(out).isEmpty)
        // The fixed init with the packager's first media segment: same samples as the original pair.
        let seg = try Data(contentsOf: TestPaths.corpus.appendingPathComponent("cmaf_dv_p81_seg1.m4s"))
        var original = try Data(contentsOf: TestPaths.corpus.appendingPathComponent("cmaf_dv_p81_init.mp4")); original.append(seg)
        var fixed = try Data(contentsOf: URL(fileURLWithPath: out)); fixed.append(seg)
        let p1 = dir.appendingPathComponent("a.mp4"), p2 = dir.appendingPathComponent("b.mp4")
        try original.write(to: p1); try fixed.write(to: p2)
        let a = try Self.framemd5(p1.path), b = try Self.framemd5(p2.path)
        #expect(a.count == 8, "Corpus/README.md: the segment holds all 8 frames")
        #expect(a == b)
    }

    // MARK: - Refusals and bad input

    static func expectNothingWritten(_ dir: URL, _ what: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let left = (try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []
        #expect(left.filter { $0 != "in.mp4" && $0 != "link.mp4" && $0 != "hard.mp4" && $0 != "ro" }.isEmpty,
                "\(what): left \(left)", sourceLocation: sourceLocation)
    }

    static func errorCode(_ run: CLI.Result) throws -> String? {
        let doc = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any]
        return (doc?["error"] as? [String: Any])?["code"] as? String
    }

    @Test(arguments: [("bad_png_renamed.mp4", "fix.notIsobmff"), ("bad_empty.mp4", "fix.notIsobmff"),
                      ("bad_trunc_moov.mp4", "fix.fileTruncated"), ("bad_trunc_mdat.mp4", "fix.fileTruncated"),
                      ("dv_p5.mkv", "fix.remuxNeeded"), ("dv_p81.ts", "fix.remuxNeeded")])
    func badInputIsRefusedAndNothingIsWritten(name: String, code: String) throws {
        let dir = try Self.folder("bad")
        defer { try? FileManager.default.removeItem(at: dir) }
        let run = try CLI.run(["fix", "--json", TestPaths.corpus.appendingPathComponent(name).path, dir.appendingPathComponent("out.mp4").path])
        #expect(run.status == 1, "\(name)")
        #expect(try Self.errorCode(run) == code, "\(name): \(run.stdout)")
        Self.expectNothingWritten(dir, name)
    }

    /// A moov cut in its middle (a faststart file cut inside moov).
    @Test func truncatedMoovIsRefused() throws {
        let dir = try Self.folder("trunc")
        defer { try? FileManager.default.removeItem(at: dir) }
        let bytes = [UInt8](try Data(contentsOf: TestPaths.corpus.appendingPathComponent("enc_cbcs_hdr10_hevc.mp4")))
        let moov = try #require(ISOBoxWalker.walk(bytes).boxes.first { $0.type == "moov" })
        let input = dir.appendingPathComponent("in.mp4")
        try Data(bytes[..<(moov.offset + moov.payload.count / 2)]).write(to: input)
        let run = try CLI.run(["fix", input.path, dir.appendingPathComponent("out.mp4").path])
        #expect(run.status == 1)
        #expect(run.stderr.contains("fix.movieBoxTruncated"), "\(run.stderr)")
        Self.expectNothingWritten(dir, "truncated moov")
    }

    @Test func outputThatIsTheInputIsRefused() throws {
        let dir = try Self.folder("same")
        defer { try? FileManager.default.removeItem(at: dir) }
        let input = dir.appendingPathComponent("in.mp4")
        try FileManager.default.copyItem(at: TestPaths.corpus.appendingPathComponent("dv_p5.mp4"), to: input)
        let original = try Data(contentsOf: input)
        try FileManager.default.createSymbolicLink(atPath: dir.appendingPathComponent("link.mp4").path, withDestinationPath: input.path)
        try FileManager.default.linkItem(at: input, to: dir.appendingPathComponent("hard.mp4"))
        for out in [input.path, dir.path + "/./in.mp4", dir.appendingPathComponent("link.mp4").path, dir.appendingPathComponent("hard.mp4").path] {
            let run = try CLI.run(["fix", "--json", input.path, out])
            #expect(run.status == 1, "\(out)")
            #expect(try Self.errorCode(run) == "fix.outputIsInput", "\(out): \(run.stdout)")
        }
        #expect(try Data(contentsOf: input) == original, "IN was modified")
        Self.expectNothingWritten(dir, "OUT = IN")
    }

    @Test func unwritableOutputFolderIsRefused() throws {
        let dir = try Self.folder("ro")
        defer { try? FileManager.default.removeItem(at: dir) }
        let input = TestPaths.corpus.appendingPathComponent("dv_p5.mp4").path
        let missing = try CLI.run(["fix", "--json", input, dir.appendingPathComponent("no/such/folder/out.mp4").path])
        #expect(missing.status == 1)
        #expect(try Self.errorCode(missing) == "fix.outputUnwritable")
        guard let prefix = CLI.permissionPrefix else { return }
        let ro = dir.appendingPathComponent("ro")
        try FileManager.default.createDirectory(at: ro, withIntermediateDirectories: true)
        chmod(ro.path, 0o555)
        defer { chmod(ro.path, 0o755) }
        let run = try CLI.run(["fix", "--json", input, ro.appendingPathComponent("out.mp4").path], prefix: prefix)
        #expect(run.status == 1)
        #expect(try Self.errorCode(run) == "fix.outputUnwritable", "\(run.stdout), \(run.stderr)")
        #expect(((try? FileManager.default.contentsOfDirectory(atPath: ro.path)) ?? []).isEmpty)
    }

    @Test func dryRunWritesNothingAndSaysWhatItWouldDo() throws {
        let dir = try Self.folder("dry")
        defer { try? FileManager.default.removeItem(at: dir) }
        let run = try CLI.run(["fix", "--dry-run", "--json", TestPaths.corpus.appendingPathComponent("dv_p5.mp4").path,
                               dir.appendingPathComponent("out.mp4").path])
        #expect(run.status == 0, "\(run.stderr)")
        let doc = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        #expect(doc["status"] as? String == "planned")
        let edits = ((doc["streams"] as? [[String: Any]])?.first?["edits"] as? [String]) ?? []
        // dv_p5.mp4 (Corpus/README.md): x265 P5 muxed as hvc1 without colr, x265's SEI in the hvcC.
        #expect(edits.contains("write the sample entry as dvh1"), "\(edits)")
        #expect(edits.contains { $0.hasPrefix("write colr nclx 9/16/9") }, "\(edits)")
        #expect(edits.contains { $0.hasPrefix("drop the hvcC array(s) of NAL type 39") }, "\(edits)")
        Self.expectNothingWritten(dir, "dry run")
    }

    /// A file with nothing to change is copied byte for byte.
    @Test func aFileWithoutStepsIsCopiedUnchanged() throws {
        let dir = try Self.folder("unchanged")
        defer { try? FileManager.default.removeItem(at: dir) }
        let input = TestPaths.corpus.appendingPathComponent("sdr_h264.mp4")
        #expect(try Self.remainingSteps(input.path).isEmpty)
        let out = dir.appendingPathComponent("out.mp4")
        let run = try CLI.run(["fix", "--json", input.path, out.path])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try Self.errorCode(run) == nil)
        #expect(try Data(contentsOf: out) == Data(contentsOf: input))
    }

    @Test func targetAndPolicyAreExclusiveAndTheTargetMustExist() throws {
        let input = TestPaths.corpus.appendingPathComponent("dv_p5.mp4").path
        let both = try CLI.run(["fix", "--target", "atv4k-2022+lg-oled", "--policy", "apple-hls", input, "/tmp/x.mp4"])
        #expect(both.status == 2)
        let unknown = try CLI.run(["fix", "--target", "no-such-target", input, "/tmp/x.mp4"])
        #expect(unknown.status == 2)
        #expect(unknown.stderr.contains("unknown target"))
    }
}
#endif
