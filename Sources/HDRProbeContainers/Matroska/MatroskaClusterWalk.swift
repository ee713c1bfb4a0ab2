import HDRProbeParse

/// hdrprobe's own walk over the first Matroska Clusters for the `BlockAdditions` of chosen tracks
/// (HDR10+ beside VP9/AV1 frames, BlockAddID 4 = ITU-T T.35). libavformat hands BlockAdditions over
/// as packet side data, but not the same way on every version (raw on FFmpeg 5.1, T.35 HDR10+
/// already parsed on 6.1+), so hdrprobe reads them itself and only takes packets from libavformat
/// (docs/ffmpeg-versions.md). Additions are keyed by stream and block timestamp: the Cluster's
/// `Timestamp` plus the Block's relative one, the value libavformat's matroska demuxer gives as the
/// packet's pts.
///
/// Bounded like the packet scan: per track at most `frames` blocks (a few more for safety) or
/// `maxBytes` of block data, at most ``maxElements`` elements visited; it seeks from element to
/// element and reads only element headers, block headers and BlockAdditions.
package struct MatroskaClusterWalk {
    /// Per libavformat stream index, per block timestamp, each block's additions.
    private var additions: [Int: [Int64: [[MatroskaBlockMore]]]] = [:]

    package static let maxElements = 1_000_000
    /// Largest BlockAdditions element read.
    package static let maxAdditionsBytes = 1 << 20

    package init() {}

    package var isEmpty: Bool { additions.isEmpty }

    /// The additions of the block of `stream` at `timestamp` (each block's are handed out once).
    package mutating func take(stream: Int, timestamp: Int64?) -> [MatroskaBlockMore] {
        guard let timestamp, var list = additions[stream]?[timestamp], !list.isEmpty else { return [] }
        let first = list.removeFirst()
        additions[stream]?[timestamp] = list
        return first
    }

    /// Walks the Clusters from `offset` (the first Cluster) to `end` for the blocks of `tracks`
    /// (TrackNumber → libavformat stream index).
    package static func read(_ file: MediaFile, from offset: Int, end: Int, tracks: [UInt64: Int],
                     frames: Int?, maxBytes: Int) -> MatroskaClusterWalk {
        var walk = MatroskaClusterWalk()
        var budget = Budget(tracks: tracks, frames: frames.map { $0 + 8 }, maxBytes: maxBytes)
        var pos = offset
        while pos < end, !budget.exhausted, !file.timedOut {
            guard let (id, start, size) = EBMLElement.header(in: file.read(at: pos, count: 12), at: 0) else { break }
            let dataStart = pos + start
            let dataEnd = size.map { dataStart + Int(clamping: min($0, UInt64(end - dataStart))) }
            if id == MatroskaBlock.clusterID {
                pos = walk.readCluster(file, from: dataStart, end: dataEnd ?? end, sized: dataEnd != nil, budget: &budget)
            } else if let dataEnd {
                pos = dataEnd
            } else {
                break
            }
            budget.elements += 1
        }
        return walk
    }

    /// Reads one Cluster's children; returns where the next Segment-level element starts.
    private mutating func readCluster(_ file: MediaFile, from start: Int, end: Int, sized: Bool, budget: inout Budget) -> Int {
        var clusterTime: Int64 = 0
        var pos = start
        while pos < end, !budget.exhausted, !file.timedOut {
            let head = file.read(at: pos, count: 16)
            guard let (id, dataOffset, size) = EBMLElement.header(in: head, at: 0) else { return end }
            // An unknown-size Cluster ends where the next Segment-level element begins.
            if !sized, MatroskaBlock.segmentLevelIDs.contains(id) { return pos }
            let dataStart = pos + dataOffset
            guard let size else { return end }
            let dataEnd = dataStart + Int(clamping: min(size, UInt64(max(0, end - dataStart))))
            budget.elements += 1
            switch id {
            case MatroskaBlock.clusterTimestampID:
                let bytes = file.read(at: dataStart, count: min(8, dataEnd - dataStart))
                clusterTime = Int64(clamping: bytes.reduce(UInt64(0)) { $0 << 8 | UInt64($1) })
            case MatroskaBlock.simpleBlockID:
                if let block = MatroskaBlock.parse(file.read(at: dataStart, count: 12)) {
                    budget.count(block.trackNumber, bytes: dataEnd - dataStart)
                }
            case MatroskaBlock.blockGroupID:
                readBlockGroup(file, from: dataStart, end: dataEnd, clusterTime: clusterTime, budget: &budget)
            default:
                break
            }
            pos = dataEnd
        }
        return end
    }

    /// One BlockGroup: its Block's header and, for a wanted track, its BlockAdditions.
    private mutating func readBlockGroup(_ file: MediaFile, from start: Int, end: Int, clusterTime: Int64, budget: inout Budget) {
        var block: MatroskaBlock?
        var more: [MatroskaBlockMore] = []
        var pos = start
        for _ in 0..<64 where pos < end {
            guard let (id, dataOffset, size) = EBMLElement.header(in: file.read(at: pos, count: 12), at: 0),
                  let size else { break }
            let dataStart = pos + dataOffset
            let dataEnd = dataStart + Int(clamping: min(size, UInt64(max(0, end - dataStart))))
            if id == MatroskaBlock.blockID {
                block = MatroskaBlock.parse(file.read(at: dataStart, count: 12))
                if let block { budget.count(block.trackNumber, bytes: dataEnd - dataStart) }
            } else if id == MatroskaBlockMore.blockAdditionsID, dataEnd - dataStart <= Self.maxAdditionsBytes {
                let bytes = file.read(at: dataStart, count: dataEnd - dataStart)
                more = MatroskaBlockMore.list(in: bytes, range: 0..<bytes.count)
            }
            pos = dataEnd
        }
        guard let block, let stream = budget.tracks[block.trackNumber], !more.isEmpty else { return }
        let time = clusterTime + Int64(block.relativeTimestamp)
        additions[stream, default: [:]][time, default: []].append(more)
    }

    /// How far the walk may go: blocks and block bytes per wanted track, elements overall.
    private struct Budget {
        package let tracks: [UInt64: Int]
        package let frames: Int?
        package let maxBytes: Int
        package var blocks: [UInt64: Int] = [:]
        package var bytes: [UInt64: Int] = [:]
        package var elements = 0

        package init(tracks: [UInt64: Int], frames: Int?, maxBytes: Int) {
            self.tracks = tracks
            self.frames = frames
            self.maxBytes = maxBytes
        }

        package mutating func count(_ track: UInt64, bytes size: Int) {
            guard tracks[track] != nil else { return }
            blocks[track, default: 0] += 1
            bytes[track, default: 0] += size
        }

        package var exhausted: Bool {
            if elements >= MatroskaClusterWalk.maxElements || tracks.isEmpty { return true }
            guard let frames else { return false }
            return tracks.keys.allSatisfy { blocks[$0, default: 0] >= frames || bytes[$0, default: 0] >= maxBytes }
        }
    }
}
