import Testing
@testable import HDRProbeParse

/// VP8 frame tags (RFC 6386 §9.1). The key frames are the first 10 bytes of the first frame FFmpeg
/// 5.1's libvpx encoder wrote for `testsrc=size=64x48` (`-c:v libvpx -f ivf`, bytes 44…53 of the
/// IVF file), once with the default profile and once with `-profile:v 2`; ffprobe reads profile 0
/// and 2, 64x48, yuv420p.
@Suite struct VP8FrameHeaderTests {
    static let keyFrameProfile0: [UInt8] = [0x50, 0x1A, 0x00, 0x9D, 0x01, 0x2A, 0x40, 0x00, 0x30, 0x00]
    static let keyFrameProfile2: [UInt8] = [0x54, 0x1A, 0x00, 0x9D, 0x01, 0x2A, 0x40, 0x00, 0x30, 0x00]

    @Test func keyFramesOfLibvpx() throws {
        let h = try VP8FrameHeader.parse(Self.keyFrameProfile0)
        #expect(h.keyFrame && h.showFrame && h.profile == 0 && h.profileName == "0")
        #expect(h.width == 64 && h.height == 48 && h.firstPartitionSize == 0x1A50 >> 5)
        #expect(try VP8FrameHeader.parse(Self.keyFrameProfile2).profile == 2)
    }

    /// libwebm's synthetic test frames are zero bytes: a valid tag (key frame, version 0) without
    /// the start code, so no size is read from them (ffprobe: "Invalid sync code").
    @Test func tagWithoutStartCodeGivesNoSize() throws {
        let h = try VP8FrameHeader.parse([UInt8](repeating: 0, count: 10))
        #expect(h.keyFrame && h.profile == 0 && h.width == nil && h.height == nil)
    }

    @Test func undefinedVersionAndShortFramesAreRejected() throws {
        // version 5: bits 1-3 of the first byte.
        #expect(throws: BitstreamError.invalid(.vp8Version(5))) { try VP8FrameHeader.parse([0x0A, 0, 0]) }
        #expect(throws: BitstreamError.tooShort(needed: 3, got: 2)) { try VP8FrameHeader.parse([0x50, 0x1A]) }
        // An inter frame (bit 0 set) carries no size even when start-code-like bytes follow.
        #expect(try VP8FrameHeader.parse([0x51, 0x1A, 0x00, 0x9D, 0x01, 0x2A, 0x40, 0x00, 0x30, 0x00]).width == nil)
    }
}
