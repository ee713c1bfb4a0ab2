#if FFmpeg
import Foundation
import HDRProbeModel
import HDRProbeContainers
import HDRProbeFFmpeg
@testable import HDRProbeEngine
import Testing

/// The real-world conformance corpus: other projects' test media (shaka-player,
/// gpac/testsuite, dovi_tool, hdr10plus_tool, mp4ff, mp4parse-rust, libwebm, fq, mux.js, Bento4,
/// go-mp4, mp4-rust), materialised by `Corpus/real/materialise.sh` into the git-ignored
/// `Corpus/real/files/` from repository snapshots and never committed. Both tests skip when the
/// folder is absent.
///
/// 1. Every report against `Corpus/real/expected.json`'s decided facts (`scripts/real-facts.py`:
///    ffprobe 5.1, ffprobe 8.1, MediaInfo, mkvinfo; decided by agreement or from the bytes, never from
///    hdrprobe). A difference is a failure unless `Corpus/real/triage.tsv` names it (a policy or a
///    peer convention explained in docs/real-world-corpus.md).
/// 2. hdrprobe's own container readers against libavformat on every file both read: the own reader
///    the probe would choose gives libavformat's streams (every field that reaches a report), format
///    duration and bit rate and packets, and the reports are the same with and without own readers.
@Suite struct RealWorldCorpusTests {
    static let root = TestPaths.corpus.appendingPathComponent("real")
    /// The whole corpus where `materialise.sh` filled `files/`, else the committed `subset/`
    /// (Corpus/real/NOTICE.md, "The committed subset").
    static let filesDir: URL = {
        let files = root.appendingPathComponent("files")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: files.path)) ?? []
        return names.contains { !$0.hasSuffix(".part") } ? files : root.appendingPathComponent("subset")
    }()

    static var present: [URL] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: filesDir.path)) ?? []
        return names.filter { !$0.hasSuffix(".part") }.sorted().map { filesDir.appendingPathComponent($0) }
    }

    /// The decided facts are those of full libavformat builds (Debian's FFmpeg 5.1, ffprobe 8.1):
    /// a minimal FFmpeg — the second CI build's 7.1 has no AVI, raw H.264, IVF or OBU demuxer and
    /// few parsers — cannot open much of the corpus, so these tests run on the full builds only.
    static var fullLibavformat: Bool {
        ["avi", "h264", "ivf", "obu", "flv", "m4v"].allSatisfy(FFmpegVersions.hasDemuxer)
    }

    static var hasFiles: Bool { !present.isEmpty && fullLibavformat }
    static let skipReason: Comment = "neither Corpus/real/files nor Corpus/real/subset holds files, or this FFmpeg lacks demuxers the corpus needs"

    // MARK: - JSON values

    /// A JSON value decoded without Foundation's NSNumber ambiguity (Bool vs number).
    enum Value: Decodable, Equatable, CustomStringConvertible {
        case null, bool(Bool), int(Int), double(Double), string(String), array([Value]), object([String: Value])

        init(from decoder: Decoder) throws {
            let c = try decoder.singleValueContainer()
            if c.decodeNil() { self = .null } else if let b = try? c.decode(Bool.self) { self = .bool(b) }
            else if let i = try? c.decode(Int.self) { self = .int(i) } else if let d = try? c.decode(Double.self) { self = .double(d) }
            else if let s = try? c.decode(String.self) { self = .string(s) } else if let a = try? c.decode([Value].self) { self = .array(a) }
            else { self = .object(try c.decode([String: Value].self)) }
        }

        subscript(_ key: String) -> Value { if case let .object(o) = self { return o[key] ?? .null }; return .null }
        var isNull: Bool { self == .null }
        var number: Double? {
            switch self { case let .int(i): Double(i); case let .double(d): d; default: nil }
        }
        var description: String {
            switch self {
            case .null: "null"
            case let .bool(b): "\(b)"
            case let .int(i): "\(i)"
            case let .double(d): "\(d)"
            case let .string(s): "\"\(s)\""
            case let .array(a): "[" + a.map(\.description).joined(separator: ", ") + "]"
            case let .object(o): "{" + o.keys.sorted().map { "\($0): \(o[$0]!)" }.joined(separator: ", ") + "}"
            }
        }

        /// Equal, numbers within 0.0015 (frame rates and luminances are compared at three or four decimals).
        func matches(_ other: Value) -> Bool {
            if let a = number, let b = other.number { return abs(a - b) <= 0.0015 }
            return self == other
        }
    }

    // MARK: - Reading a report under expected.json's keys (as scripts/real-summary.py does)

    static func round(_ v: Value, _ places: Double) -> Value {
        guard let n = v.number else { return .null }
        return .double((n * places).rounded() / places)
    }

    static func facts(of report: ProbeReport) throws -> [String: Value] {
        let json = try JSONDecoder().decode(Value.self, from: JSONEncoder().encode(report))
        var f: [String: Value] = ["status": json["status"]]
        guard json["status"] == .string("ok") else { return f }
        f["container"] = json["container"]["format"]
        guard case let .array(streams) = json["streams"] else { return f }
        func count(_ kind: String) -> Value { .int(streams.filter { $0["kind"] == .string(kind) }.count) }
        f["streams.video"] = count("video")
        f["streams.audio"] = count("audio")
        f["streams.subtitle"] = count("subtitle")
        guard let v = streams.first(where: { $0["kind"] == .string("video") }) else { return f }
        let md = v["hdr"]["masteringDisplay"], cll = v["hdr"]["contentLightLevel"], conf = v["dolbyVision"]["configuration"]
        f["video.codec"] = v["codec"]
        f["video.profile"] = v["profile"]
        f["video.level"] = v["level"]
        f["video.width"] = v["width"]
        f["video.height"] = v["height"]
        f["video.bitDepth"] = v["bitDepth"]
        f["video.chroma"] = v["chromaSubsampling"]
        f["color.primaries"] = v["color"]["primaries"]
        f["color.transfer"] = v["color"]["transfer"]
        f["color.matrix"] = v["color"]["matrix"]
        f["color.range"] = v["color"]["range"]
        f["frameRate"] = v["frameRate"]["value"]
        f["hdr.masteringDisplay"] = .bool(!md.isNull)
        f["hdr.maxLuminance"] = round(md["maxLuminance"], 1)
        f["hdr.minLuminance"] = round(md["minLuminance"], 10000)
        f["hdr.maxCLL"] = cll["maxCLL"]
        f["hdr.maxFALL"] = cll["maxFALL"]
        f["hdr.hdr10Plus"] = .bool(v["hdr"]["hdr10Plus"]["present"] == .bool(true))
        f["dv.configuration"] = .bool(!conf.isNull)
        f["dv.profile"] = conf["profile"]
        f["dv.level"] = conf["level"]
        f["dv.compatibilityId"] = conf["compatibilityId"]
        f["dv.rpu"] = .bool(v["dolbyVision"]["rpu"]["present"] == .bool(true))
        f["hdr.formats"] = v["hdr"]["formats"].isNull ? .array([]) : v["hdr"]["formats"]
        return f
    }

    /// `Corpus/real/triage.tsv`: file (or `prefix*`), key, triage, reason — the known differences
    /// from the decided facts that are a documented policy rather than a defect.
    static func triaged() -> [(pattern: String, key: String)] {
        guard let text = try? String(contentsOf: root.appendingPathComponent("triage.tsv"), encoding: .utf8) else { return [] }
        return text.split(separator: "\n").filter { !$0.hasPrefix("#") && !$0.isEmpty }.compactMap {
            let p = $0.split(separator: "\t", omittingEmptySubsequences: false)
            return p.count >= 2 ? (String(p[0]), String(p[1])) : nil
        }
    }

    static func isTriaged(_ file: String, _ key: String, in list: [(pattern: String, key: String)]) -> Bool {
        list.contains { ($0.key == key || $0.key == "*") && ($0.pattern == file || ($0.pattern.hasSuffix("*") && file.hasPrefix($0.pattern.dropLast()))) }
    }

    // MARK: - 1. Reports against the decided facts

    @Test(.enabled(if: RealWorldCorpusTests.hasFiles, RealWorldCorpusTests.skipReason))
    func reportsMatchTheDecidedFacts() throws {
        let expected = try JSONDecoder().decode(Value.self, from: Data(contentsOf: Self.root.appendingPathComponent("expected.json")))
        guard case let .array(files) = expected["files"] else { Issue.record("expected.json has no files"); return }
        let triage = Self.triaged()
        let engine = ProbeEngine(options: ProbeOptions())
        var checked = 0, fullyRight = 0, facts = 0
        var untriaged: [String] = []
        for entry in files {
            guard case let .string(name) = entry["file"] else { continue }
            let url = Self.filesDir.appendingPathComponent(name)
            guard FileManager.default.fileExists(atPath: url.path) else { continue }
            checked += 1
            let mine = try Self.facts(of: engine.probe(path: url.path))
            guard case let .object(keys) = entry["facts"] else { continue }
            var right = true
            for (key, value) in keys.sorted(by: { $0.key < $1.key }) {
                let decided = value["decided"]
                let got = mine[key] ?? .null
                facts += 1
                if got.matches(decided) { continue }
                right = false
                if !Self.isTriaged(name, key, in: triage) {
                    untriaged.append("\(name) \(key): hdrprobe \(got), decided \(decided)")
                }
            }
            fullyRight += right ? 1 : 0
        }
        print("real-world corpus: \(checked) files, \(facts) facts, hdrprobe fully right on \(fullyRight); \(untriaged.count) untriaged differences")
        #expect(untriaged.isEmpty, "untriaged differences from the decided facts:\n\(untriaged.joined(separator: "\n"))")
        #expect(checked >= 250, "the corpus is not vacuous")
    }

    // MARK: - 2. Own readers against libavformat

    /// Compares the own reader the probe picks for `url` with libavformat's demuxer over the same
    /// file, on what each own reader's own test holds it to (ISOBMFFContainerDemuxTests,
    /// MatroskaContainerDemuxTests, MPEGTSContainerDemuxTests, RawStreamContainerDemuxTests): the
    /// stream fields that reach a report, the format duration and bit rate, and the sample index
    /// (MP4) or the packets (TS, raw). Returns the own reader's name, or nil when none reads the file.
    static func compareOwnReader(_ url: URL) throws -> String? {
        let path = url.path, name = url.lastPathComponent
        let (file, headers, head) = try MPEGTSContainerDemuxTests.open(path)
        guard let own = ProbeEngine.ownContainer(file: file, headers: headers, options: ProbeOptions()) else { return nil }
        let reader = String(describing: type(of: own))
        let libavFile = try MediaFile(path: path, deadline: .max)
        guard let libav = try? Demuxer(file: libavFile, signature: headers.signature, head: head, probeBytes: 2 << 20,
                                       masks: headers.libavformatMasks) else {
            Issue.record("\(name): \(reader) reads a file libavformat cannot open")
            return reader
        }
        #expect(own.formatName == libav.formatName, "\(name): format \(own.formatName) vs \(libav.formatName)")
        #expect(own.streams.count == libav.streams.count, "\(name): stream count \(own.streams.count) vs \(libav.streams.count)")
        switch own {
        case is ISOBMFFContainerDemux:
            _ = try ISOBMFFContainerDemuxTests.compareWithLibavformat(path)
        case is MatroskaContainerDemux:
            #expect(own.formatDuration == libav.formatDuration, "\(name): duration")
            #expect(own.formatBitRate == libav.formatBitRate, "\(name): bit rate")
            for (a, b) in zip(own.streams, libav.streams) {
                let (x, y) = (MatroskaContainerDemuxTests.reportFields(a), MatroskaContainerDemuxTests.reportFields(b))
                #expect(x == y, "\(name) stream \(b.index): \(zip(x, y).filter { $0 != $1 }.map { "\($0.prefix(200)) | \($1.prefix(200))" })")
            }
        default: // TS and raw streams: stream values and every packet, read whole
            let (wholeFile, wholeHeaders, _) = try MPEGTSContainerDemuxTests.open(path)
            // A file longer than the reader's whole-read analysis (MPEGTSContainerDemux.analysisBytes)
            // is read by the own reader only for a frame scan: its packets are then libavformat's first ones.
            let wholeRead = ProbeEngine.ownContainer(file: wholeFile, headers: wholeHeaders, options: ProbeOptions(frames: nil))
            let whole = wholeRead ?? own
            for (a, b) in zip(whole.streams, libav.streams) {
                if own is MPEGTSContainerDemux {
                    let known = Self.knownStreamDifferences[name]
                    #expect(a.index == b.index && a.id == b.id && a.kind == b.kind && a.codecName == b.codecName, "\(name): stream identity")
                    #expect((a.avgFrameRate == b.avgFrameRate || known == "avgFrameRate") && a.realFrameRate == b.realFrameRate && a.timeBase == b.timeBase,
                            "\(name): rates \(String(describing: a.avgFrameRate))/\(String(describing: a.realFrameRate)) vs \(String(describing: b.avgFrameRate))/\(String(describing: b.realFrameRate))")
                    #expect(a.bitRate == b.bitRate, "\(name): stream bit rate")
                } else {
                    RawStreamContainerDemuxTests.expectSameStream(a, b, name)
                }
            }
            if wholeRead != nil {
                ReaderEquivalence.expectSameFormatAndPackets(whole, libav, name)
            } else {
                var i = 0
                while let p = own.readPacket(wantsData: { _ in true }) {
                    guard let q = libav.readPacket(wantsData: { _ in true }) else { Issue.record("\(name): libavformat has fewer packets"); break }
                    if p.streamIndex != q.streamIndex || p.pts != q.pts || p.data != q.data {
                        Issue.record("\(name): packet \(i) differs (pts \(String(describing: p.pts)) vs \(String(describing: q.pts)), \(p.data.count) vs \(q.data.count) bytes)")
                        break
                    }
                    i += 1
                }
            }
        }
        return reader
    }

    /// Stream-value differences between an own reader and libavformat that reach no report (the
    /// report equality below still holds), documented in docs/real-world-corpus.md: file → field.
    static let knownStreamDifferences: [String: String] = [
        // HEVC with 4 frames of reordering (has_b_frames 4): libavformat here (probesize 2 MiB, hdrprobe's
        // I/O) leaves avg_frame_rate 0/0 where the own reader and ffprobe's CLI give 30/1; the report
        // takes r_frame_rate (30/1) either way.
        "shaka-player__test__test__assets__hls-ts-h265__0.ts": "avgFrameRate",
    ]

    @Test(.enabled(if: RealWorldCorpusTests.hasFiles && ReferenceLibavformat.isLoaded,
                   "needs Corpus/real/files and FFmpeg 5.1's libavformat"))
    func ownReadersAreLibavformatsWhereBothRead() throws {
        var covered: [String: Int] = [:]
        for url in Self.present {
            guard let reader = try Self.compareOwnReader(url) else { continue }
            covered[reader, default: 0] += 1
            for frames in [32, 1] { try ReaderEquivalence.expectSameReports(url.path, frames: frames, switch: \.ownContainerReaders) }
        }
        print("real-world corpus, own readers vs libavformat: \(covered.values.reduce(0, +)) files; \(covered.sorted { $0.key < $1.key })")
        #expect(covered.values.reduce(0, +) >= 100, "not a vacuous pass")
    }
}
#endif
