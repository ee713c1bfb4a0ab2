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
        return video.table.bytes.withUnsafeBufferPointer { videoBytes in
            (audio?.table.bytes ?? []).withUnsafeBufferPointer { audioBytes in
                let start = MergedCursor(video: TrackCursor(video, bytes: videoBytes),
                                         audio: audio.map { TrackCursor($0, bytes: audioBytes) })
                return slide(start, span: span, duration: duration, startsAtKeyframes: startsAtKeyframes)
            }
        }
    }

    /// The sliding window of ``HLSBandwidth/measure(samples:duration:window:)`` over the merged samples.
    static func slide(_ first: MergedCursor, span: Double, duration: Double, startsAtKeyframes: Bool) -> HLSBandwidth? {
        var start = first
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

    /// Walks one track's index stretch: the current sample's time, size and keyframe flag, read
    /// straight from the table bytes (validated by each box's parse: `stsz` holds `sampleCount`
    /// entries, `stts`/`stss` their entry counts).
    struct TrackCursor {
        private let bytes: UnsafeBufferPointer<UInt8>
        private let fixedSize: Int?
        private let sizeBits: Int, sizeStart: Int
        private let sttsStart: Int, sttsCount: Int
        private var sttsIndex = 0, left = 0, delta = 0
        private let stssStart: Int, stssCount: Int, hasSync: Bool
        private var stssIndex = 0
        private var sample: Int
        private let end: Int
        private var decodeTime: Int64 = 0
        private let shift: Int64
        private let tick: Double
        private(set) var current: Sample?

        init(_ track: Track, bytes: UnsafeBufferPointer<UInt8>) {
            let table = track.table
            self.bytes = bytes
            fixedSize = table.sizes.fixedSize
            sizeBits = table.sizes.fieldBits
            sizeStart = table.sizes.entriesStart
            sttsStart = table.timeToSample.entriesStart
            sttsCount = table.timeToSample.entryCount
            hasSync = table.syncSamples != nil
            stssStart = table.syncSamples?.entriesStart ?? 0
            stssCount = table.syncSamples?.entryCount ?? 0
            sample = 0
            end = track.samples.upperBound
            shift = track.shift
            tick = 1 / Double(track.timescale)
            guard nextDelta() else { return }
            while sample < track.samples.lowerBound {
                decodeTime += Int64(delta)
                sample += 1
                guard nextDelta() else { return }
            }
            load()
        }

        @inline(__always) private func u32(_ at: Int) -> Int {
            Int(bytes[at]) << 24 | Int(bytes[at + 1]) << 16 | Int(bytes[at + 2]) << 8 | Int(bytes[at + 3])
        }

        /// The `stts` delta of `sample`; false when `stts` ends before it.
        @inline(__always) private mutating func nextDelta() -> Bool {
            while left == 0 {
                guard sttsIndex < sttsCount else { return false }
                left = u32(sttsStart + 8 * sttsIndex)
                delta = u32(sttsStart + 8 * sttsIndex + 4)
                sttsIndex += 1
            }
            left -= 1
            return true
        }

        @inline(__always) private func size(_ i: Int) -> Int {
            if let fixedSize { return fixedSize }
            switch sizeBits {
            case 32: return u32(sizeStart + 4 * i)
            case 16: return Int(bytes[sizeStart + 2 * i]) << 8 | Int(bytes[sizeStart + 2 * i + 1])
            case 8: return Int(bytes[sizeStart + i])
            default:
                let byte = bytes[sizeStart + i / 2]
                return Int(i % 2 == 0 ? byte >> 4 : byte & 0x0F)
            }
        }

        @inline(__always) private mutating func load() {
            guard sample < end else { current = nil; return }
            var isSync = !hasSync
            if hasSync {
                while stssIndex < stssCount, u32(stssStart + 4 * stssIndex) < sample + 1 { stssIndex += 1 }
                isSync = stssIndex < stssCount && u32(stssStart + 4 * stssIndex) == sample + 1
            }
            current = Sample(time: Double(decodeTime + shift) * tick, size: size(sample), isKeyframe: isSync)
        }

        mutating func advance() {
            guard current != nil else { return }
            decodeTime += Int64(delta)
            sample += 1
            guard sample < end, nextDelta() else { current = nil; return }
            load()
        }
    }

    /// The two tracks' samples in one time order, as ``HLSBandwidth/merged(_:_:)`` orders them.
    struct MergedCursor {
        private var video: TrackCursor
        private var audio: TrackCursor?
        private var takesAudio = false
        private(set) var current: Sample?

        init(video: TrackCursor, audio: TrackCursor?) {
            self.video = video
            self.audio = audio
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
