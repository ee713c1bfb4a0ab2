#if FFmpeg
import Foundation
import HDRProbeParse
import HDRProbeContainers
@testable import HDRProbeEngine
import Testing

/// hdrprobe's own MP4 reader on encrypted files (``ISOBMFFTrackEncryption``): plain (unfragmented)
/// files made at test time by FFmpeg 5.1's and the static FFmpeg 8.1's CENC writer
/// (`-encryption_scheme cenc-aes-ctr`, H.264, HEVC and AV1: `encv` + `sinf`, `senc` with subsample
/// maps in the sample table), and shapes it leaves to libavformat: encrypted audio (`enca`), FFmpeg's
/// fragmented CENC output (no `senc` in its fragments), Shaka Packager's single-file output of more
/// than one fragment. It takes Shaka's single-fragment `cenc` and `cbcs` output (`sidx` covering the
/// one fragment, `pssh` and an ID3 `meta` in `moov`, `saiz`/`saio` before `senc` in the `traf`, a
/// constant IV for `cbcs`). Which files the own reader takes follows from how each was made. For those,
/// the stream facts are ffprobe's (codec, codec tag = the `frma` original format, durations, rates),
/// every packet's subsample map covers exactly the sample ffprobe reports, with the clear part
/// FFmpeg's writer leaves (the 4-byte NAL length and one header byte per NAL unit of H.264/HEVC);
/// on FFmpeg 5.1 the streams, index and packets with their maps are libavformat's
/// (`AV_PKT_DATA_ENCRYPTION_INFO`); the reports are the same with and without the own readers.
@Suite(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/ffmpeg")
                  && FileManager.default.isExecutableFile(atPath: "/usr/bin/ffprobe"), "ffmpeg and ffprobe"))
struct ISOBMFFEncryptedFilesTests {
    /// `covered`, from how the file is made: a plain file, encrypted video only, `senc` in the sample table.
    typealias Recipe = ISOBMFFFragmentedFilesTests.Recipe

    static let key = ["-encryption_scheme", "cenc-aes-ctr", "-encryption_key", "00112233445566778899aabbccddeeff",
                      "-encryption_kid", "ffeeddccbbaa99887766554433221100"]
    static let source = ["-f", "lavfi", "-i", "testsrc2=size=128x72:rate=25:duration=1"]
    static let h264 = ["-c:v", "libx264", "-bf", "2", "-g", "12"]
    static let hevc = ["-c:v", "libx265", "-x265-params", "log-level=error:keyint=10", "-tag:v", "hvc1"]

    static let recipes: [Recipe] = [
        Recipe(name: "h264_cenc_51.mp4", args: source + h264 + key, covered: true),
        Recipe(name: "hevc_cenc_51.mp4", args: source + hevc + key, covered: true),
        Recipe(name: "h264_cenc_faststart_51.mp4", args: source + h264 + key + ["-movflags", "+faststart"], covered: true),
        Recipe(name: "h264_cenc_81.mp4", tool: "ffmpeg81", args: source + h264 + key, covered: true),
        Recipe(name: "hevc_cenc_81.mp4", tool: "ffmpeg81", args: source + hevc + key, covered: true),
        Recipe(name: "av1_cenc_81.mp4", tool: "ffmpeg81", args: source + ["-c:v", "libsvtav1", "-svtav1-params", "keyint=10"] + key,
               covered: true),
        Recipe(name: "h264_aac_cenc_51.mp4", args: source + ["-f", "lavfi", "-i", "sine=duration=1"] + h264 + ["-c:a", "aac"] + key,
               covered: false),
        Recipe(name: "h264_cenc_frag_51.mp4", args: source + h264 + key + ["-movflags", "frag_keyframe+empty_moov"], covered: false),
        // One keyframe, so one fragment: FFmpeg 5.1's fragmented CENC shape (no encryption boxes in the
        // `traf`, an empty `senc`/`saiz` and a `saio` in `moov`), on which libavformat fails every packet.
        Recipe(name: "h264_cenc_one_fragment_51.mp4", args: source + ["-c:v", "libx264", "-bf", "2", "-g", "250"] + key
                   + ["-movflags", "frag_keyframe+empty_moov"], covered: true),
    ]

