import HDRProbeParse

/// What ``ISOBMFFContainerDemux`` needs of a track's timing, from its sample tables
/// (``ISOBMFFTrackIndex``) or from its movie fragments (``ISOBMFFFragmentedTrack``).
package protocol ISOBMFFTrackTiming {
    var timescale: Int { get }
    /// `st->duration` in ticks.
    var duration: Int64 { get }
    var bitRate: Int? { get }
    var averageFrameRate: FrameRate? { get }
    /// The index as libavformat holds it after opening the file.
    func entries() -> [ISOBMFFTrackIndex.Entry]
}

extension ISOBMFFTrackIndex: ISOBMFFTrackTiming {}

/// One track of a fragmented MP4 as libavformat's mov demuxer (FFmpeg 5.1) describes it after
/// reading every fragment (``ISOBMFFFragmentIndex``): the index holds each fragment sample at its
/// decode time less the edit's media time (libavformat's `time_offset`: a single edit at rate 1
/// moves decode times back by its media_time; without an edit list nothing); the stream duration
/// is the end of the last run in media time; the bit rate is every sample's bytes × 8 × timescale
/// / that duration, rounded to the nearest (`av_rescale`); the average frame rate is timescale ×
/// samples / the sum of the sample durations, reduced.
///
/// nil when not covered: samples in the `moov` sample tables too, a `mdhd` duration other than 0,
/// an edit list other than one edit at rate 1 with media_time ≥ 0, no fragment samples.
package struct ISOBMFFFragmentedTrack: ISOBMFFTrackTiming {
    package let samples: [ISOBMFFFragmentIndex.Sample]
    package let timescale: Int
    package let timeOffset: Int64
    package let duration: Int64
    package let bitRate: Int?
    package let averageFrameRate: FrameRate?

    package init?(track: MovieBox.Track, fragments: ISOBMFFFragmentIndex, isAudio: Bool) {
        guard let id = track.trackID, let samples = fragments.samples[id], let last = samples.last,
              let timescale = track.mediaTimescale, timescale > 0, track.mediaDuration == 0,
              let table = track.sampleTable, table.sampleCount == 0, table.timeToSample.entryCount == 0,
              table.chunkOffsets.entryCount == 0, let shift = ISOBMFFSampleReader.presentationShift(track.editList)
        else { return nil }
        self.samples = samples
        self.timescale = timescale
        timeOffset = shift
        duration = last.decodeTime + last.duration
        let bytes = samples.reduce(0) { $0 + $1.size }
        let (scaled, overflow) = Int64(bytes).multipliedReportingOverflow(by: Int64(timescale) * 8)
        bitRate = overflow ? nil : Int(ISOBMFFTrackIndex.rescale(scaled, by: 1, over: duration))
        let total = samples.reduce(Int64(0)) { $0 + $1.duration }
        averageFrameRate = isAudio ? nil : ISOBMFFTrackIndex.reducedRate(Int64(timescale) * Int64(samples.count), total)
    }

    package func entries() -> [ISOBMFFTrackIndex.Entry] {
        samples.map { .init(timestamp: $0.decodeTime - timeOffset, size: $0.size, isKeyframe: $0.isSync) }
    }
}
