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

    @Test func helpAndVersion() throws {
        let help = try Self.run(["probe", "--help"])
        #expect(help.status == 0 && help.stdout.contains("--frames"))
        let version = try Self.run(["--version"])
        #expect(version.status == 0 && !version.stdout.isEmpty)
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