    /// Shaka Packager's single-file output of `h264_clear.mp4` (1 s) with a raw key: one fragment
    /// (`sidx`, `pssh`, `saiz`/`saio` then `senc`) is covered; 0.4-second segments make three
    /// fragments, declined (libavformat 5.1 attaches the last-read fragment's encryption info).
    static let packaged: [(name: String, scheme: String, segment: String?)] = [
        ("shaka_cenc.mp4", "cenc", nil), ("shaka_cbcs.mp4", "cbcs", nil),
        ("shaka_cbcs_segments.mp4", "cbcs", "0.4"), ("shaka_cenc_segments.mp4", "cenc", "0.4"),
    ]

    static let made: [String: String] = {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("hdrprobe-enc-\(getpid())")
        var out = ISOBMFFFragmentedFilesTests.make(recipes, in: dir)
        let clear = dir.appendingPathComponent("h264_clear.mp4").path
        guard let packager = ISOBMFFFragmentedFilesTests.tool("packager"),
              (try? CLI.run(["-v", "error", "-y"] + source + h264 + [clear], program: "/usr/bin/ffmpeg"))?.status == 0 else { return out }
        for (name, scheme, segment) in packaged {
            let path = dir.appendingPathComponent(name).path
            let args = ["in=\(clear),stream=video,output=\(path)", "--enable_raw_key_encryption", "--protection_scheme", scheme,
                        "--keys", "label=:key_id=ffeeddccbbaa99887766554433221100:key=00112233445566778899aabbccddeeff",
                        "--clear_lead", "0", "--protection_systems", "Widevine"] + (segment.map { ["--segment_duration", $0] } ?? [])
            if (try? CLI.run(args, program: packager))?.status == 0 { out[name] = path }
        }
        return out
    }()

    /// The files of FFmpeg's fragmented CENC shape, from how they were made.
    static func failsEveryPacket(_ name: String) -> Bool {
        ["h264_cenc_one_fragment_51.mp4", "enc_ffcenc_hdr10_frag.mp4"].contains(name)
    }

    static func covered(_ name: String) -> Bool {
        recipes.first { $0.name == name }?.covered ?? packaged.contains { $0.name == name && $0.segment == nil }
    }

    /// The corpus's encrypted files the own reader takes, from how each was made (Corpus/generate.sh):
 /// FFmpeg's plain CENC file, FFmpeg's one-fragment CENC file (every packet read fails, in both
    /// readers) and Shaka's single-fragment output (with `frma dvh1` too, which libavformat 5.1 names
    /// the DV camcorder codec, and so does the own reader).
    static let corpusCovered: Set<String> = ["enc_ffcenc_dv_p81.mp4", "enc_ffcenc_hdr10_frag.mp4", "enc_cbcs_dv_p5_dvh1.mp4", "enc_cbcs_dv_p81.mp4", "enc_cbcs_hdr10_hevc.mp4",
                                             "enc_cbcs_hdr10plus_hevc.mp4", "enc_cenc_dv_p81.mp4", "enc_cenc_hdr10_hevc.mp4"]

    @Test func coverageFollowsHowEachFileWasMade() throws {
        #expect(Self.made.count >= Self.recipes.filter { $0.tool == "ffmpeg51" }.count, "made: \(Self.made.keys.sorted())")
        if ISOBMFFFragmentedFilesTests.tool("packager") != nil {
            #expect(Self.packaged.allSatisfy { Self.made[$0.name] != nil }, "made: \(Self.made.keys.sorted())")
        }
        let accepted = try ISOBMFFFragmentedFilesTests.expectCoverage(Self.made, covered: Self.covered).map(\.name)
        // Not a vacuous pass: FFmpeg 5.1's covered files (and 8.1's where installed) are read by the own reader.
        #expect(accepted.count >= 3, "accepted: \(accepted)")
    }

