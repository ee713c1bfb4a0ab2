#if FFmpeg
import Foundation
@testable import HDRProbeEngine
import Testing
import HDRProbeContainers
import HDRProbeFFmpeg

/// hdrprobe's own TS reader (``MPEGTSContainerDemux``) against libavformat's mpegts demuxer with
/// `avformat_find_stream_info` (FFmpeg 5.1), the independent reader here, over every .ts/.m2ts of
/// the corpus (and of ../shared/external when present): for each file the own reader accepts, the
/// stream description, container duration and bit rate, and the video packets (bytes and
/// timestamps) are libavformat's, and the probe reports (frame scan, per-frame metadata) are
/// identical with and without own container readers. Files it declines are listed.
@Suite struct MPEGTSContainerDemuxTests {
    static let files: [String] = {
        func list(_ dir: URL) -> [String] {
            guard let e = FileManager.default.enumerator(atPath: dir.path) else { return [] }
            // Corpus/real (other projects' media) has its own differential test (RealWorldCorpusTests).
            return e.compactMap { $0 as? String }.filter { !$0.hasPrefix("real/") && ["ts", "m2ts", "mts"].contains(($0 as NSString).pathExtension.lowercased()) }
                .map { dir.appendingPathComponent($0).path }
        }
        return (list(TestPaths.corpus) + (TestPaths.hasExternal ? list(TestPaths.external) : [])).sorted()
    }()

    static func open(_ path: String) throws -> (file: MediaFile, headers: ContainerHeaders, head: [UInt8]) {
        let file = try MediaFile(path: path, deadline: .max)
        let head = file.read(at: 0, count: 8192)
        return (file, ContainerHeaders.read(file, head: head), head)
    }

    @Test(.enabled(if: ReferenceLibavformat.isLoaded, ReferenceLibavformat.skipReason)) func streamsDurationBitRateAndPacketsAreLibavformats() throws {
        var covered: [String] = []
        for path in Self.files {
            let (file, headers, head) = try Self.open(path)
            guard let own = MPEGTSContainerDemux.open(file: file, headers: headers, options: ProbeOptions(frames: nil)) else { continue }
            covered.append((path as NSString).lastPathComponent)
            let libavFile = try MediaFile(path: path, deadline: .max)
            let libav = try Demuxer(file: libavFile, signature: headers.signature, head: head, probeBytes: 2 << 20)
            let name = (path as NSString).lastPathComponent
            #expect(own.formatName == libav.formatName, "\(name)")
            #expect(own.streams.count == libav.streams.count, "\(name): stream count")
            for (a, b) in zip(own.streams, libav.streams) {
                #expect(a.index == b.index && a.id == b.id && a.kind == b.kind, "\(name): stream identity")
                #expect(a.codecName == b.codecName && a.codec == b.codec, "\(name): codec")
                #expect(a.avgFrameRate == b.avgFrameRate, "\(name): avg_frame_rate \(String(describing: a.avgFrameRate)) vs \(String(describing: b.avgFrameRate))")
                #expect(a.realFrameRate == b.realFrameRate, "\(name): r_frame_rate \(String(describing: a.realFrameRate)) vs \(String(describing: b.realFrameRate))")
                #expect(a.timeBase == b.timeBase, "\(name): time base")
                #expect(a.extradata.isEmpty == b.extradata.isEmpty && a.extradata.prefix(3) == b.extradata.prefix(3), "\(name): extradata")
                #expect(a.bitRate == b.bitRate, "\(name): stream bit rate")
            }
            ReaderEquivalence.expectSameFormatAndPackets(own, libav, name)
        }
        print("own TS reader: \(covered.count) of \(Self.files.count) files: \(covered)")
        // The corpus's single-video TS files made by ffmpeg's mpegts muxer are covered: not a vacuous pass.
        #expect(covered.count >= 20, "covered: \(covered)")
    }

    /// The reports and per-frame metadata of `paths` with and without own container readers.
    static func expectSameReportsEitherWay(_ paths: [String], frames: Int?) throws {
        for path in paths { try ReaderEquivalence.expectSameReports(path, frames: frames, switch: \.ownContainerReaders) }
    }

    @Test(arguments: [32, nil] as [Int?])
    func reportsAreTheSameEitherWay(frames: Int?) throws {
        try Self.expectSameReportsEitherWay(Self.files, frames: frames)
    }
}
#endif
