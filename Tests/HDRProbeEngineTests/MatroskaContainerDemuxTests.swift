#if FFmpeg
import CFFmpeg
import Foundation
@testable import HDRProbeEngine
import Testing
import HDRProbeContainers
import HDRProbeFFmpeg

/// hdrprobe's own Matroska reader (``MatroskaContainerDemux``) against libavformat's matroska
/// demuxer (FFmpeg 5.1 here), the independent reader: for every Matroska/WebM file of the corpus
/// (and of ../shared/external when present) the own reader covers, the streams (every field that
/// reaches a report), the container duration and bit rate, and the packets (order, stream, and for
/// video pts and bytes) are libavformat's; the probe reports are identical either way.
@Suite struct MatroskaContainerDemuxTests {
    static func matroskaFiles(in dir: URL) -> [String] {
        var out: [String] = []
        guard let names = FileManager.default.enumerator(atPath: dir.path) else { return [] }
        // Corpus/real (other projects' media) has its own differential test (RealWorldCorpusTests).
        for case let name as String in names where (name.hasSuffix(".mkv") || name.hasSuffix(".webm")) && !name.hasPrefix("real/") {
            out.append(dir.appendingPathComponent(name).path)
        }
        return out.sorted()
    }

    /// The corpus's, ../shared/external's when present, and those HDRPROBE_MATROSKA_FILES names
    /// (colon-separated; e.g. bench/films.sh's films, too large for the corpus).
    static let files: [String] = matroskaFiles(in: TestPaths.corpus)
        + (TestPaths.hasExternal ? matroskaFiles(in: TestPaths.external) : [])
        + (ProcessInfo.processInfo.environment["HDRPROBE_MATROSKA_FILES"]?.split(separator: ":").map(String.init) ?? [])

    /// Both readers of `path`; nil when the own reader declines it.
    static func open(_ path: String, options: ProbeOptions = ProbeOptions()) throws -> (own: MatroskaContainerDemux, libav: Demuxer)? {
        let file = try MediaFile(path: path, deadline: .max)
        let head = file.read(at: 0, count: 8192)
        let headers = ContainerHeaders.read(file, head: head)
        guard let own = MatroskaContainerDemux.open(file: file, headers: headers, options: options) else { return nil }
        let libavFile = try MediaFile(path: path, deadline: .max)
        let libav = try Demuxer(file: libavFile, signature: headers.signature, head: head, probeBytes: options.probeBytes)
        return (own, libav)
    }

    /// The fields of a stream that reach a report, as text (attachments: what `describe` reads).
    static func reportFields(_ s: DemuxedStream) -> [String] {
        var fields = ["\(s.index)", "\(s.id)", "\(s.kind)", s.codecName ?? "-", "\(String(describing: s.codec))", s.codecTag ?? "-",
                      "\(s.profile)", "\(s.level)", "\(s.isDefault)"]
        guard s.kind == .video || s.kind == .audio else { return fields }
        fields += ["\(String(describing: s.bitRate))", "\(String(describing: s.durationSeconds))", "\(String(describing: s.channels))"]
        if s.kind == .audio {
            if s.codecName == "aac" { fields.append("\(s.extradata)") }
            return fields
        }
        let dovi = s.doviRecord.map { "\($0.versionMajor).\($0.versionMinor) p\($0.profile) l\($0.level) c\($0.compatibilityId) \($0.rpuPresent)\($0.elPresent)\($0.blPresent)" }
        fields += ["\(String(describing: s.width))x\(String(describing: s.height))", "\(String(describing: s.bitDepth))",
                   s.chromaSubsampling ?? "-", "\(s.colour)", "\(s.extradata)", s.avgFrameRate?.rational ?? "-",
                   s.realFrameRate?.rational ?? "-", "\(s.timeBase.num)/\(s.timeBase.den)", dovi ?? "-"]
        return fields
    }

    @Test func streamsAreLibavformats() throws {
        var covered: [String] = []
        for path in Self.files {
            guard let (own, libav) = try Self.open(path) else { continue }
            covered.append(path)
            let name = URL(fileURLWithPath: path).lastPathComponent
            #expect(own.formatName == libav.formatName, "\(name)")
            #expect(own.formatDuration == libav.formatDuration, "\(name): duration")
            #expect(own.formatBitRate == libav.formatBitRate, "\(name): bit rate")
            #expect(own.streams.count == libav.streams.count, "\(name): stream count")
            for (a, b) in zip(own.streams, libav.streams) {
                #expect(Self.reportFields(a) == Self.reportFields(b), "\(name) stream \(b.index)")
                #expect(libav.indexSamples(stream: b.index).allSatisfy { $0.size == 0 }, "\(name): libavformat's Matroska index has no sizes")
            }
        }
        print("own Matroska reader: \(covered.count) of \(Self.files.count) files; libavformat for \(Set(Self.files).subtracting(covered).map { URL(fileURLWithPath: $0).lastPathComponent }.sorted())")
        // Most of the corpus's Matroska files (mkvmerge and ffmpeg output) are covered: not a vacuous pass.
        #expect(covered.count >= 25, "covered: \(covered)")
    }

    typealias Packet = (stream: Int, pts: Int64?, data: [UInt8])

    /// The first `limit` packets of a reader: stream of every packet; pts and bytes of video packets.
    static func packets(_ source: any ContainerDemux, limit: Int) -> [Packet] {
        let video = Set(source.streams.filter { $0.kind == .video }.map(\.index))
        var out: [Packet] = []
        while out.count < limit, let p = source.readPacket(wantsData: { video.contains($0) }) {
            out.append(video.contains(p.streamIndex) ? (p.streamIndex, p.pts, p.data) : (p.streamIndex, nil, []))
        }
        return out
    }

    @Test func packetsAreLibavformats() throws {
        var covered = 0
        for path in Self.files {
            guard let (own, libav) = try Self.open(path) else { continue }
            covered += 1
            let name = URL(fileURLWithPath: path).lastPathComponent
            let mine = Self.packets(own, limit: 400)
            let theirs = Self.packets(libav, limit: 400)
            #expect(mine.count == theirs.count, "\(name): packet count")
            for (i, (a, b)) in zip(mine, theirs).enumerated() where a.stream != b.stream || a.pts != b.pts || a.data != b.data {
                Issue.record("\(name) packet \(i): stream \(a.stream) vs \(b.stream), pts \(String(describing: a.pts)) vs \(String(describing: b.pts)), \(a.data.count) vs \(b.data.count) bytes")
                break
            }
        }
        #expect(covered >= 25)
    }

    @Test(arguments: [32, 1] as [Int?])
    func reportsAreTheSameEitherWay(frames: Int?) throws {
        for path in Self.files { try ReaderEquivalence.expectSameReports(path, frames: frames, switch: \.ownContainerReaders) }
    }

    @Test(.enabled(if: FileManager.default.fileExists(atPath: "/proc/self/maps"), "glibc's dynamic linker (Linux)"))
    func probingACoveredMatroskaFileLoadsNoFFmpeg() throws {
        let path = TestPaths.corpus.appendingPathComponent("dv_p81.mkv").path
        #expect(try Self.open(path) != nil, "dv_p81.mkv is covered")
        let (libraries, result) = try FFmpegLoadingTests.loaded(["probe", "--json", path])
        #expect(result.status == 0, "\(result.stdout)")
        #expect(libraries.isEmpty, "loaded \(libraries)")
        #expect(result.stdout.contains("\"demuxer\": \"matroska,webm\"") || result.stdout.contains("\"demuxer\":\"matroska,webm\""))
    }
}
#endif
