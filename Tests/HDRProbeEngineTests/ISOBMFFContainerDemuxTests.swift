#if FFmpeg
import CFFmpeg
import Foundation
import HDRProbeParse
import HDRProbeModel
import HDRProbeContainers
import HDRProbeFFmpeg
@testable import HDRProbeEngine
import Testing

/// hdrprobe's own MP4/MOV container reader (``ISOBMFFContainerDemux``) against libavformat's mov
/// demuxer, the independent reader: for every ISO BMFF file of the corpus (Corpus/, Corpus/dash/,
/// and ../shared/external when present) the own reader accepts, every stream fact that reaches a
/// report is libavformat's, and so are the container duration and bit rate and each stream's
/// sample index (times, sizes, keyframes: the HLS BANDWIDTH input); the reports are identical with
/// and without the own reader. A count of covered files keeps the pass from being vacuous.
@Suite struct ISOBMFFContainerDemuxTests {
    static let files: [URL] = {
        var roots = [TestPaths.corpus]
        if TestPaths.hasExternal { roots.append(TestPaths.external) }
        var out: [URL] = []
        for root in roots {
            guard let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil) else { continue }
            // Corpus/real (other projects' media) has its own differential test (RealWorldCorpusTests).
            for case let url as URL in walker where !url.hasDirectoryPath && !url.path.contains("/Corpus/real/") {
                guard let file = try? MediaFile(path: url.path, deadline: .max),
                      ContainerSignature.sniff(file.read(at: 0, count: 64)) == .isobmff else { continue }
                out.append(url)
            }
        }
        return out.sorted { $0.path < $1.path }
    }()

    /// The facts of a stream that reach a report (ProbeEngine, StreamEvidenceBuilder): for audio
    /// the extradata only of AAC (the AudioSpecificConfig), for video no realFrameRate when an
    /// average one exists (the report takes the average).
    static func facts(_ s: DemuxedStream) -> String {
        let extradata = s.kind == .video || s.codecName == "aac" ? s.extradata : []
        let dovi = s.doviRecord.map { "\($0.profile)/\($0.level)/\($0.compatibilityId)/\($0.rpuPresent)\($0.elPresent)\($0.blPresent)" }
        return [
            "index \(s.index) id \(s.id) kind \(s.kind) codec \(s.codecName ?? "-") id \(String(describing: s.codec))",
            "profile \(s.profile) level \(s.level) size \(String(describing: s.width))x\(String(describing: s.height))",
            "depth \(String(describing: s.bitDepth)) chroma \(String(describing: s.chromaSubsampling))",
            "extradata \(extradata)",
            "fps \(String(describing: s.avgFrameRate ?? s.realFrameRate)) tb \(s.timeBase.num)/\(s.timeBase.den)",
            "dovi \(String(describing: dovi))",
            "bitrate \(String(describing: s.bitRate)) duration \(String(describing: s.durationSeconds)) default \(s.isDefault)",
        ].joined(separator: "; ")
    }

    /// Compares the own reader with libavformat on one file; false when the own reader declines it.
    static func compareWithLibavformat(_ path: String) throws -> Bool {
        let file = try MediaFile(path: path, deadline: .max)
        let head = file.read(at: 0, count: 8192)
        let headers = ContainerHeaders.read(file, head: head)
        guard let own = ISOBMFFContainerDemux.open(file: file, headers: headers, options: ProbeOptions()) else { return false }
        let name = (path as NSString).lastPathComponent
        let libav = try Demuxer(file: file, signature: headers.signature, head: head, probeBytes: 2 << 20,
                                masks: headers.libavformatMasks)
        #expect(own.formatName == libav.formatName, "\(name)")
        #expect(own.formatDuration == libav.formatDuration, "\(name): format duration")
        #expect(own.formatBitRate == libav.formatBitRate, "\(name): format bit rate")
        #expect(own.streams.count == libav.streams.count, "\(name): stream count")
        for (a, b) in zip(own.streams, libav.streams) {
            #expect(Self.facts(a) == Self.facts(b), "\(name) stream \(b.index)")
            let mine = own.indexSamples(stream: a.index)
            let theirs = libav.indexSamples(stream: b.index)
            #expect(mine.count == theirs.count && !theirs.isEmpty, "\(name) stream \(b.index): index entries")
            if let k = mine.indices.first(where: { $0 < theirs.count && mine[$0] != theirs[$0] }) {
                Issue.record("\(name) stream \(b.index): index entry \(k) \(mine[k]) vs \(theirs[k])")
            }
        }
        return true
    }

    @Test(.enabled(if: ReferenceLibavformat.isLoaded, ReferenceLibavformat.skipReason)) func streamsAndIndexesAreLibavformats() throws {
        let covered = try Self.files.filter { try Self.compareWithLibavformat($0.path) }.map(\.lastPathComponent)
        print("own MP4 container reader: \(covered.count) of \(Self.files.count) ISO BMFF files: \(covered)")
        #expect(covered.count >= 40, "covered: \(covered)")
    }

    static func json(_ report: ProbeReport) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        var object = try #require(try JSONSerialization.jsonObject(with: encoder.encode(report)) as? [String: Any])
        object["probe"] = nil // time and bytes read differ by design
        if var tool = object["tool"] as? [String: Any] {
            tool["libavformatUsed"] = nil
            object["tool"] = tool
        }
        return String(decoding: try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]), as: UTF8.self)
    }

    @Test(arguments: [32, 1] as [Int?])
    func reportsAreTheSameEitherWay(frames: Int?) throws {
        for url in Self.files { try ReaderEquivalence.expectSameReports(url.path, frames: frames, switch: \.ownContainerReaders) }
    }
}
#endif
