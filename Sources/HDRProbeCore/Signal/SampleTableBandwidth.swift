/// `BANDWIDTH` and `AVERAGE-BANDWIDTH` of an MP4/MOV variant measured straight from its sample
/// tables (`docs/rules/hls-signalling.md` §13): the same measure as ``HLSBandwidth/measure(samples:duration:window:)``
/// over ``HLSBandwidth/merged(_:_:)`` of the video and audio index, with the same `Int` results,
/// but in one streaming pass over `stsz` (sizes), `stts` (times) and `stss` (keyframes): no list
/// of samples is built, so a 2-hour film costs reading its table entries once, not 400,000
/// values: each sample is decoded once and held only while the 6-second window covers it.
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
        return video.table.bytes.withUnsafeBytes { videoBytes in
            (audio?.table.bytes ?? []).withUnsafeBytes { audioBytes in
                guard let videoBase = videoBytes.baseAddress else { return nil }
                var silent = video
                silent.samples = 0..<0
                var samples = MergedCursor(video: TrackCursor(video, base: videoBase),
                                           audio: audio.map { TrackCursor($0, base: audioBytes.baseAddress ?? videoBase) }
                                               ?? TrackCursor(silent, base: videoBase))
                return slide(&samples, span: span, duration: duration, startsAtKeyframes: startsAtKeyframes)
            }
        }
    }

    /// The sliding window of ``HLSBandwidth/measure(samples:duration:window:)`` over the merged
    /// samples, each decoded from the tables once: the samples between the window's start and its
    /// end wait in a ``SampleWindow``.
    static func slide(_ samples: inout MergedCursor, span: Double, duration: Double, startsAtKeyframes: Bool) -> HLSBandwidth? {
        var window = SampleWindow()
        var maxBytes = 0, bytesInWindow = 0, totalBytes = 0
        var start = 0, end = 0
        while window.fill(through: start, from: &samples) {
            let sample = window[start]
            totalBytes += sample.size
            let limit = sample.time + span
            while window.fill(through: end, from: &samples), window[end].time < limit {
                bytesInWindow += window[end].size
                end += 1
            }
            if !startsAtKeyframes || sample.isKeyframe { maxBytes = max(maxBytes, bytesInWindow) }
            bytesInWindow -= sample.size
            start += 1
            window.release(before: min(start, end))
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
}
