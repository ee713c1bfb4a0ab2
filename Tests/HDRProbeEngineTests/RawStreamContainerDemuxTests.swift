#if FFmpeg
import CFFmpeg
import Foundation
import HDRProbeParse
import HDRProbeContainers
import HDRProbeFFmpeg
@testable import HDRProbeEngine
import Testing

/// hdrprobe's own readers of raw video files — IVF AV1 (``IVFContainerDemux``), Annex B HEVC and
/// H.264 (``AnnexBElementaryStreamDemux``) — against FFmpeg 5.1's libavformat (its `ivf`, `hevc`
/// and `h264` demuxers with `avformat_find_stream_info`, opened as the probe opens them), the
/// independent reader here, over the corpus's raw files (and ../shared/external's when present)
/// and files made at test time by FFmpeg 5.1 and the static FFmpeg 8.1 (`-c copy -f hevc/h264`
/// from corpus MP4s with Dolby Vision, HDR10+, HLG, 12-bit, 4:2:2 and interlaced video; x265/x264
/// raw output with and without VUI timing at 24000/1001, 25, 50, 60 fps and an odd rate;
/// libsvtav1 → ivf at 24000/1001, 25, 50, 60 fps; VP8/VP9 IVF, which stay with libavformat): for each
/// file an own reader accepts, every stream value, the format duration and bit rate and every
/// packet (bytes, timestamp, order) are libavformat's, ffprobe (`-show_streams -show_format
/// -count_packets`) agrees on codec, time base, frame rates, durations, bit rate and packet count,
/// and the probe reports are identical with and without own container readers.
@Suite struct RawStreamContainerDemuxTests {
    static let rawExtensions: Set<String> = ["ivf", "hevc", "h265", "265", "h264", "264", "avc", "obu"]

