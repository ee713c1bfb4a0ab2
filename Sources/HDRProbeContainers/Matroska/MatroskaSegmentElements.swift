import HDRProbeParse

/// The Matroska Segment-level elements before the first Cluster that hdrprobe's own container
/// reader (``MatroskaContainerDemux``) needs beside `Tracks`: `Info` (timestamp scale, duration),
/// the `SeekHead`s (to know nothing that describes streams lies after the Clusters) and
/// `Attachments`, and how many of each there were.
package struct MatroskaSegmentElements {
    /// The DocType, nil when the EBML header asks for more than FFmpeg's reader reads
    /// (``EBMLSegmentHeader/isReadable``): the own reader then declines the file.
    package var docType: String?
    /// Where the Segment's data starts (SeekPosition is relative to it) and where it declares to end.
    package var dataOffset: Int
    package var declaredEnd: UInt64?
    package var info: MatroskaSegmentInfo?
    package var seekHeads: [MatroskaSeekHead] = []
    package var attachments: [MatroskaAttachedFile]?
    /// How many times each Segment-level element ID was seen.
    package var counts: [UInt32: Int] = [:]
    /// An element was too large to read or of unknown size.
    package var unreadable = false

    /// Largest Info, SeekHead or Attachments element read.
    package static let maxElementBytes = 16 << 20

    package mutating func note(id: UInt32, at offset: Int, data: Int, size: UInt64?, file: MediaFile) {
        counts[id, default: 0] += 1
        guard [MatroskaSegmentInfo.id, MatroskaSeekHead.id, MatroskaAttachedFile.attachmentsID].contains(id) else { return }
        guard let size, size <= UInt64(Self.maxElementBytes), data + Int(size) <= file.size else {
            unreadable = true
            return
        }
        let bytes = file.read(at: data, count: Int(size))
        switch id {
        case MatroskaSegmentInfo.id: info = .parse(bytes)
        case MatroskaSeekHead.id: seekHeads.append(.parse(bytes))
        default: attachments = MatroskaAttachedFile.parseAttachments(bytes)
        }
    }
}
