#if FFmpeg
import Foundation
@testable import HDRProbeEngine
import Testing
import HDRProbeContainers

/// hdrprobe's own MP4 container reader on files made at test time by FFmpeg's `ffmpeg` (the
/// muxer) and checked against `ffprobe -show_streams -show_format` (the independent reader): AAC,
/// AC-3, E-AC-3 and Opus audio beside H.264 with B-frames and an edit list at 24000/1001, two
/// video tracks (H.264 and HEVC) with `+faststart`; mov_text subtitles, QuickTime chapters and a
/// `tmcd` track are shapes the own reader leaves to libavformat. Every report is the same with and
/// without the own reader. Skipped where `ffmpeg`/`ffprobe` are not installed.
@Suite(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/ffmpeg")
                  && FileManager.default.isExecutableFile(atPath: "/usr/bin/ffprobe"), "ffmpeg and ffprobe"))
struct ISOBMFFGeneratedFilesTests {
    /// name → ffmpeg arguments after the inputs' common part; `own`: whether the own reader takes it.
    static let recipes: [(name: String, args: [String], own: Bool)] = [
        ("multi_audio.mp4", ["-f", "lavfi", "-i", "testsrc2=size=128x72:rate=24000/1001:duration=1",
                             "-f", "lavfi", "-i", "sine=frequency=440:duration=1:sample_rate=48000",
                             "-map", "0:v", "-map", "1:a", "-map", "1:a", "-map", "1:a", "-map", "1:a",
                             "-c:v", "libx264", "-bf", "2", "-g", "12", "-c:a:0", "aac", "-c:a:1", "ac3",
                             "-c:a:2", "eac3", "-c:a:3", "libopus", "-strict", "-2"], true),
        ("two_video_faststart.mp4", ["-f", "lavfi", "-i", "testsrc2=size=128x72:rate=24000/1001:duration=1",
                                     "-f", "lavfi", "-i", "sine=duration=1", "-map", "0:v", "-map", "0:v", "-map", "1:a",
                                     "-c:v:0", "libx264", "-c:v:1", "libx265", "-x265-params", "log-level=error",
                                     "-tag:v:1", "hvc1", "-c:a", "aac", "-movflags", "+faststart"], true),
        ("subtitles.mp4", ["-f", "lavfi", "-i", "testsrc2=size=128x72:rate=25:duration=1", "-i", "s.srt",
                           "-c:v", "libx264", "-c:s", "mov_text"], false),
        ("chapters.mp4", ["-f", "lavfi", "-i", "testsrc2=size=128x72:rate=25:duration=1", "-i", "ch.txt",
                          "-map_metadata", "1", "-map_chapters", "1", "-c:v", "libx264"], false),
        ("timecode.mov", ["-f", "lavfi", "-i", "testsrc2=size=128x72:rate=25:duration=1", "-c:v", "libx264",
                          "-timecode", "01:00:00:00"], false),
    ]

