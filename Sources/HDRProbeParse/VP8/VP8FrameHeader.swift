/// The start of a VP8 frame (RFC 6386 §9.1 "Uncompressed Data Chunk"): the 3-byte frame tag every
/// frame carries and, on a key frame, the start code and the picture size. This is all of a VP8
/// frame that is not inside the boolean-coded first partition.
///
/// ```
/// frame tag (24 bits, little endian):
///   key_frame        bit 0      // 0: key frame
///   version          bits 1-3   // the profile: 0…3 (RFC 6386 §9.1); 4…7 are not defined
///   show_frame       bit 4
///   first_part_size  bits 5-23
/// key frame only:
///   start code       0x9d 0x01 0x2a
///   horizontal_size  16 bits LE: width (14 bits), horizontal_scale (2 bits)
///   vertical_size    16 bits LE: height (14 bits), vertical_scale (2 bits)
/// ```
/// VP8 has one picture format: 8-bit YUV 4:2:0 (RFC 6386 §2, §9.2 — `color_space` 1 is reserved),
/// so a valid frame tag is enough to state the bit depth and chroma subsampling. The size is read
/// only from a key frame whose start code is right; a frame tag that names no defined version is
/// rejected.
package struct VP8FrameHeader: Sendable, Equatable {
    package var keyFrame: Bool
    /// `version`, which RFC 6386 uses as the profile (reconstruction filter and loop filter type).
    package var profile: Int
    package var showFrame: Bool
    package var firstPartitionSize: Int
    /// Width and height from a key frame's header (nil on an inter frame).
    package var width: Int?
    package var height: Int?

    package static let startCode: [UInt8] = [0x9D, 0x01, 0x2A]
    package static let bitDepth = 8
    package static let chromaSubsampling = "4:2:0"

    package static func parse<C: Collection>(_ frame: C) throws -> VP8FrameHeader where C.Element == UInt8 {
        let bytes = Array(frame.prefix(10))
        guard bytes.count >= 3 else { throw BitstreamError.tooShort(needed: 3, got: bytes.count) }
        let tag = Int(bytes[0]) | Int(bytes[1]) << 8 | Int(bytes[2]) << 16
        let version = (tag >> 1) & 0x07
        guard version <= 3 else { throw BitstreamError.invalid(.vp8Version(version)) }
        var header = VP8FrameHeader(keyFrame: tag & 1 == 0, profile: version, showFrame: (tag >> 4) & 1 == 1,
                                    firstPartitionSize: tag >> 5, width: nil, height: nil)
        if header.keyFrame, bytes.count >= 10, Array(bytes[3..<6]) == startCode {
            header.width = (Int(bytes[6]) | Int(bytes[7]) << 8) & 0x3FFF
            header.height = (Int(bytes[8]) | Int(bytes[9]) << 8) & 0x3FFF
        }
        return header
    }

    /// The report's `profile`: FFmpeg names no VP8 profiles, so ffprobe (and this report) give the
    /// number.
    package var profileName: String { String(profile) }
}
