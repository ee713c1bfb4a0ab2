/// `BANDWIDTH` and `AVERAGE-BANDWIDTH` of an MP4/MOV variant measured straight from its sample
/// tables (`docs/rules/hls-signalling.md` §13): the same measure as ``HLSBandwidth/measure(samples:duration:window:)``
/// over ``HLSBandwidth/merged(_:_:)`` of the video and audio index, with the same `Int` results,
/// but in one streaming pass over `stsz` (sizes), `stts` (times) and `stss` (keyframes): no list
/// of samples is built — only each sample's time, one `Double`, is computed once and kept (a run
/// of `stts` at a time), sizes and keyframes are read in place — and the two tracks are not
/// merged: each sample is visited once as a window start and once as it enters a window.
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
                let audioBase = audio == nil ? videoBase : audioBytes.baseAddress ?? videoBase
                let other = audio ?? silent
                return slide(video: TrackSamples(video, base: videoBase), audio: TrackSamples(other, base: audioBase),
                             keyframes: (SyncCursor(video, base: videoBase, everySample: !startsAtKeyframes),
                                         SyncCursor(other, base: audioBase, everySample: !startsAtKeyframes)),
                             span: span, duration: duration)
            }
        }
    }

    /// The sliding window of ``HLSBandwidth/measure(samples:duration:window:)`` over the merged
    /// samples, without merging them: the samples of one track up to the other's next one in
    /// turn, video first on equal times (+∞ after each track's last). The window starting at the
    /// merged sample `s` ends before the first sample at or after `time(s) + span`; as times only
    /// grow, its bytes are the bytes of both tracks' samples before that time (``WindowEnd``)
    /// minus the bytes of the merged samples before `s` (`passed`). The measure's own window end
    /// moves the same way, so the two agree sample for sample.
    static func slide(video: borrowing TrackSamples, audio: borrowing TrackSamples,
                      keyframes: (video: SyncCursor, audio: SyncCursor), span: Double, duration: Double) -> HLSBandwidth? {
        let videoTimes = video.times, audioTimes = audio.times
        var videoKeys = keyframes.video, audioKeys = keyframes.audio
        var end = WindowEnd()
        var v = 0, a = 0
        var passed = 0, maxBytes = 0
        while v < video.count || a < audio.count {
            let nextAudio = audioTimes[a]
            while v < video.count, videoTimes[v] <= nextAudio {
                if videoKeys.isSync(v) {
                    maxBytes = max(maxBytes, end.reached(before: videoTimes[v] + span, video, audio) - passed)
                }
                passed += video.size(v)
                v &+= 1
            }
            let nextVideo = videoTimes[v]
            while audioTimes[a] < nextVideo {
                if audioKeys.isSync(a) {
                    maxBytes = max(maxBytes, end.reached(before: audioTimes[a] + span, video, audio) - passed)
                }
                passed += audio.size(a)
                a &+= 1
            }
        }
        // Sizes are never negative: a zero total means every sample is empty.
        guard passed > 0 else { return nil }
        let average = (Double(passed) * 8 / duration).rounded(.up)
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
