import HDRProbeBytes

/// The 32-byte file header of an IVF file (the libvpx/libaom container; layout as FFmpeg's `ivf`
/// demuxer and muxer read and write it, docs/raw-stream-reader.md), all fields little-endian:
///
/// ```
///  0  signature "DKIF"        4  version u16          6  header size u16
///  8  codec fourcc ("AV01")  12  width u16           14  height u16
/// 16  time base denominator u32                      20  time base numerator u32
/// 24  frame count u32        28  unused u32
/// ```
package struct IVFFileHeader: Sendable, Equatable {
    package static let size = 32
    package var version: Int
    package var headerSize: Int
    package var fourCC: String
    package var width: Int
    package var height: Int
    package var timeBaseDenominator: Int
    package var timeBaseNumerator: Int
    package var frameCount: Int
    package var unused: UInt32

    /// nil when `bytes` is shorter than the header or does not begin with "DKIF".
    package static func parse(_ bytes: ArraySlice<UInt8>) -> IVFFileHeader? {
        guard bytes.count >= size, bytes.prefix(4).elementsEqual(Array("DKIF".utf8)) else { return nil }
        let b = Array(bytes.prefix(size))
        return IVFFileHeader(version: Int(le(b, 4, 2)), headerSize: Int(le(b, 6, 2)), fourCC: FourCC.string(b[8..<12]),
                             width: Int(le(b, 12, 2)), height: Int(le(b, 14, 2)), timeBaseDenominator: Int(le(b, 16, 4)),
                             timeBaseNumerator: Int(le(b, 20, 4)), frameCount: Int(le(b, 24, 4)), unused: UInt32(le(b, 28, 4)))
    }

    /// The little-endian unsigned value of `count` bytes at `offset`.
    package static func le(_ b: [UInt8], _ offset: Int, _ count: Int) -> UInt64 {
        (0..<count).reduce(UInt64(0)) { $0 | UInt64(b[offset + $1]) << (8 * UInt64($1)) }
    }
}
