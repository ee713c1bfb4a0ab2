#if FFmpeg
import Foundation
@testable import HDRProbeEngine
import HDRProbeModel
import HDRProbeContainers
import Testing

/// `container.duration`, `container.bitRate` and `container.fileSize` against ffprobe 5.1's
/// `-show_format` (duration, bit_rate, size) on every corpus file ffprobe reads: the same values
/// whichever reader (hdrprobe's own or libavformat) opened the file, including the fragmented
/// MP4 files that declare no movie duration and the raw streams that declare none at all.
@Suite struct ContainerFactsTests {
    static let files: [String] = {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: TestPaths.corpus.path)) ?? []
        return names.filter { ["mp4", "mkv", "webm", "ts", "ivf", "hevc", "h264"].contains(($0 as NSString).pathExtension) }
            .filter { !$0.hasPrefix("bad_") }.sorted()
    }()

    @Test func containerFactsAreFFprobesFormat() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/ffprobe") else { return }
        var compared = 0, withDuration = 0
        for name in Self.files {
            let path = TestPaths.corpus.appendingPathComponent(name).path
            let report = ProbeEngine(options: ProbeOptions()).probe(path: path)
            guard report.status == .ok else { continue }
            let probe = try ISOBMFFEncryptedFilesTests.ffprobe(path, ["-show_format"])
            let format = try #require(probe["format"] as? [String: Any], "\(name)")
            let size = (format["size"] as? String).flatMap(Int.init)
            #expect(report.container.fileSize == size, "\(name): size")
            let duration = (format["duration"] as? String).flatMap(Double.init)
            if let duration {
                withDuration += 1
                #expect(report.container.duration.map { abs($0 - duration) <= 0.0005 } == true,
                        "\(name): duration \(String(describing: report.container.duration)), ffprobe \(duration)")
            } else {
                #expect(report.container.duration == nil, "\(name): ffprobe states no duration")
            }
            #expect(report.container.bitRate == (format["bit_rate"] as? String).flatMap(Int.init), "\(name): bit rate")
            compared += 1
        }
        #expect(compared >= 60 && withDuration >= 50, "\(compared) files compared, \(withDuration) with a duration")
    }

    /// The overall rate libavformat estimates when the container declares none: 10,367 bytes over
    /// 0.32 s (`Corpus/hdr10_hevc.mp4`, ffprobe bit_rate 259175); a declared rate wins.
    @Test func overallBitRateIsLibavformatsEstimate() {
        #expect(ProbeEngine.overallBitRate(declared: nil, duration: 0.32, fileSize: 10_367) == 259_175)
        #expect(ProbeEngine.overallBitRate(declared: 1_000, duration: 0.32, fileSize: 10_367) == 1_000)
        #expect(ProbeEngine.overallBitRate(declared: nil, duration: nil, fileSize: 10_367) == nil)
        #expect(ProbeEngine.overallBitRate(declared: nil, duration: 0, fileSize: 10_367) == nil)
    }
}
#endif
