import HDRProbeParse

/// `BANDWIDTH` and `AVERAGE-BANDWIDTH` of an MP4/MOV variant measured straight from its sample
/// tables (`docs/rules/hls-signalling.md` §13): the same measure as ``HLSBandwidth/measure(samples:duration:window:)``
/// over ``HLSBandwidth/merged(_:_:)`` of the video and audio index, with the same `Int` results,
/// but straight from `stsz` (sizes), `stts` (times) and `stss` (keyframes): no index is built —
/// per track each sample's time and the bytes before it are computed once, a block at a time, and
/// kept while a window needs them (two numbers per sample: a pass over the `stts` runs, one over
/// `stsz`), keyframes are read in place — and
/// the two tracks are not merged: a window's bytes are a difference of those sums.
///
/// Each track is given as the stretch of its samples the index holds and the tick shift the index
/// applies to their decode times (an edit list's rebuild, worked out by the demuxer); sample `i`
/// is at `(decodeTime(i) + shift) / timescale` seconds, computed as the index computes it. The
/// sliding window is the one of ``HLSBandwidth``: windows of `min(window, duration)` seconds start
/// at every keyframe when there is one (audio packets without `stss` are keyframes), the samples
/// of both tracks in one time order, video first on equal times.
///
/// Memory: 16 bytes a sample of each track for the samples from the earliest cursor still needed
/// to the last computed (2 blocks of 4,096 samples, 128 KB a track, unless one window spans more),
/// not for the whole track; at most 16 bytes a sample of ``maxSamplesPerTrack``.
package enum SampleTableBandwidth {
    /// The most samples of one track measured (the demuxer's index holds no more,
    /// `docs/rules/hls-signalling.md` §13): at most 32 MB of times and sums (a window spanning the whole track); beyond it ``measure``
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
    package static func slide(video: inout TrackSamples, audio: inout TrackSamples,
                      keyframes: (video: SyncCursor, audio: SyncCursor), span: Double, duration: Double) -> HLSBandwidth? {
        var at = Position(videoKeys: keyframes.video, audioKeys: keyframes.audio)
        // Runs of steps over the computed samples; between them the next blocks, the samples from
        // each track's earliest cursor on kept.
        while !at.advance(video.held, audio.held, span: span) {
            if at.v == video.held.filled || at.videoEnd == video.held.filled { video.fill(keeping: min(at.v, at.videoEnd)) }
            if at.a == audio.held.filled || at.audioEnd == audio.held.filled { audio.fill(keeping: min(at.a, at.audioEnd)) }
        }
        let maxBytes = at.maxBytes
        let videoHeld = video.held, audioHeld = audio.held
        let totalBytes = videoHeld.bytes(videoHeld.count) + audioHeld.bytes(audioHeld.count)
        // Sizes are never negative: a zero total means every sample is empty.
        guard totalBytes > 0 else { return nil }
        let average = (Double(totalBytes) * 8 / duration).rounded(.up)
        let peak = max((Double(maxBytes) * 8 / span).rounded(.up), average)
        return HLSBandwidth(average: Int(average), peak: Int(peak))
    }

    /// Where the slide is: each track's next sample (`v`, `a`) and the first sample of each at or
    /// after the last window's end (`videoEnd`, `audioEnd`; limits are asked for in increasing
    /// order, so each sample is passed once).
    package struct Position {
        package var v = 0, a = 0, videoEnd = 0, audioEnd = 0
        package var maxBytes = 0
        package var videoKeys: SyncCursor, audioKeys: SyncCursor

        /// Steps through the merged samples while every cursor stays on computed ones: true when
        /// every sample is passed, false when a track's next block is due (a window's end scan
        /// that reaches the +∞ after the computed samples is taken again after it).
        @inline(never)
        package mutating func advance(_ video: HeldSamples, _ audio: HeldSamples, span: Double) -> Bool {
            // Each step passes one sample.
            var steps = min(video.steps(from: v), audio.steps(from: a))
            // The cursors as places in the buffers (sample `k` at `k - origin`; no cursor is
            // before its buffer's origin), so the loop indexes the buffers directly.
            let vo = video.origin, ao = audio.origin
            var v = self.v &- vo, a = self.a &- ao, videoEnd = self.videoEnd &- vo, audioEnd = self.audioEnd &- ao
            var maxBytes = self.maxBytes
            defer { (self.v, self.a, self.videoEnd, self.audioEnd, self.maxBytes) = (v &+ vo, a &+ ao, videoEnd &+ vo, audioEnd &+ ao, maxBytes) }
            let videoTimes = video.times, audioTimes = audio.times, videoBytes = video.bytesBefore, audioBytes = audio.bytesBefore
            let videoFilled = video.filled &- vo, audioFilled = audio.filled &- ao
            /// The window starting at `time`: both tracks' bytes before its end minus the bytes
            /// passed; false when an end scan reaches the +∞ after the computed samples (past a
            /// track's last sample `filled` is one more than `count`: never reached).
            @inline(__always) func window(from time: Double) -> Bool {
                let limit = time + span
                while videoTimes[videoEnd] < limit { videoEnd &+= 1 }
                while audioTimes[audioEnd] < limit { audioEnd &+= 1 }
                if videoEnd == videoFilled || audioEnd == audioFilled { return false }
                let passed = videoBytes[v] + audioBytes[a]
                maxBytes = max(maxBytes, videoBytes[videoEnd] + audioBytes[audioEnd] - passed)
                return true
            }
            while steps > 0 {
                // The merged order: on equal times the video sample first; +∞ after each track's last.
                let audioTime = audioTimes[a], videoTime = videoTimes[v]
                if audioTime < videoTime {
                    if audioKeys.isSync(a &+ ao), !window(from: audioTime) { return false }
                    a &+= 1
                } else if videoTime < .infinity {
                    if videoKeys.isSync(v &+ vo), !window(from: videoTime) { return false }
                    v &+= 1
                } else {
                    return true
                }
                steps &-= 1
            }
            return false
        }
    }

    /// A keyframe among the track's samples: all are without `stss`.
    package static func hasKeyframe(_ track: Track) -> Bool {
        guard !track.samples.isEmpty else { return false }
        guard let stss = track.table.syncSamples else { return true }
        for i in 0..<stss.entryCount where track.samples.contains(stss.sampleNumber(i, in: track.table.bytes) - 1) {
            return true
        }
        return false
    }
}
