/// `BANDWIDTH` and `AVERAGE-BANDWIDTH` of an MP4/MOV variant measured straight from its sample
/// tables (`docs/rules/hls-signalling.md` §13): the same measure as ``HLSBandwidth/measure(samples:duration:window:)``
/// over ``HLSBandwidth/merged(_:_:)`` of the video and audio index, with the same `Int` results,
/// but straight from `stsz` (sizes), `stts` (times) and `stss` (keyframes): no index is built —
/// per track each sample's time and the bytes before it are computed once and kept (two numbers
/// per sample: a pass over the `stts` runs, one over `stsz`), keyframes are read in place — and
/// the two tracks are not merged: a window's bytes are a difference of those sums.
///
/// Each track is given as the stretch of its samples the index holds and the tick shift the index
/// applies to their decode times (an edit list's rebuild, worked out by the demuxer); sample `i`
/// is at `(decodeTime(i) + shift) / timescale` seconds, computed as the index computes it. The
/// sliding window is the one of ``HLSBandwidth``: windows of `min(window, duration)` seconds start
/// at every keyframe when there is one (audio packets without `stss` are keyframes), the samples
/// of both tracks in one time order, video first on equal times.
///
/// Memory: 16 bytes a sample of each track while measuring (6.4 MB for a 2-hour film's 397,627
/// samples), bounded by ``maxSamplesPerTrack``.
package enum SampleTableBandwidth {
    /// The most samples of one track measured (the demuxer's index holds no more,
    /// `docs/rules/hls-signalling.md` §13): 32 MB of times and sums at most; beyond it ``measure``
    /// is nil.
    package static let maxSamplesPerTrack = 2_000_000

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

    /// The measurement; nil when the video has no samples in the index, every sample is empty,
    /// the duration is not positive (the caller then estimates from declared bit rates, as with an
    /// empty index), or a track has more than ``maxSamplesPerTrack`` samples.
    package static func measure(video: Track, audio: Track?, duration: Double,
                                window: Double = HLSBandwidth.windowSeconds, blockSize: Int = 4_096) -> HLSBandwidth? {
        let tracks = [video] + (audio.map { [$0] } ?? [])
        guard !video.samples.isEmpty, duration.isFinite, duration > 0, window > 0,
              tracks.allSatisfy({ $0.timescale > 0 && $0.samples.upperBound <= $0.table.sampleCount
                                      && $0.samples.count <= maxSamplesPerTrack }) else { return nil }
        let span = min(window, duration)
        let startsAtKeyframes = tracks.contains(where: hasKeyframe)
        return video.table.bytes.withUnsafeBytes { videoBytes in
            (audio?.table.bytes ?? []).withUnsafeBytes { audioBytes in
                guard let videoBase = videoBytes.baseAddress else { return nil }
                var silent = video
                silent.samples = 0..<0
                let audioBase = audio == nil ? videoBase : audioBytes.baseAddress ?? videoBase
                let other = audio ?? silent
                var videoSamples = TrackSamples(video, base: videoBase, blockSize: blockSize)
                var audioSamples = TrackSamples(other, base: audioBase, blockSize: blockSize)
                return slide(video: &videoSamples, audio: &audioSamples,
                             keyframes: (SyncCursor(video, base: videoBase, everySample: !startsAtKeyframes),
                                         SyncCursor(other, base: audioBase, everySample: !startsAtKeyframes)),
                             span: span, duration: duration)
            }
        }
    }

    /// The sliding window of ``HLSBandwidth/measure(samples:duration:window:)`` over the merged
    /// samples, without merging them: the next sample is the earlier of the two tracks' next ones,
    /// video first on equal times (+∞ after each track's last). The window starting at the
    /// merged sample `s` ends before the first sample at or after `time(s) + span`; as times only
    /// grow, its bytes are the bytes of both tracks' samples before that time (``WindowEnd``)
    /// minus the bytes of the merged samples before `s` (each track's samples before its own
    /// position). The measure's own window end moves the same way, so the two agree sample for
    /// sample.
    static func slide(video: inout TrackSamples, audio: inout TrackSamples,
                      keyframes: (video: SyncCursor, audio: SyncCursor), span: Double, duration: Double) -> HLSBandwidth? {
        var videoKeys = keyframes.video, audioKeys = keyframes.audio
        var end = WindowEnd()
        var videoRing = video.ring, audioRing = audio.ring
        var v = 0, a = 0
        var maxBytes = 0
        // Steps before a cursor may reach its track's last computed sample.
        var steps = min(videoRing.steps(from: 0), audioRing.steps(from: 0))
        while true {
            // The merged order: on equal times the video sample first; +∞ after each track's last.
            let audioTime = audioRing.times[a], videoTime = videoRing.times[v]
            if audioTime < videoTime {
                if audioKeys.isSync(a) {
                    let passed = videoRing.bytesBefore[v] + audioRing.bytesBefore[a]
                    maxBytes = max(maxBytes, end.bytes(before: audioTime + span, &video, &videoRing, &audio, &audioRing,
                                                       slide: v, a) - passed)
                }
                a &+= 1
            } else if videoTime < .infinity {
                if videoKeys.isSync(v) {
                    let passed = videoRing.bytesBefore[v] + audioRing.bytesBefore[a]
                    maxBytes = max(maxBytes, end.bytes(before: videoTime + span, &video, &videoRing, &audio, &audioRing,
                                                       slide: v, a) - passed)
                }
                v &+= 1
            } else {
                break // +∞: every sample is passed.
            }
            // Each step passes one sample: the next block is due when a track's computed samples
            // may be used up (the samples from the earliest cursor on stay).
            steps &-= 1
            if steps == 0 {
                if v == videoRing.filled {
                    video.fill(keeping: min(v, end.video))
                    videoRing = video.ring
                }
                if a == audioRing.filled {
                    audio.fill(keeping: min(a, end.audio))
                    audioRing = audio.ring
                }
                steps = min(videoRing.steps(from: v), audioRing.steps(from: a))
            }
        }
        let totalBytes = videoRing.bytesBefore[videoRing.count] + audioRing.bytesBefore[audioRing.count]
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
}