    /// The corpus's encrypted files: ``corpusCovered`` are read without libavformat.
    @Test func corpusCoverageFollowsHowEachFileWasMade() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: TestPaths.corpus.path).filter { $0.hasPrefix("enc_") }.sorted()
        #expect(names.count >= 8)
        for name in names {
            let own = try ISOBMFFGeneratedFilesTests.open(TestPaths.corpus.appendingPathComponent(name).path)
            #expect((own != nil) == Self.corpusCovered.contains(name), "\(name)")
            let report = ProbeEngine(options: ProbeOptions()).probe(path: TestPaths.corpus.appendingPathComponent(name).path)
            #expect(report.tool.libavformatUsed == (own == nil), "\(name)")
        }
    }

    static func ffprobe(_ path: String, _ args: [String]) throws -> [String: Any] {
        let out = try CLI.run(["-v", "error"] + args + ["-of", "json", path], program: "/usr/bin/ffprobe")
        return try #require(try JSONSerialization.jsonObject(with: Data(out.stdout.utf8)) as? [String: Any])
    }

    @Test func ownReaderAgreesWithFFprobe() throws {
        var checked = 0
        for (name, path) in Self.made.sorted(by: { $0.key < $1.key }) {
            guard let own = try ISOBMFFGeneratedFilesTests.open(path) else { continue }
            let probe = try Self.ffprobe(path, ["-show_streams", "-show_format"])
            let theirs = try #require(probe["streams"] as? [[String: Any]])
            #expect(own.streams.count == theirs.count, "\(name)")
            for (s, t) in zip(own.streams, theirs) {
                let what = "\(name) stream \(s.index)"
                #expect(t["codec_name"] as? String == s.codecName, "\(what)")
                #expect(t["codec_tag_string"] as? String == s.codecTag, "\(what): codec tag (the frma original format)")
                #expect(t["id"] as? String == String(format: "0x%x", s.id), "\(what)")
                #expect(t["duration"] as? String == s.durationSeconds.map { String(format: "%.6f", $0) }, "\(what)")
                #expect(t["time_base"] as? String == "\(s.timeBase.num)/\(s.timeBase.den)", "\(what)")
                #expect(t["avg_frame_rate"] as? String == s.avgFrameRate.map { "\($0.numerator)/\($0.denominator)" }, "\(what)")
                #expect(t["width"] as? Int == s.width && t["height"] as? Int == s.height, "\(what)")
                #expect(t["bit_rate"] as? String == s.bitRate.map(String.init), "\(what)")
            }
            // A fragmented file declares no movie duration (`mvhd` 0): ffprobe's format duration is then
            // avformat_find_stream_info's estimate from the streams, which hdrprobe's engine does not run
            // for MP4 — libavformat's own demuxer gives none, as the own reader (ownReaderAgreesWithLibavformat).
            let format = try #require(probe["format"] as? [String: Any])
            if own.fragments == nil {
                #expect(format["duration"] as? String == own.formatDuration.map { String(format: "%.6f", $0) }, "\(name)")
            } else {
                #expect(own.formatDuration == nil && format["duration"] != nil, "\(name)")
            }
            checked += 1
        }
        #expect(checked >= 3)
    }

    /// Every packet's map covers the sample exactly (ffprobe's packet sizes, in file order as the
    /// own reader hands them out), and for H.264/HEVC keeps clear what FFmpeg's writer leaves clear.
    @Test func mapsCoverTheSamplesFFprobeReads() throws {
        var packets = 0
        for (name, path) in Self.made.sorted(by: { $0.key < $1.key })
        where Self.recipes.contains(where: { $0.name == name && $0.covered }) && !Self.failsEveryPacket(name) {
            let probe = try Self.ffprobe(path, ["-show_packets", "-select_streams", "v:0"])
            let sizes = try #require(probe["packets"] as? [[String: Any]]).compactMap { ($0["size"] as? String).flatMap { Int($0) } }
            let file = try MediaFile(path: path, deadline: .max)
            let headers = ContainerHeaders.read(file, head: file.read(at: 0, count: 8192))
            let reader = try #require(ISOBMFFSampleReader.make(file: file, headers: headers,
                                                               streams: [.init(index: 0, id: 1, encrypted: true)], limit: nil))
            var mine: [(size: Int, map: [SubsampleEncryption.Subsample])] = []
            while let p = reader.readPacket(wantsData: { _ in true }) { mine.append((p.data.count, p.subsamples ?? [.init(clearBytes: -1, protectedBytes: 0)])) }
            #expect(mine.map(\.size) == sizes, "\(name): sample sizes")
            for (k, p) in mine.enumerated() {
                #expect(p.map.reduce(0) { $0 + $1.clearBytes + $1.protectedBytes } == p.size, "\(name) packet \(k): map covers the sample")
                if !name.hasPrefix("av1") {
                    #expect(!p.map.isEmpty && p.map.allSatisfy { $0.clearBytes == 5 }, "\(name) packet \(k): \(p.map)")
                }
            }
            packets += mine.count
        }
        #expect(packets >= 75, "packets checked: \(packets)")
    }

    @Test(.enabled(if: ReferenceLibavformat.isLoaded, ReferenceLibavformat.skipReason)) func ownReaderAgreesWithLibavformat() throws {
        var compared = 0
        let corpus = Self.corpusCovered.sorted().map { ($0, TestPaths.corpus.appendingPathComponent($0).path) }
        for (name, path) in Self.made.sorted(by: { $0.key < $1.key }) + corpus {
            let covered = Self.covered(name) || name.hasPrefix("enc_")
            #expect(try ISOBMFFContainerDemuxTests.compareWithLibavformat(path) == covered, "\(name)")
            for limit in [32, nil] as [Int?] where covered {
                #expect(try ISOBMFFSampleAccessTests.expectLibavformatsPackets(path: path, limit: limit, name: name), "\(name): packets")
                // Not vacuous: libavformat's packets carry encryption info, and so the own ones must —
                // or, for FFmpeg's fragmented shape, libavformat reads no packet, and neither does the own reader.
                let (own, libav) = try #require(try ISOBMFFSampleAccessTests.packets(path: path, limit: limit))
                if Self.failsEveryPacket(name) {
                    #expect(libav.isEmpty && own.isEmpty, "\(name): no packet read")
                } else {
                    #expect(!libav.isEmpty && libav.values.allSatisfy { $0.allSatisfy { $0.subsamples?.isEmpty == false } },
                            "\(name): libavformat's packets carry subsample maps")
                }
                compared += 1
            }
        }
        #expect(compared >= 24, "packet comparisons: \(compared)")
    }

    @Test(arguments: [32, 1, nil] as [Int?])
    func reportsAreTheSameEitherWay(frames: Int?) throws {
        let reports = try ISOBMFFFragmentedFilesTests.expectSameReports(Self.made, frames: frames, covered: Self.covered,
                                                                        switches: [\.ownContainerReaders, \.ownSampleAccess])
        for (name, report) in reports {
            #expect(report.streams.first { $0.kind == .video }?.encryption != nil, "\(name): reported as encrypted")
        }
    }

    /// Shaka's corpus file with its `traf` children rewritten: `order` (box types; "free" stands for
    /// a box of that type renamed `free`, same size, so every offset stays) → the new file's path.
    static func rewritten(_ name: String, order: [String], renaming: String? = nil) throws -> String {
        var bytes = [UInt8](try Data(contentsOf: TestPaths.corpus.appendingPathComponent(name)))
        let moof = try #require(ISOBoxWalker.walk(bytes).boxes.first { $0.type == "moof" })
        let traf = try #require(ISOBoxWalker.first("traf", in: bytes, range: moof.payload))
        let children = ISOBoxWalker.walk(bytes, range: traf.payload).boxes
        #expect(children.map(\.type) == ["tfhd", "tfdt", "trun", "saiz", "saio", "senc"], "\(name): as Shaka writes it")
        var payload: [UInt8] = []
        for type in order {
            let box = try #require(children.first { $0.type == type })
            var raw = Array(bytes[box.offset..<box.payload.upperBound])
            if type == renaming { raw.replaceSubrange(4..<8, with: Array("free".utf8)) }
            payload += raw
        }
        #expect(payload.count == traf.payload.count)
        bytes.replaceSubrange(traf.payload, with: payload)
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("hdrprobe-enc-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let path = dir.appendingPathComponent("\(order.joined(separator: "_"))_\(renaming ?? "")_\(name)").path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// libavformat 5.1's first-met rule (`docs/rules/encryption-cmaf.md` §4) on Shaka's files: with
    /// `senc` moved before `saiz`/`saio` (the `saio` offset now points at the `senc` box header, not
    /// at its entries) libavformat takes the maps from `senc`, and so does the own reader — the
    /// streams, index and packets with their maps are libavformat's.
    @Test(.enabled(if: ReferenceLibavformat.isLoaded, ReferenceLibavformat.skipReason)) func sencBeforeAuxiliaryInformationWins() throws {
        for name in ["enc_cenc_hdr10_hevc.mp4", "enc_cbcs_hdr10_hevc.mp4"] {
            let path = try Self.rewritten(name, order: ["tfhd", "tfdt", "trun", "senc", "saiz", "saio"])
            #expect(try ISOBMFFContainerDemuxTests.compareWithLibavformat(path), "\(name): covered")
            #expect(try ISOBMFFSampleAccessTests.expectLibavformatsPackets(path: path, limit: nil, name: name), "\(name): packets")
            let libav = try #require(try ISOBMFFSampleAccessTests.packets(path: path, limit: nil)).libav
            #expect(!libav.isEmpty && libav.values.allSatisfy { $0.allSatisfy { $0.subsamples?.isEmpty == false } }, "\(name)")
        }
    }

    /// `saiz` without `saio` (the `saio` renamed `free`): libavformat fails every packet read ("saiz
    /// atom found without saio"); the own reader declines, and the report is the same either way.
    @Test func auxiliarySizesWithoutOffsetsAreLeftToLibavformat() throws {
        for name in ["enc_cenc_hdr10_hevc.mp4", "enc_cbcs_hdr10_hevc.mp4"] {
            let path = try Self.rewritten(name, order: ["tfhd", "tfdt", "trun", "saiz", "saio", "senc"], renaming: "saio")
            #expect(try ISOBMFFGeneratedFilesTests.open(path) == nil, "\(name): declined")
            try ReaderEquivalence.expectSameReports(path, frames: nil, switch: \.ownContainerReaders)
        }
    }

    /// `frma dvh1` (Corpus/enc_cbcs_dv_p5_dvh1.mp4, Shaka's `cbcs` of a Dolby Vision profile 5 file):
    /// ffprobe names the codec `dvvideo` with the `hvcC` payload as extradata, and so does the own
    /// reader; the report names HEVC either way (``StreamEvidenceBuilder``), here without FFmpeg loaded.
    @Test func frmaDvh1IsLibavformatsDVCodec() throws {
        let path = TestPaths.corpus.appendingPathComponent("enc_cbcs_dv_p5_dvh1.mp4").path
        let own = try #require(try ISOBMFFGeneratedFilesTests.open(path))
        let theirs = try #require((try Self.ffprobe(path, ["-show_streams"])["streams"] as? [[String: Any]])?.first)
        #expect(theirs["codec_name"] as? String == own.streams[0].codecName && own.streams[0].codecName == "dvvideo")
        #expect(theirs["extradata_size"] as? Int == own.streams[0].extradata.count)
        let report = ProbeEngine(options: ProbeOptions()).probe(path: path)
        #expect(report.tool.libavformatUsed == false && report.streams.first?.codec == "hevc")
    }
}
#endif