    static let directory: URL? = {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("hdrprobe-mp4-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        try? "1\n00:00:00,000 --> 00:00:00,500\nhello\n".write(to: dir.appendingPathComponent("s.srt"), atomically: true, encoding: .utf8)
        try? ";FFMETADATA1\n[CHAPTER]\nTIMEBASE=1/1000\nSTART=0\nEND=500\ntitle=One\n[CHAPTER]\nTIMEBASE=1/1000\nSTART=500\nEND=1000\ntitle=Two\n"
            .write(to: dir.appendingPathComponent("ch.txt"), atomically: true, encoding: .utf8)
        for r in recipes {
            let made = try? CLI.run(["-v", "error", "-y"] + r.args + [r.name], directory: dir, program: "/usr/bin/ffmpeg")
            guard made?.status == 0 else { return nil }
        }
        return dir
    }()

    static func ffprobe(_ path: String) throws -> [String: Any] {
        let out = try CLI.run(["-v", "error", "-show_streams", "-show_format", "-of", "json", path], program: "/usr/bin/ffprobe")
        return try #require(try JSONSerialization.jsonObject(with: Data(out.stdout.utf8)) as? [String: Any])
    }

    static func open(_ path: String) throws -> ISOBMFFContainerDemux? {
        let file = try MediaFile(path: path, deadline: .max)
        return ISOBMFFContainerDemux.open(file: file, headers: ContainerHeaders.read(file, head: file.read(at: 0, count: 8192)),
                                          options: ProbeOptions())
    }

    @Test func ownReaderAgreesWithFFprobe() throws {
        let dir = try #require(Self.directory, "ffmpeg could not make the files")
        for recipe in Self.recipes {
            let path = dir.appendingPathComponent(recipe.name).path
            let own = try Self.open(path)
            #expect((own != nil) == recipe.own, "\(recipe.name): own reader \(own == nil ? "declined" : "accepted")")
            guard let own else { continue }
            let probe = try Self.ffprobe(path)
            let theirs = try #require(probe["streams"] as? [[String: Any]])
            #expect(own.streams.count == theirs.count, "\(recipe.name)")
            for (s, t) in zip(own.streams, theirs) {
                let what = "\(recipe.name) stream \(s.index)"
                #expect(t["index"] as? Int == s.index, "\(what)")
                #expect(t["codec_name"] as? String == s.codecName, "\(what)")
                #expect(t["codec_type"] as? String == (s.kind == .video ? "video" : "audio"), "\(what)")
                #expect(t["id"] as? String == String(format: "0x%x", s.id), "\(what)")
                #expect(t["duration"] as? String == s.durationSeconds.map { String(format: "%.6f", $0) }, "\(what)")
                #expect(t["time_base"] as? String == "\(s.timeBase.num)/\(s.timeBase.den)", "\(what)")
                #expect(((t["disposition"] as? [String: Any])?["default"] as? Int == 1) == s.isDefault, "\(what)")
                if s.kind == .video {
                    #expect(t["avg_frame_rate"] as? String == s.avgFrameRate.map { "\($0.numerator)/\($0.denominator)" }, "\(what)")
                    #expect(t["width"] as? Int == s.width && t["height"] as? Int == s.height, "\(what)")
                }
                // AC-3/E-AC-3: ffprobe's stream analysis replaces the container's rate with the
                // frame header's nominal one; the others keep the bytes-over-duration rate.
                if !["ac3", "eac3"].contains(s.codecName) {
                    #expect(t["bit_rate"] as? String == s.bitRate.map(String.init), "\(what)")
                }
                if s.codecName == "aac" {
                    let ffprobeExtradata = t["extradata_size"] as? Int
                    #expect(ffprobeExtradata == nil || ffprobeExtradata == s.extradata.count, "\(what)")
                }
            }
            let format = try #require(probe["format"] as? [String: Any])
            #expect(format["duration"] as? String == own.formatDuration.map { String(format: "%.6f", $0) }, "\(recipe.name)")
        }
    }

    @Test(.enabled(if: ReferenceLibavformat.isLoaded, ReferenceLibavformat.skipReason)) func ownReaderAgreesWithLibavformat() throws {
        let dir = try #require(Self.directory, "ffmpeg could not make the files")
        for recipe in Self.recipes {
            #expect(try ISOBMFFContainerDemuxTests.compareWithLibavformat(dir.appendingPathComponent(recipe.name).path) == recipe.own,
                    "\(recipe.name)")
        }
    }

    @Test func reportsAreTheSameEitherWay() throws {
        let dir = try #require(Self.directory, "ffmpeg could not make the files")
        let own = ProbeEngine(options: ReaderEquivalence.options(frames: ProbeLimits.frames))
        var libav = own
        libav.options.ownContainerReaders = false
        for recipe in Self.recipes {
            let path = dir.appendingPathComponent(recipe.name).path
            let a = own.probe(path: path)
            let b = libav.probe(path: path)
            #expect(a.status == .ok, "\(recipe.name)")
            try ReaderEquivalence.expectSame(a, b, recipe.name)
            #expect(a.tool.libavformatUsed == !recipe.own, "\(recipe.name)")
            #expect(b.tool.libavformatUsed == true, "\(recipe.name)")
        }
    }
}
#endif
