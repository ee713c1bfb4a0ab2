/// The 12-byte header before each IVF frame: the frame's size (u32) and timestamp (u64, in the
/// file header's time base), little-endian.
package struct IVFFrameHeader: Sendable, Equatable {
    package static let size = 12
    package var frameSize: Int
    package var timestamp: Int64

    /// nil when fewer than 12 bytes are given.
    package static func parse(_ bytes: ArraySlice<UInt8>) -> IVFFrameHeader? {
        guard bytes.count >= size else { return nil }
        let b = Array(bytes.prefix(size))
        return IVFFrameHeader(frameSize: Int(IVFFileHeader.le(b, 0, 4)), timestamp: Int64(bitPattern: IVFFileHeader.le(b, 4, 8)))
    }
}
