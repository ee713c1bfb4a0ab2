#if FFmpeg
import Foundation
import HDRProbeParse
import HDRProbeFFmpeg
import HDRProbeEngine
import Testing

/// AVERAGE-BANDWIDTH of raw Annex B streams, which declare no duration: the scanned byte stream at
/// the frame rate (docs/ffmpeg-versions.md, "Raw Annex B bandwidth"). Expected values come from
/// the files themselves, not from hdrprobe: each is fully scanned (8 frames, Corpus/generate.sh:
/// x265 / x264 from an 8-frame y4m at 25 fps, confirmed with `ffprobe -count_frames`: 8, 25/1),
/// so the bytes are the file size less the zero_byte before the first start code prefix
/// (every file begins `00 00 00 01` and ends in slice data, not zeros: read with xxd), and
/// average = ceil(bytes × 8 × 25 / 8). The same on every FFmpeg, whatever its packet cuts.
@Suite("Raw Annex B bandwidth")
struct RawStreamBandwidthTests {
    static let files = ["dv_p81.hevc", "hdr10_hevc.hevc", "sdr_h264.h264"]
        .filter { FFmpegVersions.hasDemuxer($0.hasSuffix(".h264") ? "h264" : "hevc") }

    @Test(arguments: files)
    func averageBandwidthIsTheByteStreamAtTheFrameRate(_ name: String) throws {
        let url = TestPaths.corpus.appendingPathComponent(name)
        let data = try [UInt8](Data(contentsOf: url))
        #expect(data.starts(with: [0, 0, 0, 1]) && data.last != 0)
        let bytes = data.count - 1
        let expected = (bytes * 8 * 25 + 7) / 8
        let report = ProbeEngine().probe(path: url.path)
        let stream = try #require(report.streams.first)
        #expect(stream.frameRate?.value == 25)
        let line = try #require(stream.hls?.streamInf)
        #expect(line.contains("AVERAGE-BANDWIDTH=\(expected),"), "\(line)")
        #expect(line.contains(",BANDWIDTH=\(2 * expected),"), "\(line)")
    }

    @Test func packetCutsDoNotChangeTheCount() {
        // One stream, cut as FFmpeg 5.1 (zero_byte at the end of a packet) and as FFmpeg 7.1 (zero_byte
        // at the start of the next, the stream's first zero_byte dropped): the same count, which is
        // the stream from its first `00 00 01`.
        let au1: [UInt8] = [0, 0, 1, 0x40, 0x01, 0xAA, 0, 0, 1, 0x26, 0x01, 0xBB]
        let au2: [UInt8] = [0, 0, 1, 0x02, 0x01, 0xCC]
        var cut51 = AnnexBByteCount(), cut71 = AnnexBByteCount()
        cut51.add([0] + au1 + [0])
        cut51.add(au2)
        cut71.add(au1)
        cut71.add([0] + au2)
        #expect(cut51.bytes == au1.count + 1 + au2.count && cut71.bytes == cut51.bytes)
        // A packet of zeros only adds to the next one.
        var zeros = AnnexBByteCount()
        zeros.add(au1)
        zeros.add([0, 0])
        zeros.add(au2)
        #expect(zeros.bytes == au1.count + 2 + au2.count)
    }
}
#endif
