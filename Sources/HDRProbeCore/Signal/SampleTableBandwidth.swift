/// `BANDWIDTH` and `AVERAGE-BANDWIDTH` of an MP4/MOV variant measured straight from its sample
/// tables (`docs/rules/hls-signalling.md` §13): the same measure as ``HLSBandwidth/measure(samples:duration:window:)``
/// over ``HLSBandwidth/merged(_:_:)`` of the video and audio index, with the same `Int` results,
/// but in one streaming pass over `stsz` (sizes), `stts` (times) and `stss` (keyframes): no list
/// of samples is built, so a 2-hour film costs reading its table entries, not 400,000 values.
///
/// Each track is given as the stretch of its samples the index holds and the tick shift the index
/// applies to their decode times (an edit list's rebuild, worked out by the demuxer); sample `i`
/// is at `(decodeTime(i) + shift) / timescale` seconds, computed as the index computes it. The
/// sliding window is the one of ``HLSBandwidth``: windows of `min(window, duration)` seconds start
/// at every keyframe when there is one (audio packets without `stss` are keyframes), the samples
/// of both tracks in one time order, video first on equal times.
package enum SampleTableBandwidth {
    /// One track's samples as the index holds them.
    package struct Track: Sendable {
        package var table: SampleTableBox
        /// The samples (0-based, decode order) in the index.
        package var samples: Range<Int>
        /// Added to each sample's decode time (track ticks).
        package var shift: Int64
        package var timescale: Int

        package init(table: SampleTableBox, samples: Range<Int>, shift: Int64, timescale: Int) {
            self.table = table
            self.samples = samples
            self.shift = shift
            self.timescale = timescale
        }
    }

    /// The measurement; nil when the video has no samples in the index, every sample is empty, or
    /// the duration is not positive (the caller then estimates from declared bit rates, as with an
    /// empty index).
    package static func measure(video: Track, audio: Track?, duration: Double,
                                window: Double = HLSBandwidth.windowSeconds) -> HLSBandwidth? {
        let tracks = [video] + (audio.map { [$0] } ?? [])
        guard !video.samples.isEmpty, duration.isFinite, duration > 0, window > 0,
              tracks.allSatisfy({ $0.timescale > 0 && $0.samples.upperBound <= $0.table.sampleCount }) else { return nil }
        let span = min(window, duration)
        let startsAtKeyframes = tracks.contains(where: hasKeyframe)
        var start = MergedCursor(video: video, audio: audio)
        var end = start
        var maxBytes = 0, bytesInWindow = 0, totalBytes = 0
        while let sample = start.current {
            totalBytes += sample.size
            while let next = end.current, next.time < sample.time + span {
                bytesInWindow += next.size
                end.advance()
            }
            if !startsAtKeyframes || sample.isKeyframe { maxBytes = max(maxBytes, bytesInWindow) }
            bytesInWindow -= sample.size
            start.advance()
        }
        // Sizes are never negative: a zero total means every sample is empty.
        guard totalBytes > 0 else { return nil }
        let average = (Double(totalBytes) * 8 / duration).rounded(.up)
        let peak = max((Double(maxBytes) * 8 / span).rounded(.up), average)
        return HLSBandwidth(average: Int(average), peak: Int(peak))
    }

    /// A keyframe among the track's samples: all are without `stss`.
    static func hasKeyframe(_ track: Track) -> Bool {
        guard !track.samples.isEmpty else { return false }
        guard let stss = track.table.syncSamples else { return true }
        for i in 0..<stss.entryCount where track.samples.contains(stss.sampleNumber(i, in: track.table.bytes) - 1) {
            return true
        }
        return false
    }

    /// One sample of the merged time order.
    struct Sample {
        var time: Double
        var size: Int
        var isKeyframe: Bool
    }

    /// Walks one track's index stretch: the current sample's time, size and keyframe flag.
    struct TrackCursor {
        private var cursor: SampleTableBox.TimingCursor
        private let end: Int
        private let shift: Int64
        private let tick: Double
        private(set) var current: Sample?

        init(_ track: Track) {
            cursor = SampleTableBox.TimingCursor(table: track.table)
            cursor.skip(to: track.samples.lowerBound)
            end = track.samples.upperBound
            shift = track.shift
            tick = 1 / Double(track.timescale)
            load()
        }

        private mutating func load() {
            guard cursor.sample < end, cursor.isValid else { current = nil; return }
            current = Sample(time: Double(cursor.decodeTime + shift) * tick, size: cursor.size, isKeyframe: cursor.isSync)
        }

        mutating func advance() {
            cursor.advance()
            load()
        }
    }

    /// The two tracks' samples in one time order, as ``HLSBandwidth/merged(_:_:)`` orders them.
    struct MergedCursor {
        private var video: TrackCursor
        private var audio: TrackCursor?
        private var takesAudio = false
        private(set) var current: Sample?

        init(video: Track, audio: Track?) {
            self.video = TrackCursor(video)
            self.audio = audio.map(TrackCursor.init)
            pick()
        }

        private mutating func pick() {
            let a = video.current, b = audio?.current
            if let b, a.map({ b.time < $0.time }) ?? true {
                takesAudio = true
                current = b
            } else {
                takesAudio = false
                current = a
            }
        }

        mutating func advance() {
            if takesAudio { audio?.advance() } else { video.advance() }
            pick()
        }
    }
}
