#if FFmpeg
import Foundation
import HDRProbeModel
import HDRProbeContainers
import HDRProbeFFmpeg
@testable import HDRProbeEngine
import Testing

/// The reader and report fixes the real-world corpus (RealWorldCorpusTests) led to, each
/// checked without the corpus (from this repository's own files) and, where the real file is
/// materialised (Corpus/real/materialise.sh), on it.
@Suite struct RealWorldCorpusFixTests {
    static func real(_ name: String) -> String? {
        let path = RealWorldCorpusTests.filesDir.appendingPathComponent(name).path
        return FileManager.default.fileExists(atPath: path) ? path : nil
    }

    /// H.273 transfer 4 and 5 carry FFmpeg's names (libavutil/pixdesc.c `color_transfer_names`:
    /// AVCOL_TRC_GAMMA22 "bt470m", AVCOL_TRC_GAMMA28 "bt470bg"), as ffprobe 5.1 and 8.1 print them
    /// for mp4parse-rust's bad-ipma-*.avif; hdrprobe said "gamma22"/"gamma28".
    @Test func transferNamesAreFFmpegs() {
        #expect(H273Names.transfer(4) == "bt470m")
        #expect(H273Names.transfer(5) == "bt470bg")
        #expect(H273Names.transfer(16) == "smpte2084")
    }

    /// A TTML (`stpp`) track is a subtitle stream with codec `ttml`, as ffprobe 8.1 reports the
    /// gpac, mp4ff and shaka-player files (FFmpeg 5.1, which hdrprobe runs on, reads them as data with
    /// no codec); the names are FFmpeg's for each subtitle entry.
    @Test func subtitleEntriesAreSubtitles() {
        #expect(SubtitleSampleEntry.codecName("stpp") == "ttml" && SubtitleSampleEntry.codecName("wvtt") == "webvtt")
        #expect(SubtitleSampleEntry.codecName("tx3g") == "mov_text" && SubtitleSampleEntry.codecName("hvc1") == nil)
        for (name, count) in [("mp4ff__cmd__mp4ff-subslister__testdata__stpp_combined.mp4", 1), ("testsuite__media__auxiliary_files__subs.ismt", 3)] {
            guard let path = Self.real(name) else { continue }
            let streams = ProbeEngine().probe(path: path).streams
            #expect(streams.count == count && streams.allSatisfy { $0.kind == .subtitle && $0.codec == "ttml" && $0.sampleEntry == "stpp" }, "\(name)")
        }
    }

    /// An IVF file is named by what it carries: `av1` for AV1 (the contract's name, kept for the
    /// corpus's AV1 IVF files), `ivf` for VP8 and VP9 (mp4ff's vp8.ivf / vp9.ivf where materialised,
    /// and a VP9 IVF made here by FFmpeg's libvpx-vp9, whose ffprobe says `format_name` ivf,
    /// `codec_name` vp9); hdrprobe named every IVF `av1`.
    @Test func ivfIsNamedByItsCodec() throws {
        let av1 = ProbeEngine().probe(path: TestPaths.corpus.appendingPathComponent("av1_sdr.ivf").path)
        #expect(av1.container.format == "av1")
        // VP8 and VP9 IVF are read by libavformat's `ivf` demuxer; a build without it (the minimal
        // FFmpeg 7.1 of the second CI build, or no FFmpeg) names only what the header says.
        guard FFmpegVersions.hasDemuxer("ivf") else { return }
        for (name, codec) in [("mp4ff__examples__ivf-to-mp4__testdata__vp8.ivf", "vp8"), ("mp4ff__examples__ivf-to-mp4__testdata__vp9.ivf", "vp9")] {
            guard let path = Self.real(name) else { continue }
            let report = ProbeEngine().probe(path: path)
            #expect(report.container.format == "ivf" && report.streams.first?.codec == codec, "\(name)")
        }
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/ffmpeg") else { return }
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("vp9-\(getpid()).ivf").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let ffmpeg = Process()
        ffmpeg.executableURL = URL(fileURLWithPath: "/usr/bin/ffmpeg")
        ffmpeg.arguments = ["-v", "error", "-y", "-f", "lavfi", "-i", "testsrc=size=64x64:rate=25", "-frames:v", "3", "-c:v", "libvpx-vp9", path]
        try ffmpeg.run()
        ffmpeg.waitUntilExit()
        guard ffmpeg.terminationStatus == 0 else { return }
        let report = ProbeEngine().probe(path: path)
        #expect(report.container.format == "ivf" && report.streams.first?.codec == "vp9")
    }

    /// The positions of the PES headers of `pid` in a TS file (offsets of the first payload byte
    /// after the PES header).
    static func pesPayloadStarts(_ data: [UInt8], pid: Int) -> [Int] {
        var out: [Int] = []
        var at = 0
        while at + 188 <= data.count {
            let p = Array(data[at..<at + 188])
            let packetPID = Int(p[1] & 0x1F) << 8 | Int(p[2])
            let unitStart = p[1] & 0x40 != 0, control = (p[3] >> 4) & 3
            var offset = 4
            if control & 2 != 0 { offset += 1 + Int(p[4]) }
            if packetPID == pid, unitStart, control & 1 != 0, offset + 9 < 188, p[offset] == 0, p[offset + 1] == 0, p[offset + 2] == 1 {
                out.append(at + offset + 9 + Int(p[offset + 8]))
            }
            at += 188
        }
        return out
    }

