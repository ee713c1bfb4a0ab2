#if FFmpeg
import Foundation
import HDRProbeParse
import HDRProbeModel
import HDRProbeContainers
import HDRProbeFFmpeg
@testable import HDRProbeEngine
import Testing

/// HLS BANDWIDTH / AVERAGE-BANDWIDTH measured straight from the MP4 sample tables
/// (``SampleTableBandwidth``, `docs/rules/hls-signalling.md` §13) against the same measurement
/// over the sample index (``ProbeEngine/indexedBandwidth(video:audio:demuxer:)``: the own reader's
/// index, itself libavformat's — ``ISOBMFFContainerDemuxTests`` — and, where FFmpeg 5.1 is loaded,
/// libavformat's own index, the independent reader): the same `Int` values for every video stream
/// alone and with each audio stream, over every ISO BMFF file of the corpus, files FFmpeg 5.1 and
/// the static FFmpeg 8.1 make here (B-frames and edit lists, AAC and E-AC-3 5.1, `+faststart`, no
/// edit list, variable frame sizes over several 6-second windows), and the benchmark's sparse 4K
/// films when they are on this machine. The table path builds no index entry.
@Suite struct SampleTableBandwidthTests {
    struct Tally {
        var pairs = 0
        var streamed = 0
        var streamedWithEdit = 0
        var measured = 0
    }

    static func open(_ path: String) throws -> (ISOBMFFContainerDemux, ContainerHeaders, MediaFile, [UInt8])? {
        let file = try MediaFile(path: path, deadline: .max)
        let head = file.read(at: 0, count: 8192)
        let headers = ContainerHeaders.read(file, head: head)
        guard let own = ISOBMFFContainerDemux.open(file: file, headers: headers, options: ProbeOptions(frames: 1)) else { return nil }
        return (own, headers, file, head)
    }

    /// Compares both measurements on one file; nil when the own reader declines it.
    static func compare(_ path: String, tally: inout Tally, withLibavformat: Bool = ReferenceLibavformat.isLoaded) throws -> Bool {
        guard let (own, headers, file, head) = try open(path) else { return false }
        let name = (path as NSString).lastPathComponent
        let videos = own.streams.filter { $0.kind == .video }
        let audios: [DemuxedStream?] = [nil] + own.streams.filter { $0.kind == .audio }.map { $0 }
        var streamed: [HLSBandwidth?] = []
        for v in videos {
            for a in audios {
                let tracks = own.sampleTableTracks(video: v.index, audio: a?.index)
                if tracks != nil {
                    tally.streamed += 1
                    let edited = [v.index, a?.index].compactMap { $0 }.contains { headers.movie?.tracks[$0].editList != nil }
                    if edited { tally.streamedWithEdit += 1 }
                }
                streamed.append(ProbeEngine.measuredBandwidth(video: v, audio: a, demuxer: own))
                #expect(tracks == nil || own.indexSamplesBuilt == 0, "\(name): the table path built index entries")
            }
        }
        var k = 0
        for v in videos {
            for a in audios {
                let indexed = ProbeEngine.indexedBandwidth(video: v, audio: a, demuxer: own)
                #expect(streamed[k] == indexed, "\(name) video \(v.index) audio \(a.map { "\($0.index)" } ?? "-")")
                // Pairs of sample-table files: a fragmented file's BANDWIDTH comes from its fragment index.
                if own.fragments == nil { tally.pairs += 1 }
                if indexed != nil { tally.measured += 1 }
                k += 1
            }
        }
        guard withLibavformat else { return true }
        let libav = try Demuxer(file: file, signature: headers.signature, head: head, probeBytes: 2 << 20,
                                masks: headers.libavformatMasks)
        k = 0
        for v in videos {
            for a in audios {
                let reference = ProbeEngine.indexedBandwidth(video: libav.streams[v.index], audio: a.map { libav.streams[$0.index] },
                                                             demuxer: libav)
                #expect(streamed[k] == reference, "\(name) video \(v.index) audio \(a.map { "\($0.index)" } ?? "-"): libavformat's index")
                k += 1
            }
        }
        return true
    }

