/// The header of a Matroska `Block` (0xA1, inside a `BlockGroup` 0xA0) or `SimpleBlock` (0xA3)
/// (RFC 9559 §10.1–10.2): the track number as an EBML variable-size integer (marker removed), then
/// a signed 16-bit timestamp relative to the Cluster's `Timestamp` (0xE7), in TimestampScale units,
/// then one flags byte. The frame data that follows is never read here.
package struct MatroskaBlock: Sendable, Equatable {
    package var trackNumber: UInt64
    package var relativeTimestamp: Int16
    /// The flags byte (lacing in bits 1–2) and where the data after it starts; nil when the
    /// bytes given end before it.
    package var flags: UInt8? = nil
    package var headerLength: Int { trackNumberLength + 3 }
    package var trackNumberLength = 1

    package static let clusterID: UInt32 = 0x1F43B675
    package static let clusterTimestampID: UInt32 = 0xE7
    package static let blockGroupID: UInt32 = 0xA0
    package static let blockID: UInt32 = 0xA1
    package static let simpleBlockID: UInt32 = 0xA3
    /// Segment-level element IDs (RFC 9559 §5.1): one of them ends a Cluster of unknown size.
    package static let segmentLevelIDs: Set<UInt32> = [0x1F43B675, 0x1C53BB6B, 0x1254C367, 0x1043A770,
                                                      0x1941A469, 0x114D9B74, 0x1549A966, 0x1654AE6B]

    /// The header at `bytes[offset...]` (the first bytes of the block's data), nil when cut short.
    package static func parse(_ bytes: [UInt8], at offset: Int = 0) -> MatroskaBlock? {
        guard let (track, length) = try? EBMLSegmentHeader.readSize(bytes, at: offset), let track,
              offset + length + 2 <= bytes.count else { return nil }
        let high = UInt16(bytes[offset + length]) << 8 | UInt16(bytes[offset + length + 1])
        let flagsAt = offset + length + 2
        return MatroskaBlock(trackNumber: track, relativeTimestamp: Int16(bitPattern: high),
                             flags: flagsAt < bytes.count ? bytes[flagsAt] : nil, trackNumberLength: length)
    }
}