    static var corpusFiles: [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: TestPaths.corpus.path)) ?? []
        let corpus = names.filter { rawExtensions.contains(($0 as NSString).pathExtension.lowercased()) }.sorted()
            .map { TestPaths.corpus.appendingPathComponent($0).path }
        return corpus + (TestPaths.hasExternal ? externalFiles : [])
    }

    /// Raw streams of ../shared/external (dovi_tool's and hdr10plus_tool's test streams), when present.
    static var externalFiles: [String] {
        guard let e = FileManager.default.enumerator(atPath: TestPaths.external.path) else { return [] }
        return e.compactMap { $0 as? String }.filter { rawExtensions.contains(($0 as NSString).pathExtension.lowercased()) }.sorted()
            .map { TestPaths.external.appendingPathComponent($0).path }
    }

    struct Recipe {
        var name: String
        var ffmpeg81 = false
        var args: [String]
        /// From how the file is made: whether the own readers cover it.
        var covered: Bool
    }

    static func video(_ codec: String, rate: String, frames: Int, extra: [String] = []) -> [String] {
        ["-f", "lavfi", "-i", "testsrc2=size=128x72:rate=\(rate)", "-frames:v", "\(frames)", "-pix_fmt", "yuv420p", "-c:v", codec] + extra
    }

    static func copy(_ corpusFile: String, to format: String) -> [String] {
        ["-i", TestPaths.corpus.appendingPathComponent(corpusFile).path, "-map", "0:v:0", "-c", "copy", "-f", format]
    }
    static func x265(_ rate: String, frames: Int, params: String = "") -> [String] {
        video("libx265", rate: rate, frames: frames, extra: ["-preset", "ultrafast", "-x265-params", "log-level=error" + params, "-f", "hevc"])
    }
    static func x264(_ rate: String, frames: Int, extra: [String] = []) -> [String] {
        video("libx264", rate: rate, frames: frames, extra: ["-preset", "ultrafast"] + extra + ["-f", "h264"])
    }

    static let recipes: [Recipe] = [
        // HEVC copied out of corpus MP4s (Dolby Vision 8.1 and 5 with RPU NAL units, HDR10+ SEI, HLG, 12-bit, 4:2:2).
        Recipe(name: "dv_p81.hevc", args: copy("dv_p81.mp4", to: "hevc"), covered: true),
        Recipe(name: "dv_p81_hdr10plus.hevc", args: copy("dv_p81_hdr10plus.mp4", to: "hevc"), covered: true),
        Recipe(name: "dv_p5.hevc", args: copy("dv_p5.mp4", to: "hevc"), covered: true),
        Recipe(name: "hdr10plus.hevc", args: copy("hdr10plus_hevc.mp4", to: "hevc"), covered: true),
        Recipe(name: "hlg.hevc", args: copy("hlg_hevc.mp4", to: "hevc"), covered: true),
        Recipe(name: "hevc_12bit.hevc", args: copy("hevc_12bit.mp4", to: "hevc"), covered: true),
        Recipe(name: "interlaced.hevc", args: copy("interlaced_hevc.mp4", to: "hevc"), covered: true),
        Recipe(name: "hevc_422.hevc", ffmpeg81: true, args: copy("hevc_422_10bit.mp4", to: "hevc"), covered: true),
        // H.264 copied out of corpus MP4s; interlaced coding (fields) is declined.
        Recipe(name: "fps23976.h264", args: copy("fps23976_h264.mp4", to: "h264"), covered: true),
        Recipe(name: "fps5994.h264", args: copy("fps5994_h264.mp4", to: "h264"), covered: true),
        Recipe(name: "h264_422_10bit.h264", args: copy("h264_422_10bit.mp4", to: "h264"), covered: true),
        Recipe(name: "h264_hdr10.h264", ffmpeg81: true, args: copy("h264_hdr10.mp4", to: "h264"), covered: true),
        Recipe(name: "interlaced.h264", args: copy("interlaced_h264.mp4", to: "h264"), covered: false),
        // x265 and x264 raw output: with VUI timing at 24000/1001, 50, 60; without (25 fps default); a
        // rate that is not one of libavformat's standard rates (declined).
        Recipe(name: "x265_2398.hevc", args: x265("24000/1001", frames: 40), covered: true),
        Recipe(name: "x265_50.hevc", args: x265("50", frames: 60), covered: true),
        Recipe(name: "x265_60_81.hevc", ffmpeg81: true, args: x265("60", frames: 30), covered: true),
        Recipe(name: "x265_no_timing.hevc", args: x265("30", frames: 20, params: ":vui-timing-info=0"), covered: true),
        Recipe(name: "x265_odd_rate.hevc", args: x265("1000/37", frames: 20), covered: false),
        Recipe(name: "x264_2398.h264", args: x264("24000/1001", frames: 40), covered: true),
        Recipe(name: "x264_50_no_b.h264", args: x264("50", frames: 60, extra: ["-bf", "0"]), covered: true),
        Recipe(name: "x264_60_81.h264", ffmpeg81: true, args: x264("60", frames: 30), covered: true),
        Recipe(name: "x264_interlaced.h264", args: x264("25", frames: 20, extra: ["-flags", "+ildct+ilme"]), covered: false),
        Recipe(name: "av1_2398.ivf", ffmpeg81: true, args: video("libsvtav1", rate: "24000/1001", frames: 40) + ["-f", "ivf"], covered: true),
        Recipe(name: "av1_25.ivf", ffmpeg81: true, args: video("libsvtav1", rate: "25", frames: 10) + ["-f", "ivf"], covered: true),
        Recipe(name: "av1_50.ivf", ffmpeg81: true, args: video("libsvtav1", rate: "50", frames: 70) + ["-f", "ivf"], covered: true),
        Recipe(name: "av1_60_10bit.ivf", ffmpeg81: true,
               args: ["-f", "lavfi", "-i", "testsrc2=size=128x72:rate=60", "-frames:v", "12", "-pix_fmt", "yuv420p10le", "-c:v", "libsvtav1", "-f", "ivf"],
               covered: true),
        Recipe(name: "vp9.ivf", args: video("libvpx-vp9", rate: "25", frames: 5) + ["-f", "ivf"], covered: false),
        Recipe(name: "vp8.ivf", args: video("libvpx", rate: "25", frames: 5) + ["-f", "ivf"], covered: false),
    ]

    /// The files, made once per test process into a temporary folder.
    static let made: (dir: URL, names: [String]) = {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("hdrprobe-raw-\(getpid())")
        try? FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        var names: [String] = []
        for r in recipes {
            guard let tool = r.ffmpeg81 ? MPEGTSGeneratedFilesTests.ffmpeg81 : MPEGTSGeneratedFilesTests.ffmpeg51 else { continue }
            let out = dir.appendingPathComponent(r.name).path
            let result = try? CLI.run(["-v", "error", "-y"] + r.args + [out], program: tool)
            if result?.status == 0 { names.append(r.name) }
        }
        return (dir, names)
    }()

    static var madeFiles: [String] { made.names.map { made.dir.appendingPathComponent($0).path } }

    /// The own reader of a raw file, as ``ProbeEngine/ownContainer`` picks it.
    static func own(_ path: String, frames: Int? = nil) throws -> (any ContainerDemux)? {
        let (file, headers, _) = try MPEGTSContainerDemuxTests.open(path)
        return ProbeEngine.ownContainer(file: file, headers: headers, options: ProbeOptions(frames: frames))
    }

    /// Every stream value of `a` is `b`'s.
    static func expectSameStream(_ a: DemuxedStream, _ b: DemuxedStream, _ name: String) {
        #expect(a.index == b.index && a.id == b.id && a.kind == b.kind, "\(name): identity")
        #expect(a.codecName == b.codecName && a.codec == b.codec && a.codecTag == b.codecTag, "\(name): codec \(String(describing: a.codecTag)) vs \(String(describing: b.codecTag))")
        #expect(a.profile == b.profile && a.level == b.level, "\(name): profile/level \(a.profile)/\(a.level) vs \(b.profile)/\(b.level)")
        #expect(a.width == b.width && a.height == b.height, "\(name): size \(String(describing: a.width))x\(String(describing: a.height)) vs \(String(describing: b.width))x\(String(describing: b.height))")
        #expect(a.bitDepth == b.bitDepth && a.chromaSubsampling == b.chromaSubsampling, "\(name): pixel format \(String(describing: a.bitDepth)) \(String(describing: a.chromaSubsampling)) vs \(String(describing: b.bitDepth)) \(String(describing: b.chromaSubsampling))")
        #expect(a.colour == b.colour, "\(name): colour")
        #expect(a.extradata == b.extradata, "\(name): extradata \(a.extradata.count) vs \(b.extradata.count) bytes")
        #expect(a.avgFrameRate == b.avgFrameRate, "\(name): avg_frame_rate \(String(describing: a.avgFrameRate)) vs \(String(describing: b.avgFrameRate))")
        #expect(a.realFrameRate == b.realFrameRate, "\(name): r_frame_rate \(String(describing: a.realFrameRate)) vs \(String(describing: b.realFrameRate))")
        #expect(a.timeBase == b.timeBase, "\(name): time base \(a.timeBase) vs \(b.timeBase)")
        #expect(a.doviRecord == b.doviRecord && a.mastering == b.mastering && a.contentLight == b.contentLight, "\(name): side data")
        #expect(a.bitRate == b.bitRate && a.durationSeconds == b.durationSeconds, "\(name): stream bit rate/duration \(String(describing: a.durationSeconds)) vs \(String(describing: b.durationSeconds))")
        #expect(a.isDefault == b.isDefault && a.channels == b.channels, "\(name): disposition")
    }

    @Test(.enabled(if: ReferenceLibavformat.isLoaded, ReferenceLibavformat.skipReason))
    func streamsDurationBitRateAndPacketsAreLibavformats() throws {
        var covered: [String] = []
        for path in Self.corpusFiles + Self.madeFiles {
            guard let own = try Self.own(path) else { continue }
            let name = (path as NSString).lastPathComponent
            covered.append(name)
            let (file, headers, head) = try MPEGTSContainerDemuxTests.open(path)
            let libav = try Demuxer(file: file, signature: headers.signature, head: head, probeBytes: 2 << 20)
            #expect(own.formatName == libav.formatName, "\(name)")
            #expect(own.streams.count == libav.streams.count, "\(name): stream count")
            for (a, b) in zip(own.streams, libav.streams) { Self.expectSameStream(a, b, name) }
            ReaderEquivalence.expectSameFormatAndPackets(own, libav, name)
        }
        print("own raw readers: \(covered.count) files: \(covered)")
        // The corpus's two IVF AV1 files and three Annex B files, and the generated files made to be
        // covered: not a vacuous pass.
        let made = Self.recipes.filter { $0.covered && Self.made.names.contains($0.name) }.count
        #expect(covered.count >= 5 + made, "covered: \(covered)")
    }

    /// Which generated files are covered follows from how each was made, and for each covered one
    /// ffprobe (FFmpeg 5.1) gives the same codec, time base, frame rates, durations, bit rate and
    /// packet count.
    @Test(.enabled(if: MPEGTSGeneratedFilesTests.ffmpeg51 != nil, "ffmpeg and ffprobe"))
    func coverageAndValuesFollowFFprobe() throws {
        for r in Self.recipes where Self.made.names.contains(r.name) {
            let path = Self.made.dir.appendingPathComponent(r.name).path
            let own = try Self.own(path)
            #expect((own != nil) == r.covered, "\(r.name): covered \(own != nil), made to be \(r.covered)")
            guard let own else { continue }
            let probe = try MPEGTSGeneratedFilesTests.ffprobe(path)
            let s = try #require((probe["streams"] as? [[String: Any]])?.first)
            let format = try #require(probe["format"] as? [String: Any])
            let mine = own.streams[0]
            func text(_ r: FrameRate?) -> String { r.map { "\($0.numerator)/\($0.denominator)" } ?? "0/0" }
            #expect(s["codec_name"] as? String == mine.codecName, "\(r.name): codec")
            #expect(s["time_base"] as? String == "\(mine.timeBase.num)/\(mine.timeBase.den)", "\(r.name): time base")
            #expect(s["r_frame_rate"] as? String == text(mine.realFrameRate), "\(r.name): r_frame_rate")
            #expect(s["avg_frame_rate"] as? String == text(mine.avgFrameRate), "\(r.name): avg_frame_rate")
            // ffprobe decodes pictures; libavformat as the probe opens it (decoders skipping every
            // frame) leaves an Annex B stream's size unset, which the comparison above checks.
            if r.name.hasSuffix(".ivf") {
                #expect(s["width"] as? Int == mine.width && s["height"] as? Int == mine.height, "\(r.name): size")
            } else {
                #expect(mine.width == nil && s["width"] as? Int == 128, "\(r.name): size")
            }
            #expect(s["duration"] as? String == mine.durationSeconds.map { String(format: "%.6f", $0) }, "\(r.name): stream duration")
            ReaderEquivalence.expectFFprobeFormatAndPacketCount(own, format: format, stream: s, r.name)
        }
    }

    /// The own readers reproduce FFmpeg 5.1's raw demuxers; FFmpeg 7.1's differ (docs/ffmpeg-versions.md)
    /// and the CI's FFmpeg 7.1 has no `h264` or `ivf` demuxer, so the report comparisons with the
    /// loaded libavformat run on 5.1 only (`.ci/compare-builds.sh` compares the builds' corpus reports).
    @Test(.enabled(if: ReferenceLibavformat.isLoaded, ReferenceLibavformat.skipReason), arguments: [32, nil] as [Int?])
    func reportsAreTheSameEitherWay(frames: Int?) throws {
        try MPEGTSContainerDemuxTests.expectSameReportsEitherWay(Self.corpusFiles + Self.madeFiles, frames: frames)
    }

    /// Damaged and foreign IVF files are declined: a cut header, another fourcc, a zero time base,
    /// no frame count, timestamps that do not count 0, 1, 2, …, a first frame without a sequence
    /// header (each made from the corpus's av1_sdr.ivf by changing the named bytes).
    @Test func damagedOrForeignIVFIsDeclined() throws {
        let original = try Array(Data(contentsOf: TestPaths.corpus.appendingPathComponent("av1_sdr.ivf")))
        #expect(try own(original) != nil, "the unchanged file is covered")
        var variants: [(String, [UInt8])] = [("header cut", Array(original.prefix(20)))]
        func edit(_ name: String, _ change: (inout [UInt8]) -> Void) { var b = original; change(&b); variants.append((name, b)) }
        edit("fourcc VP90") { $0.replaceSubrange(8..<12, with: Array("VP90".utf8)) }
        edit("time base 0") { $0.replaceSubrange(16..<20, with: [0, 0, 0, 0]) }
        edit("no frame count") { $0.replaceSubrange(24..<28, with: [0, 0, 0, 0]) }
        edit("second timestamp 5") { b in
            let second = 32 + 12 + (IVFFrameHeader.parse(b[32...])?.frameSize ?? 0)
            b[second + 4] = 5
        }
        edit("first frame: no sequence header") { $0[46] = 0x7A }
        edit("header size 64") { $0[6] = 64 }
        for (name, bytes) in variants { #expect(try own(bytes) == nil, "\(name)") }
    }

    /// Annex B streams that are not what the reader verified are declined: a stream whose first
    /// packet has no parameter sets (the corpus's hdr10_hevc.hevc without its VPS/SPS/PPS), fewer
    /// than three packets (its first two), zeros after the first start code, and an HEVC stream
    /// with a NAL unit of layer 1 (an SEI's nuh_layer_id set).
    @Test func unverifiedAnnexBIsDeclined() throws {
        let original = try Array(Data(contentsOf: TestPaths.corpus.appendingPathComponent("hdr10_hevc.hevc")))
        #expect(try own(original, ext: "hevc") != nil, "the unchanged file is covered")
        let units = AnnexBExtradata.nalUnits(original, isHEVC: true)
        let afterSets = try #require(units.first { ![32, 33, 34].contains($0.type) }).bytes.startIndex - 3
        var variants: [(String, [UInt8])] = [("no parameter sets", Array(original[afterSets...]))]
        let packets = try #require(try Self.ownPackets(original, ext: "hevc"))
        variants.append(("two packets", Array(packets.prefix(2).joined())))
        variants.append(("zeros", Array(original.prefix(64)) + [UInt8](repeating: 0, count: 200_000)))
        let sei = try #require(units.first { $0.type == 39 }).bytes.startIndex
        var layered = original
        layered[sei + 1] |= 0x08
        variants.append(("layer 1 SEI", layered))
        for (name, bytes) in variants { #expect(try own(bytes, ext: "hevc") == nil, "\(name)") }
    }

    /// Raw files cut anywhere give the same report with and without own container readers
    /// (covered or declined alike): every 613th byte of each corpus raw file.
    @Test(.enabled(if: ReferenceLibavformat.isLoaded, ReferenceLibavformat.skipReason))
    func cutRawFilesReportTheSameEitherWay() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("hdrprobe-rawcut-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        var paths: [String] = []
        for path in Self.corpusFiles where path.hasPrefix(TestPaths.corpus.path) {
            let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
            for cut in stride(from: 613, to: bytes.count, by: 613) {
                let out = dir.appendingPathComponent("\(cut)-" + (path as NSString).lastPathComponent).path
                try bytes.prefix(cut).write(to: URL(fileURLWithPath: out))
                paths.append(out)
            }
        }
        #expect(paths.count >= 40)
        try MPEGTSContainerDemuxTests.expectSameReportsEitherWay(paths, frames: 32)
    }

    /// A covered raw file probed by the executable as a fresh process: the dynamic linker opens no
    /// FFmpeg library (FFmpegLoadingTests' LD_DEBUG method), and the report names libavformat's demuxer.
    @Test(.enabled(if: FileManager.default.fileExists(atPath: "/proc/self/maps"), "glibc's dynamic linker (Linux)"),
          arguments: [("hdr10_hevc.hevc", "hevc"), ("sdr_h264.h264", "h264"), ("av1_sdr.ivf", "ivf")])
    func aCoveredRawFileLoadsNoFFmpeg(_ name: String, demuxer: String) throws {
        let (libraries, result) = try FFmpegLoadingTests.loaded(["probe", "--json", FFmpegLoadingTests.corpus(name)])
        #expect(result.status == 0, "\(result.stdout)")
        #expect(libraries.isEmpty, "loaded \(libraries)")
        #expect(result.stdout.contains("\"demuxer\": \"\(demuxer)\"") || result.stdout.contains("\"demuxer\":\"\(demuxer)\""), "\(result.stdout.prefix(400))")
    }

    static func ownPackets(_ bytes: [UInt8], ext: String) throws -> [[UInt8]]? {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("hdrprobe-raw-\(getpid())-\(UUID().uuidString).\(ext)").path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        guard let reader = try Self.own(path) else { return nil }
        var packets: [[UInt8]] = []
        while let p = reader.readPacket(wantsData: { _ in true }) { packets.append(p.data) }
        return packets
    }

    func own(_ bytes: [UInt8], ext: String = "ivf") throws -> (any ContainerDemux)? {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("hdrprobe-raw-\(getpid())-\(UUID().uuidString).\(ext)").path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        return try Self.own(path)
    }
}
#endif