    /// Every track's ``ISOBMFFTrackIndex/indexStretch()`` against the index it describes
    /// (``ISOBMFFTrackIndex/entries()``, libavformat's — see the type): the same samples, sizes,
    /// keyframe flags and timestamps. Also for files whose packets the own reader leaves to
    /// libavformat (edits that start inside a GOP). Returns the tracks described and those with an edit.
    static func compareStretches(_ path: String) throws -> (described: Int, edited: Int) {
        let file = try MediaFile(path: path, deadline: .max)
        guard let movie = ContainerHeaders.read(file, head: file.read(at: 0, count: 8192)).movie else { return (0, 0) }
        var tally = (described: 0, edited: 0)
        for (i, track) in movie.tracks.enumerated() {
            guard let (_, timing) = ISOBMFFContainerDemux.describe(track, index: i, movieTimescale: movie.movieTimescale),
                  let index = timing as? ISOBMFFTrackIndex, let stretch = index.indexStretch() else { continue }
            tally.described += 1
            if index.edit != nil { tally.edited += 1 }
            var cursor = SampleTableBox.TimingCursor(table: index.table)
            cursor.skip(to: stretch.samples.lowerBound)
            var fromTables: [ISOBMFFTrackIndex.Entry] = []
            while cursor.isValid, cursor.sample < stretch.samples.upperBound {
                fromTables.append(.init(timestamp: cursor.decodeTime + stretch.shift, size: cursor.size, isKeyframe: cursor.isSync))
                cursor.advance()
            }
            #expect(fromTables == index.entries(), "\((path as NSString).lastPathComponent) track \(i)")
        }
        return tally
    }

    @Test func corpusFilesMeasureTheSame() throws {
        var tally = Tally()
        let covered = try ISOBMFFContainerDemuxTests.files.filter { try Self.compare($0.path, tally: &tally) }
        let stretches = try ISOBMFFContainerDemuxTests.files.map { try Self.compareStretches($0.path) }
        #expect(stretches.reduce(0) { $0 + $1.described } >= 40)
        print("BANDWIDTH from the tables: \(covered.count) files, \(tally.pairs) pairs, \(tally.streamed) streamed (\(tally.streamedWithEdit) with an edit list), \(tally.measured) measured")
        #expect(covered.count >= 40)
        // Every pair of the covered files is a shape the table path describes (none falls back).
        #expect(tally.streamed == tally.pairs)
        #expect(tally.streamedWithEdit >= 10)
        #expect(tally.measured >= 40)
    }