    /// An H.264 TS whose PES does not begin at an access unit is declined by the own TS reader
    /// (libavformat's parser cuts its packets elsewhere); the same file with every PES at an access
    /// unit delimiter is read. From the corpus's fps25_h264.ts, the second PES's delimiter start
    /// code broken.
    @Test func tsWithPESInsideAnAccessUnitIsDeclined() throws {
        let url = TestPaths.corpus.appendingPathComponent("fps25_h264.ts")
        var data = [UInt8](try Data(contentsOf: url))
        let tmp = FileManager.default.temporaryDirectory.appendingPathComponent("rw-ts-\(getpid())")
        try FileManager.default.createDirectory(at: tmp, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: tmp) }
        func open(_ bytes: [UInt8], _ name: String) throws -> MPEGTSContainerDemux? {
            let path = tmp.appendingPathComponent(name).path
            try Data(bytes).write(to: URL(fileURLWithPath: path))
            let (file, headers, _) = try MPEGTSContainerDemuxTests.open(path)
            return MPEGTSContainerDemux.open(file: file, headers: headers, options: ProbeOptions())
        }
        let original = try #require(try open(data, "original.ts"), "the corpus file is covered")
        let starts = Self.pesPayloadStarts(data, pid: original.streams[0].id)
        #expect(starts.count >= 2)
        for s in starts { #expect(MPEGTSContainerDemux.startsWithAccessUnitDelimiter(Array(data[s..<s + 6]))) }
        data[starts[1] + 3] = 0x02 // 00 00 00 02: the PES no longer starts with a start code
        #expect(try open(data, "inside.ts") == nil)
    }

    @Test func accessUnitDelimiterStart() {
        #expect(MPEGTSContainerDemux.startsWithAccessUnitDelimiter([0, 0, 0, 1, 0x09, 0xF0]))
        #expect(MPEGTSContainerDemux.startsWithAccessUnitDelimiter([0, 0, 1, 0x09, 0xF0]))
        #expect(!MPEGTSContainerDemux.startsWithAccessUnitDelimiter([0, 0, 0, 1, 0x67, 0x64]))
        #expect(!MPEGTSContainerDemux.startsWithAccessUnitDelimiter([0xAE, 0x11, 0xDB, 0x40]))
    }

    /// shaka-player's hls-ts-h264 segments (a PES starts 36 bytes before the next access unit
    /// delimiter) go to libavformat, and the report is libavformat's packets' (same either way).
    @Test(.enabled(if: RealWorldCorpusFixTests.real("shaka-player__test__test__assets__hls-ts-h264__fileSequence0.ts") != nil,
                   "Corpus/real/files absent"))
    func shakaTSSegmentsAreLibavformats() throws {
        for n in 0...1 {
            let path = try #require(Self.real("shaka-player__test__test__assets__hls-ts-h264__fileSequence\(n).ts"))
            let (file, headers, _) = try MPEGTSContainerDemuxTests.open(path)
            #expect(MPEGTSContainerDemux.open(file: file, headers: headers, options: ProbeOptions()) == nil)
            #expect(MPEGTSContainerDemux.open(file: file, headers: headers, options: ProbeOptions(frames: nil)) == nil)
        }
    }

    /// An init segment whose H.264 SPS has timing information without fixed_frame_rate_flag
    /// (shaka-player's init-fairplay.mp4: time_scale 180000, num_units_in_tick 1, flag 0;
    /// sintel-video-init.mp4: 48 and 1, flag 0) states no frame rate: ffprobe, MediaInfo and the
    /// bytes give none; hdrprobe said 90000 and 24.
    @Test(.enabled(if: RealWorldCorpusFixTests.real("shaka-player__test__test__assets__init-fairplay.mp4") != nil,
                   "Corpus/real/files absent"))
    func initSegmentWithoutFixedRateHasNoFrameRate() throws {
        let engine = ProbeEngine(options: ProbeOptions())
        for name in ["init-fairplay.mp4", "sintel-video-init.mp4"] {
            let path = try #require(Self.real("shaka-player__test__test__assets__" + name))
            let video = try #require(engine.probe(path: path).streams.first { $0.kind == .video })
            #expect(video.frameRate?.value == nil, "\(name)")
        }
    }

    /// A file with two top-level `moov` boxes (mp4parse-rust's test_case_1185230.mp4 repeats its
    /// ftyp and moov, the second with a broken mdhd) is not a shape the own MP4 reader was checked
    /// on: it declines it and libavformat reads it. From the corpus's sdr_h264.mp4 with its moov
    /// appended again.
    @Test func fileWithTwoMovieBoxesIsDeclined() throws {
        let url = TestPaths.corpus.appendingPathComponent("sdr_h264.mp4")
        let data = [UInt8](try Data(contentsOf: url))
        var at = 0, moov: ArraySlice<UInt8>?
        while at + 8 <= data.count {
            let size = Int(data[at]) << 24 | Int(data[at + 1]) << 16 | Int(data[at + 2]) << 8 | Int(data[at + 3])
            if String(decoding: data[at + 4..<at + 8], as: UTF8.self) == "moov" { moov = data[at..<at + size] }
            guard size >= 8 else { break }
            at += size
        }
        let movie = try #require(moov)
        let tmp = FileManager.default.temporaryDirectory.appendingPathComponent("rw-moov-\(getpid())")
        try FileManager.default.createDirectory(at: tmp, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: tmp) }
        func open(_ bytes: [UInt8]) throws -> ISOBMFFContainerDemux? {
            let path = tmp.appendingPathComponent("f.mp4").path
            try Data(bytes).write(to: URL(fileURLWithPath: path))
            let file = try MediaFile(path: path, deadline: .max)
            return ISOBMFFContainerDemux.open(file: file, headers: ContainerHeaders.read(file, head: file.read(at: 0, count: 8192)),
                                              options: ProbeOptions())
        }
        #expect(try open(data) != nil, "the corpus file is covered")
        #expect(try open(data + movie) == nil)
    }
}
#endif
