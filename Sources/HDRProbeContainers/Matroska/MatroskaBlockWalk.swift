import HDRProbeParse

/// hdrprobe's walk over Matroska Clusters for the packets of its own container reader
/// (``MatroskaContainerDemux``): each `SimpleBlock` or `BlockGroup`'s `Block` in file order, with
/// its track, timestamp (Cluster `Timestamp` + the block's relative one, RFC 9559 §10.1), where its
/// frame data lies and how it is laced. It seeks from element to element and reads element headers
/// and block headers only. Anything it does not expect — an element of unknown size, an element
/// running past its Cluster, an unknown element, junk — ends the walk as ``Step/odd``: the reader
/// then leaves the file to libavformat (before any packet was handed out) or ends the packets.
package struct MatroskaBlockWalk {
    /// One block: its track, timestamp (TimestampScale units; nil when its Cluster has none),
    /// duration (BlockDuration, when its BlockGroup has one), and its frames (offset, size in the file).
    package struct Block {
        package var track: UInt64
        package var timestamp: Int64?
        package var duration: UInt64?
        package var frames: [(offset: Int, size: Int)]
    }

    package enum Step {
        case block(Block)
        case end
        case odd(String)
    }

    package let file: MediaFile
    package let end: Int
    private(set) var position: Int
    private var clusterEnd: Int?
    private var clusterTime: Int64?

    /// Segment-level elements that may come between Clusters and carry no packets.
    package static let skippedTopLevel: Set<UInt32> = [0x1C53BB6B, 0x1254C367, 0x1043A770, 0xEC, 0xBF]
    /// Cluster children that carry no packets: Void, CRC-32, Position, PrevSize.
    package static let skippedInCluster: Set<UInt32> = [0xEC, 0xBF, 0xA7, 0xAB]
    /// BlockGroup children besides the Block: BlockDuration (read), ReferenceBlock, BlockAdditions,
    /// DiscardPadding, ReferencePriority, CodecState, Void.
    package static let blockGroupChildren: Set<UInt32> = [0x9B, 0xFB, 0x75A1, 0x75A2, 0xFA, 0xA4, 0xEC]

    package init(file: MediaFile, from offset: Int, end: Int) {
        self.file = file
        self.position = offset
        self.end = end
    }

    /// The next block, the end of the Segment, or what stopped the walk.
    package mutating func next() -> Step {
        while true {
            if let e = clusterEnd, position >= e { clusterEnd = nil }
            guard position < end else { return .end }
            guard let (id, dataOffset, size) = EBMLElement.header(in: file.read(at: position, count: 12), at: 0) else {
                return .odd("no element header at \(position)")
            }
            guard let size else { return .odd("element \(String(id, radix: 16)) of unknown size at \(position)") }
            let dataStart = position + dataOffset
            let limit = clusterEnd ?? end
            guard size <= UInt64(max(0, limit - dataStart)) else { return .odd("element \(String(id, radix: 16)) at \(position) runs past its parent") }
            let dataEnd = dataStart + Int(size)
            if clusterEnd == nil {
                if id == MatroskaBlock.clusterID {
                    clusterEnd = dataEnd
                    clusterTime = nil
                    position = dataStart
                } else if Self.skippedTopLevel.contains(id) {
                    position = dataEnd
                } else {
                    return .odd("Segment-level element \(String(id, radix: 16)) at \(position)")
                }
                continue
            }
            position = dataEnd
            switch id {
            case MatroskaBlock.clusterTimestampID:
                guard size <= 8 else { return .odd("Cluster Timestamp of \(size) bytes") }
                let bytes = file.read(at: dataStart, count: Int(size))
                clusterTime = Int64(clamping: bytes.reduce(UInt64(0)) { $0 << 8 | UInt64($1) })
            case MatroskaBlock.simpleBlockID:
                return block(dataStart..<dataEnd, duration: nil)
            case MatroskaBlock.blockGroupID:
                return blockGroup(dataStart..<dataEnd)
            case let other where Self.skippedInCluster.contains(other):
                continue
            default:
                return .odd("Cluster element \(String(id, radix: 16))")
            }
        }
    }

    /// A BlockGroup: its Block, with the BlockDuration when there is one.
    private func blockGroup(_ range: Range<Int>) -> Step {
        var blockRange: Range<Int>?
        var duration: UInt64?
        var pos = range.lowerBound
        var children = 0
        while pos < range.upperBound {
            children += 1
            guard children <= 64, let (id, dataOffset, size) = EBMLElement.header(in: file.read(at: pos, count: 12), at: 0),
                  let size, size <= UInt64(range.upperBound - pos - dataOffset) else { return .odd("BlockGroup at \(range.lowerBound)") }
            let child = (pos + dataOffset)..<(pos + dataOffset + Int(size))
            switch id {
            case MatroskaBlock.blockID where blockRange == nil: blockRange = child
            case 0x9B:
                guard size <= 8 else { return .odd("BlockDuration of \(size) bytes") }
                duration = file.read(at: child.lowerBound, count: Int(size)).reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
            case let other where Self.blockGroupChildren.contains(other): break
            default: return .odd("BlockGroup element \(String(id, radix: 16))")
            }
            pos = child.upperBound
        }
        guard let blockRange else { return .odd("BlockGroup without a Block at \(range.lowerBound)") }
        return block(blockRange, duration: duration)
    }

    /// A Block or SimpleBlock's header and lacing.
    private func block(_ range: Range<Int>, duration: UInt64?) -> Step {
        let head = file.read(at: range.lowerBound, count: min(range.count, 4096))
        guard let header = MatroskaBlock.parse(head), let flags = header.flags else {
            return .odd("Block header at \(range.lowerBound)")
        }
        let lacing = MatroskaLacing(flags: flags)
        let dataStart = range.lowerBound + header.headerLength
        let size = range.upperBound - dataStart
        guard size > 0, let (sizes, headerLength) = lacing.frameSizes(Array(head[header.headerLength...]), size: size) else {
            return .odd("Block lacing at \(range.lowerBound)")
        }
        var frames: [(offset: Int, size: Int)] = []
        var offset = dataStart + headerLength
        for s in sizes {
            frames.append((offset, s))
            offset += s
        }
        let time = clusterTime.flatMap { c -> Int64? in
            let relative = Int64(header.relativeTimestamp)
            return relative >= 0 || c >= -relative ? c + relative : nil
        }
        return .block(Block(track: header.trackNumber, timestamp: time, duration: duration, frames: frames))
    }
}
