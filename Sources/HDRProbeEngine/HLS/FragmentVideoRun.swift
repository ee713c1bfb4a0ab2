import HDRProbeParse
import HDRProbeContainers

/// What a segment's first `moof` says of its video track (ISO/IEC 14496-12 §8.8): whether its first
/// sample is a sync sample (`sample_is_non_sync_sample` clear, §8.8.3.1), where it starts on the media
/// timeline, one sample's duration, where the first sample ends in the segment, and the decode time of
/// every sync sample of the fragment (for the key-frame interval).
struct FragmentVideoRun {
    var startsWithSync: Bool?
    /// `tfdt` plus the first sample's composition offset, seconds: the first picture's presentation
    /// time (a segment of an open GOP holds a different number of samples in decode order than it shows).
    var start: Double?
    var sampleDuration: Double?
    /// Bytes from the segment's start to the end of its first video sample, when the run says.
    var firstSampleEnd: Int?
    /// Decode times of the fragment's sync samples, seconds.
    var syncTimes: [Double] = []

    /// The video track's run of `fragment` (located at `offset` in the segment), nil when the
    /// fragment has no video track the init section describes.
    init?(movie: MovieBox, fragment located: (box: MovieFragmentBox, offset: Int)) {
        let fragment = located.box
        guard let track = movie.tracks.first(where: { $0.handler == "vide" }), let id = track.trackID,
              let position = fragment.trackFragments.firstIndex(where: { $0.header.trackID == id }) else { return nil }
        let traf = fragment.trackFragments[position]
        let trex = movie.trackExtends.first { $0.trackID == id }
        let defaultFlags = traf.header.defaultSampleFlags ?? trex?.defaultSampleFlags
        let defaultDuration = traf.header.defaultSampleDuration ?? trex?.defaultSampleDuration
        var offset: Int64 = 0
        var sampleTicks: UInt32?
        if let run = traf.runs.first, let firstEntry = run.entries.first {
            offset = Int64(firstEntry.compositionOffset ?? 0)
            // The run's data offset counts from the `moof` when the fragment says so
            // (default-base-is-moof, as CMAF requires) or for its first track fragment
            // (ISO/IEC 14496-12 §8.8.7.1); otherwise the capped head is read instead.
            if let dataOffset = run.dataOffset, traf.header.baseDataOffset == nil, traf.header.defaultBaseIsMoof || position == 0,
               let size = firstEntry.size ?? traf.header.defaultSampleSize ?? trex?.defaultSampleSize {
                firstSampleEnd = located.offset + Int(dataOffset) + Int(size)
            }
            let flags = run.firstSampleFlags ?? firstEntry.flags ?? defaultFlags
            startsWithSync = flags.map { $0 & 0x0001_0000 == 0 }
            sampleTicks = firstEntry.duration ?? defaultDuration
        }
        guard let timescale = track.mediaTimescale, timescale > 0 else { return }
        let scale = Double(timescale)
        start = traf.decodeTime.map { Double(Int64($0) + offset) / scale }
        sampleDuration = sampleTicks.map { Double($0) / scale }
        // Sync samples by decode time: a sample's flags are its entry's, the run's first-sample
        // flags for the first, or the defaults; a duration missing from both stops the count.
        guard var ticks = traf.decodeTime.map({ Double($0) }) else { return }
        for run in traf.runs {
            for (i, entry) in run.entries.enumerated() {
                let flags = (i == 0 ? run.firstSampleFlags : nil) ?? entry.flags ?? defaultFlags
                if let flags, flags & 0x0001_0000 == 0 { syncTimes.append(ticks / scale) }
                guard let d = entry.duration ?? defaultDuration else { return }
                ticks += Double(d)
            }
        }
    }
}
