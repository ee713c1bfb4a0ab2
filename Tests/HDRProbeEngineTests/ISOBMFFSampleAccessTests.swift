#if FFmpeg
import Foundation
import HDRProbeParse
import HDRProbeModel
import HDRProbeContainers
import HDRProbeFFmpeg
@testable import HDRProbeEngine
import Testing

/// hdrprobe's own ISO BMFF sample reader against libavformat's mov demuxer, the independent reader
/// here: for every ISO BMFF file of the corpus the own reader covers, the video packets of the first
/// 32 samples and of all samples (bytes, presentation timestamps, and the subsample maps of encrypted
/// ones) are the ones libavformat returns, and the probe reports (frame scan, per-frame metadata) are identical either way.
@Suite struct ISOBMFFSampleAccessTests {
    static let files: [String] = {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: TestPaths.corpus.path)) ?? []
        return names.sorted().filter { name in
            guard let file = try? MediaFile(path: TestPaths.corpus.appendingPathComponent(name).path, deadline: .max) else { return false }
            return ContainerSignature.sniff(file.read(at: 0, count: 64)) == .isobmff
        }
    }()

    typealias Packet = (stream: Int, pts: Int64?, data: [UInt8], subsamples: [SubsampleEncryption.Subsample]?)

    /// The video packets of each source, per stream, at most `limit` each; a fragmented file's
    /// samples come from the own container reader's fragment index.
    static func packets(path: String, limit: Int?) throws -> (own: [Int: [Packet]], libav: [Int: [Packet]])? {
        let file = try MediaFile(path: path, deadline: .max)
        let head = file.read(at: 0, count: 8192)
        let headers = ContainerHeaders.read(file, head: head)
        guard let demuxer = try? Demuxer(file: file, signature: headers.signature, head: head, probeBytes: 2 << 20,
                                         masks: headers.libavformatMasks) else { return nil }
        let video = demuxer.streams.filter { $0.kind == .video }
        let encrypted = { (s: DemuxedStream) in headers.track(forStreamID: s.id, index: s.index)?.sampleEntries.first?.protection != nil }
        let fragments = headers.movie?.hasMovieExtends == true
            ? ISOBMFFContainerDemux.open(file: file, headers: headers, options: ProbeOptions())?.fragments : nil
        guard let own = ISOBMFFSampleReader.make(file: file, headers: headers,
                                                 streams: video.map { .init(index: $0.index, id: $0.id, encrypted: encrypted($0)) },
                                                 limit: limit, fragments: fragments) else { return nil }
        let wanted = Set(video.map(\.index))
        func collect(_ source: SampleSource) -> [Int: [Packet]] {
            var out: [Int: [Packet]] = [:]
            while let p = source.readPacket(wantsData: { wanted.contains($0) }) {
                guard wanted.contains(p.streamIndex), out[p.streamIndex, default: []].count < (limit ?? .max) else { continue }
                out[p.streamIndex, default: []].append((p.streamIndex, p.pts, p.data, p.subsamples))
            }
            return out
        }
        return (collect(own), collect(demuxer))
    }

    /// Expects the own reader's packets of `path` (at most `limit` per stream) to be libavformat's:
    /// count, presentation time, bytes and subsample map; false when the own reader does not cover it.
    static func expectLibavformatsPackets(path: String, limit: Int?, name: String,
                                          sourceLocation: SourceLocation = #_sourceLocation) throws -> Bool {
        guard let (own, libav) = try packets(path: path, limit: limit) else { return false }
        #expect(own.keys.sorted() == libav.keys.sorted(), "\(name): streams", sourceLocation: sourceLocation)
        for (stream, packets) in libav {
            let mine = own[stream] ?? []
            #expect(mine.count == packets.count, "\(name) stream \(stream): packet count", sourceLocation: sourceLocation)
            for k in 0..<min(mine.count, packets.count) where !same(mine[k], packets[k]) {
                let a = mine[k], b = packets[k]
                let what = "pts \(String(describing: a.pts)) vs \(String(describing: b.pts)), \(a.data.count) vs \(b.data.count) bytes"
                let maps = "map \(String(describing: a.subsamples)) vs \(String(describing: b.subsamples))"
                Issue.record("\(name) stream \(stream) packet \(k): \(what), \(maps)", sourceLocation: sourceLocation)
                break
            }
        }
        return true
    }

    static func same(_ a: Packet, _ b: Packet) -> Bool {
        a.pts == b.pts && a.data == b.data && a.subsamples == b.subsamples
    }

    @Test(arguments: [32, nil] as [Int?])
    func ownPacketsAreLibavformats(limit: Int?) throws {
        var covered: [String] = []
        for name in Self.files {
            let path = TestPaths.corpus.appendingPathComponent(name).path
            guard try Self.expectLibavformatsPackets(path: path, limit: limit, name: name) else { continue }
            covered.append(name)
        }
        print("own ISO BMFF reader (limit \(String(describing: limit))): \(covered.count) of \(Self.files.count) files; libavformat for \(Set(Self.files).subtracting(covered).sorted())")
        // The corpus's plain MP4s (ffmpeg, mkvmerge → ffmpeg, packager) are covered: not a vacuous pass.
        #expect(covered.count >= 20, "covered: \(covered)")
    }

    /// The report without `probe` (time, bytes) and `tool.libavformatUsed`, which differ by design.
    static func json(_ report: ProbeReport) throws -> String { try ISOBMFFContainerDemuxTests.json(report) }

    @Test(arguments: [32, nil] as [Int?])
    func reportsAreTheSameEitherWay(frames: Int?) throws {
        var own = ProbeEngine(options: ReaderEquivalence.options(frames: frames))
        var libav = own
        own.options.ownSampleAccess = true
        libav.options.ownSampleAccess = false
        libav.options.ownContainerReaders = false
        for name in Self.files {
            let path = TestPaths.corpus.appendingPathComponent(name).path
            try ReaderEquivalence.expectSame(own.probeWithFrames(path: path), libav.probeWithFrames(path: path), name)
        }
    }
}
#endif
