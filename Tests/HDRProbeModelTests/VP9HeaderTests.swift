import Testing
@testable import HDRProbeParse
@testable import HDRProbeModel
import HDRProbeTestSupport

/// The first 10 bytes of the first packet of `Corpus/vp9_hdr10.webm` (libvpx-vp9 `-profile:v 2
/// -pix_fmt yuv420p10le -colorspace bt2020nc -color_range tv`, 128x72, from ffprobe -show_data):
/// frame_marker 2, profile 2, key frame, sync code 49 83 42, 10-bit, color_space 5 (BT.2020),
/// studio range, 4:2:0 (profile 2 has no subsampling bits), 127 + 1 by 71 + 1.
private let vp9KeyFrame: [UInt8] = [0x92, 0x49, 0x83, 0x42, 0x50, 0x03, 0xF8, 0x02, 0x3B, 0x03]

@Test func vp9KeyFrameHeader() throws {
    let h = try VP9UncompressedHeader.parse(vp9KeyFrame)
    #expect(h.profile == 2 && h.bitDepth == 10)
    #expect(h.colorSpace == 5 && h.matrixCoefficients == 9 && !h.fullRange)
    #expect(h.chromaSubsampling == "4:2:0" && h.codecStringChroma == 1)
    #expect(h.width == 128 && h.height == 72)
}

@Test func vp9HeaderRejectsWhatCarriesNoColourConfig() {
    // inter frame (frame_type 1): 10 0 1 | 0 1 1 0 -> 0x96
    #expect(throws: BitstreamError.unsupported(.vp9NotKeyFrame)) { try VP9UncompressedHeader.parse([0x96, 0x00, 0x00]) }
    // frame_marker 0
    #expect(throws: BitstreamError.invalid(.vp9FrameMarker)) { try VP9UncompressedHeader.parse([0x12, 0x49, 0x83, 0x42]) }
    // cut inside the frame size
    #expect(throws: (any Error).self) { try VP9UncompressedHeader.parse(Array(vp9KeyFrame.prefix(6))) }
    // wrong sync code
    #expect(throws: BitstreamError.invalid(.vp9FrameSyncCode)) { try VP9UncompressedHeader.parse([0x92, 0x49, 0x83, 0x43, 0x50, 0, 0, 0, 0]) }
}

/// Profile 1 (8-bit 4:4:4, BT.709, full range) laid out by hand from VP9 §6.2:
/// 10 1 0 | 0 0 1 0 (marker, low 1, high 0, show_existing 0, key, show 1, err 0) = 0xA2,
/// sync 49 83 42, then color_space 010, color_range 1, subsampling_x 0, subsampling_y 0, reserved 0,
/// then width-1 = 15 and height-1 = 7 (16 bits each).
@Test func vp9Profile1FourFourFour() throws {
    // bits after sync: 010 1 0 0 0 | 0000000000001111 | 0000000000000111 | pad
    var w = TestBitWriter()
    w.u(0b0101000, 7)
    w.u(15, 16)
    w.u(7, 16)
    let h = try VP9UncompressedHeader.parse([0xA2, 0x49, 0x83, 0x42] + w.bytes)
    #expect(h.profile == 1 && h.bitDepth == 8 && h.colorSpace == 2 && h.fullRange)
    #expect(h.chromaSubsampling == "4:4:4" && h.codecStringChroma == 3 && h.matrixCoefficients == 1)
    #expect(h.width == 16 && h.height == 8)
}

/// Levels from the WebM project's table (webmproject.org/vp9/levels): 128x72 at 25 fps is level 1;
/// 1920x1080 at 30 fps (62.2 M samples/s, 2.07 M samples) is level 4; at 60 fps (124 M/s) level 4.1;
/// 3840x2160 at 60 fps (498 M/s, 8.3 M samples) level 5.1.
@Test func vp9LevelTable() {
    #expect(VP9Level.level(width: 128, height: 72, framesPerSecond: 25) == 10)
    #expect(VP9Level.level(width: 1920, height: 1080, framesPerSecond: 30) == 40)
    #expect(VP9Level.level(width: 1920, height: 1080, framesPerSecond: 60) == 41)
    #expect(VP9Level.level(width: 3840, height: 2160, framesPerSecond: 60) == 51)
    #expect(VP9Level.level(width: 128, height: 72, framesPerSecond: 0) == nil)
}

/// Without a vpcC: the frame header plus the Matroska Colour element give the string the MP4's vpcC
/// spells for the same stream (`Corpus/vp9_hdr10.mp4`: vpcC 01 000000 02 0a a2 09 10 09).
@Test func vp9CodecStringFromFrameHeader() throws {
    let h = try VP9UncompressedHeader.parse(vp9KeyFrame)
    let colour = ColourCodes(primaries: 9, transfer: 16, matrix: 9, fullRange: false)
    let s = try VP9CodecString.fromFrameHeader(h, colour: colour, framesPerSecond: 25).get()
    #expect(s.string == "vp09.02.10.10.01.09.16.09.00")
    let record = try VPCodecConfigurationRecord.parse([0x01, 0, 0, 0, 0x02, 0x0A, 0xA2, 0x09, 0x10, 0x09, 0, 0])
    #expect(VP9CodecString(record: record).string == s.string)
    // no container colour: the matrix from color_space, primaries/transfer default 1
    let bare = try VP9CodecString.fromFrameHeader(h, colour: nil, framesPerSecond: 25).get()
    #expect(bare.string == "vp09.02.10.10.01.01.01.09.00")
    #expect(throws: CodecStringError.self) { try VP9CodecString.fromFrameHeader(h, colour: nil, framesPerSecond: nil).get() }
}