    static func which(_ name: String) -> String? {
        ["/usr/bin", "/usr/local/bin"].map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    static let ffmpegs: [(tag: String, path: String)] = {
        var out: [(String, String)] = []
        if let system = which("ffmpeg") { out.append(("51", system)) }
        if let static81 = MPEGTSGeneratedFilesTests.ffmpeg81 { out.append(("81", static81)) }
        return out
    }()

    /// name → ffmpeg arguments (the output file follows); 128×72 clips of 8 to 14 seconds.
    static let recipes: [(name: String, args: [String])] = {
        // Inputs first (a test picture, a tone), then the encoders: ffmpeg applies options to the next file named.
        func inputs(_ rate: String, seconds: Int, filter: String = "") -> [String] {
            ["-f", "lavfi", "-i", "testsrc2=size=128x72:rate=\(rate):duration=\(seconds)\(filter)",
             "-f", "lavfi", "-i", "sine=frequency=440:sample_rate=48000:duration=14", "-pix_fmt", "yuv420p", "-preset", "ultrafast"]
        }
        let x264 = ["-c:v", "libx264", "-bf", "3", "-g", "30"]
        let x265 = ["-c:v", "libx265", "-x265-params", "log-level=error:bframes=4:keyint=50", "-tag:v", "hvc1"]
        return [
            ("h264_bframes_aac.mp4", inputs("24000/1001", seconds: 14) + x264 + ["-c:a", "aac", "-shortest"]),
            ("hevc_bframes_eac3_51.mp4", inputs("25", seconds: 13) + x265 + ["-c:a", "eac3", "-ac", "6", "-shortest", "-movflags", "+faststart"]),
            ("h264_no_edit_list_aac.mp4", inputs("30", seconds: 9) + x264 + ["-c:a", "aac", "-shortest", "-use_editlist", "0"]),
            // Noise makes every frame's size its own; crf keeps sizes following the content.
            ("h264_noise_varying.mp4", inputs("50", seconds: 8, filter: ",noise=alls=40:allf=t+u")
                + ["-c:v", "libx264", "-bf", "2", "-g", "17", "-crf", "20", "-c:a", "aac", "-shortest"]),
            ("hevc_eac3_audio_longer.mp4", inputs("24", seconds: 8) + x265 + ["-c:a", "eac3"]),
        ]
    }()

    /// Stream copies cut 1.3 s into a made file: edits that start inside a GOP (frames before the
    /// edit's start kept in the index) and inside an audio packet (AAC 1024, E-AC-3 1536 samples).
    static let cuts: [(name: String, source: String)] = [
        ("h264_aac_cut.mp4", "h264_bframes_aac.mp4"), ("hevc_eac3_cut.mp4", "hevc_bframes_eac3_51.mp4"),
    ]

    /// The files, made once per test process into a temporary folder (each FFmpeg its own names).
    static let made: (dir: URL, names: [String]) = {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("hdrprobe-bandwidth-\(getpid())")
        try? FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        var names: [String] = []
        for (tag, ffmpeg) in ffmpegs {
            for r in recipes + cuts.map({ ($0.name, ["-ss", "1.3", "-i", "\(tag)_\($0.source)", "-t", "9", "-c", "copy"]) }) {
                let name = "\(tag)_\(r.name)"
                let run = try? CLI.run(["-v", "error", "-y"] + r.args + [name], directory: dir, program: ffmpeg)
                if run?.status == 0 { names.append(name) }
            }
        }
        return (dir, names)
    }()

    @Test(.enabled(if: !ffmpegs.isEmpty, "ffmpeg")) func generatedFilesMeasureTheSame() throws {
        defer { try? FileManager.default.removeItem(at: Self.made.dir) }
        #expect(Self.made.names.count == Self.ffmpegs.count * (Self.recipes.count + Self.cuts.count), "made: \(Self.made.names)")
        var tally = Tally()
        var edited = 0
        for name in Self.made.names {
            let path = Self.made.dir.appendingPathComponent(name).path
            let covered = try Self.compare(path, tally: &tally)
            // The cuts start inside a GOP: libavformat reads their packets (samples presented before the edit).
            #expect(covered == !Self.cuts.contains { name.hasSuffix($0.name) }, "\(name): own reader \(covered ? "accepted" : "declined")")
            let stretches = try Self.compareStretches(path)
            #expect(stretches.described == 2, "\(name)")
            edited += stretches.edited
        }
        #expect(edited >= 2 * Self.made.names.count - 2 * Self.ffmpegs.count, "tracks with an edit list: \(edited)")
        print("BANDWIDTH from the tables, generated: \(tally)")
        #expect(tally.streamed == tally.pairs)
        #expect(tally.measured == tally.pairs)
        #expect(tally.streamedWithEdit >= Self.ffmpegs.count * (Self.recipes.count - 1))
    }

    /// The benchmark's sparse films (`bench/films.sh`): `bench/.work` of this checkout or of the
    /// benchmark checkout on the measuring machine.
    static let films: [String] = {
        let dirs = [TestPaths.packageRoot.appendingPathComponent("bench/.work").path, "/work/bench/bench/.work"]
        guard let dir = dirs.first(where: { FileManager.default.fileExists(atPath: "\($0)/film30_end.mp4") }) else { return [] }
        return ["film30_end.mp4", "film120_end.mp4", "film30_faststart.mp4", "film120_faststart.mp4"]
            .map { "\(dir)/\($0)" }.filter { FileManager.default.fileExists(atPath: $0) }
    }()

    @Test(.enabled(if: !films.isEmpty, "the benchmark films (bench/.work) are not on this machine")) func filmsMeasureTheSame() throws {
        var tally = Tally()
        for path in Self.films {
            #expect(try Self.compare(path, tally: &tally), "\(path): the own reader declined it")
        }
        print("BANDWIDTH from the tables, films: \(tally)")
        #expect(tally.streamed == tally.pairs && tally.measured == tally.pairs)
    }
}
#endif
