import HDRProbeModel

/// hdrprobe's own Matroska/WebM container reader: the streams, container duration and packets
/// FFmpeg 5.1's matroska demuxer gives (docs/ffmpeg-versions.md), from hdrprobe's own EBML walk, so
/// that probing a Matroska file needs no FFmpeg loaded. It covers the files it is sure
/// of and declines (``open(file:headers:options:)`` returns nil, libavformat reads the file) every
/// other: CodecIDs, attachment types and Colour values outside its tables, ContentEncodings
/// (compression, encryption), track timestamp scales, stereo/projection/frame-rate elements,
/// Attachments or Tracks found only through the SeekHead, cut-short files, unknown-size Clusters,
/// junk between Clusters, laced video, whole-stream scans (`frames` nil).
///
/// Before it accepts a file it walks the first Clusters' block headers (``MatroskaBlockWalk``) far
/// enough for the frame budget of every video track; anything odd there declines the file too.
/// That walk spans at most ``maxPrewalkSpan`` bytes, well inside the read budget, so libavformat
/// would not have stopped early either (`container.unreadableTail` stays libavformat's).
package final class MatroskaContainerDemux: ContainerDemux {
    package let formatName = "matroska,webm"
    package let streams: [DemuxedStream]
    package let formatDuration: Double?
    /// The matroska demuxer sets no container bit rate without `avformat_find_stream_info`.
    package let formatBitRate: Int? = nil
    package let readBudgetStop: Int? = nil
    private let file: MediaFile
    private var walk: MatroskaBlockWalk
    private var walkEnded = false
    /// Packets located but not yet handed out, in file order.
    private var pending: [Located] = []
    private let tracks: [UInt64: TrackTiming]

    /// One packet's place: stream, pts, where its bytes are.
    package struct Located {
        package var stream: Int
        package var pts: Int64?
        package var offset: Int
        package var size: Int
    }

    /// What turns a block's timestamp into libavformat's packet pts for one track.
    package struct TrackTiming {
        package var stream: Int
        package var kind: StreamReport.Kind
        /// CodecDelay in the track's time base.
        package var codecDelay: Int64
        /// DefaultDuration (ns), 0 when none, and the Segment's TimestampScale (ns per unit).
        package var defaultDuration: UInt64
        package var timestampScale: UInt64
    }

    /// How far past the first Cluster the checking walk may span before the reader declines.
    package static let maxPrewalkSpan = 12 << 20

    package func indexSamples(stream index: Int) -> [HLSBandwidth.Sample] { [] }

    private init(file: MediaFile, streams: [DemuxedStream], duration: Double?, walk: MatroskaBlockWalk,
                 tracks: [UInt64: TrackTiming]) {
        self.file = file
        self.streams = streams
        self.formatDuration = duration
        self.walk = walk
        self.tracks = tracks
    }

    /// The reader for `file`, nil when it does not cover it.
    package static func open(file: MediaFile, headers: ContainerHeaders, options: ProbeOptions) -> MatroskaContainerDemux? {
        guard let window = options.readWindow(.matroska), headers.signature == .matroska, headers.truncation == nil, headers.issues.isEmpty,
              let entries = headers.matroskaTracks, !entries.isEmpty, let clusters = headers.matroskaClusters,
              let segment = headers.matroskaSegment, let layout = MatroskaStreamLayout(segment: segment, tracks: entries,
                                                                                      firstCluster: clusters.lowerBound, fileSize: file.size)
        else { return nil }
        let streams = layout.streams()
        var tracks: [UInt64: TrackTiming] = [:]
        for (number, index) in layout.trackStreams {
            let s = streams[index]
            let entry = entries.first { $0.number == number }!
            tracks[number] = TrackTiming(stream: index, kind: s.kind,
                                         codecDelay: rescale(entry.stream.codecDelay, timeBase: s.timeBase),
                                         defaultDuration: entry.stream.defaultDuration ?? 0, timestampScale: layout.timestampScale)
        }
        let reader = MatroskaContainerDemux(file: file, streams: streams, duration: layout.duration,
                                            walk: MatroskaBlockWalk(file: file, from: clusters.lowerBound, end: clusters.upperBound),
                                            tracks: tracks)
        reader.pending = layout.attachedPictures.map { Located(stream: $0, pts: nil, offset: 0, size: 0) }
        guard reader.prewalk(videoBlocks: window, maxBytes: options.maxScanBytes + (1 << 20),
                             from: clusters.lowerBound) else { return nil }
        return reader
    }

    /// `ns` nanoseconds in `timeBase` units, rounded to nearest (libavutil `av_rescale_q`).
    package static func rescale(_ ns: UInt64, timeBase: (num: Int, den: Int)) -> Int64 {
        guard ns > 0, timeBase.num > 0 else { return 0 }
        let divisor = UInt64(1_000_000_000) * UInt64(timeBase.num)
        return Int64(clamping: (ns * UInt64(timeBase.den) + divisor / 2) / divisor)
    }

    /// Locates blocks until every video track has `videoBlocks` blocks or `maxBytes` of them, or the
    /// Segment ends; false when something odd came first or the walk spanned too far.
    private func prewalk(videoBlocks: Int, maxBytes: Int, from start: Int) -> Bool {
        let video = Set(tracks.filter { $0.value.kind == .video }.map(\.key))
        var blocks: [UInt64: Int] = [:]
        var bytes: [UInt64: Int] = [:]
        func satisfied() -> Bool { video.allSatisfy { blocks[$0, default: 0] >= videoBlocks || bytes[$0, default: 0] >= maxBytes } }
        while !satisfied() {
            guard walk.position - start <= Self.maxPrewalkSpan, !file.timedOut else { return false }
            switch walk.next() {
            case .end:
                walkEnded = true
                return true
            case .odd:
                return false
            case .block(let block):
                guard let timing = tracks[block.track] else { return false }
                if timing.kind == .video {
                    guard block.frames.count == 1 else { return false }
                    blocks[block.track, default: 0] += 1
                    bytes[block.track, default: 0] += block.frames[0].size
                }
                pending += packets(block, timing: timing)
            }
        }
        return walk.position - start <= Self.maxPrewalkSpan
    }

    /// A block's packets as libavformat makes them: one per laced frame, the first at the block's
    /// timestamp less the track's CodecDelay, each next one a frame duration later (the
    /// BlockDuration or DefaultDuration shared among the frames), none when there is no duration.
    private func packets(_ block: MatroskaBlockWalk.Block, timing: TrackTiming) -> [Located] {
        let laces = UInt64(block.frames.count)
        let blockDuration = block.duration.flatMap { $0 > 0 ? $0 : nil } ?? timing.defaultDuration.multipliedReportingOverflow(by: laces).partialValue / timing.timestampScale
        let laceDuration = Int64(clamping: blockDuration / laces)
        var pts = block.timestamp.map { $0 - timing.codecDelay }
        return block.frames.map { frame in
            defer { pts = pts.flatMap { laceDuration > 0 ? $0 + laceDuration : nil } }
            return Located(stream: timing.stream, pts: pts, offset: frame.offset, size: frame.size)
        }
    }

    /// Streams whose packets libavformat hands out one packet late: its AC-3 / E-AC-3 parser holds
    /// each frame until the next frame of the stream is read (it must see whether a dependent
    /// E-AC-3 substream follows), and gives the held ones out at the end in stream order.
    package static let parserDelayedCodecs: Set<String> = ["ac3", "eac3"]
    private lazy var delayed = Set(streams.filter { Self.parserDelayedCodecs.contains($0.codecName ?? "") }.map(\.index))
    private var held: [Int: Located] = [:]

    package func readPacket(wantsData: (Int) -> Bool) -> DemuxedPacket? {
        guard let next = nextInLibavformatOrder() else { return nil }
        let data = wantsData(next.stream) && next.size > 0 ? file.read(at: next.offset, count: next.size) : []
        return DemuxedPacket(streamIndex: next.stream, pts: next.pts, data: data, subsamples: nil)
    }

    /// The next located packet in the order libavformat gives packets (``parserDelayedCodecs``).
    private func nextInLibavformatOrder() -> Located? {
        while true {
            guard let packet = nextInFileOrder() else {
                guard let first = held.keys.min() else { return nil }
                return held.removeValue(forKey: first)
            }
            guard delayed.contains(packet.stream) else { return packet }
            let previous = held[packet.stream]
            held[packet.stream] = packet
            if let previous { return previous }
        }
    }

    private func nextInFileOrder() -> Located? {
        while pending.isEmpty {
            guard !walkEnded, !file.timedOut else { return nil }
            switch walk.next() {
            case .block(let block):
                guard let timing = tracks[block.track] else { return nil }
                pending = packets(block, timing: timing)
            case .end, .odd:
                walkEnded = true
                return nil
            }
        }
        return pending.removeFirst()
    }
}
