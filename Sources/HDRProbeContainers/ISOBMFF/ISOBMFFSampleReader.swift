import HDRProbeParse

/// hdrprobe's own packet source for plain (unfragmented, unencrypted) ISO BMFF files: the first
/// samples of each scanned video track located from its sample tables (``SampleTableBox``, only
/// the entries of those samples are looked at) and read straight from the file, instead of
/// libavformat's mov demuxer, which builds the index of every sample of the film first
/// (`docs/rules/isobmff-sample-tables.md` §7). Packets come in file order, as the samples lie.
///
/// Fragmented files (`mvex`) take their samples from the movie fragments (``ISOBMFFFragmentIndex``,
/// read by ``ISOBMFFContainerDemux``), presented at decode time plus composition offset (plus the
/// track's ``ISOBMFFFragmentIndex/ptsShift``) less the edit's media time, as for the sample tables.
///
/// ``make(file:headers:streams:limit:fragments:)`` returns nil for every shape it does not cover —
/// the frame scan then reads through libavformat as before: fragmented files without their
/// fragment index, a cut-short file, a
/// track with another than exactly one sample entry, an encrypted one other than
/// ``ISOBMFFTrackEncryption`` covers (whose samples are read whole, each with its subsample map
/// from `senc` or its fragment's, as libavformat's encryption side data gives it), an edit list other than a
/// single edit at normal rate, samples presented before the edit starts (libavformat discards
/// those), tables that contradict each other or point past the end of the file.
package final class ISOBMFFSampleReader: SampleSource {
    package struct Pending {
        package var stream: Int
        package var offset: Int
        package var size: Int
        package var isSync: Bool
        package var pts: Int64
        /// An encrypted sample's subsample map (``ISOBMFFTrackEncryption``); nil when clear.
        package var subsamples: [SubsampleEncryption.Subsample]? = nil
        /// libavformat fails to read this sample, which ends its packet reading
        /// (``ISOBMFFTrackEncryption/failsEveryPacket(_:)``).
        package var failsRead = false
    }

    /// A scanned stream: its libavformat index and track ID, whether it is encrypted, and for
    /// length-prefixed HEVC / H.264 the NAL length size and VCL test (slice data is then skipped,
    /// ``LengthPrefixedSampleRead``); nil reads each sample whole.
    package struct Stream {
        package var index: Int
        package var id: Int
        package var encrypted: Bool
        package var nalLengthSize: Int? = nil
        package var isVCL: (@Sendable (UInt8) -> Bool)? = nil

        package init(index: Int, id: Int, encrypted: Bool, nalLengthSize: Int? = nil, isVCL: (@Sendable (UInt8) -> Bool)? = nil) {
            self.index = index
            self.id = id
            self.encrypted = encrypted
            self.nalLengthSize = nalLengthSize
            self.isVCL = isVCL
        }
    }

    private let file: MediaFile
    private let pending: [Pending]
    private let streams: [Int: Stream]
    private var next = 0

    private init(file: MediaFile, pending: [Pending], streams: [Int: Stream]) {
        self.file = file
        self.pending = pending
        self.streams = streams
    }

    /// The reader for `streams` (libavformat stream index → whether it is encrypted), the first
    /// `limit` samples of each; nil when any of them is a shape this reader does not cover.
    package static func make(file: MediaFile, headers: ContainerHeaders, streams: [Stream],
                     limit: Int?, fragments: ISOBMFFFragmentIndex? = nil) -> ISOBMFFSampleReader? {
        guard headers.signature == .isobmff, let movie = headers.movie, movie.hasMovieExtends == (fragments != nil),
              !headers.isMediaSegment, headers.truncation == nil, !streams.isEmpty else { return nil }
        var pending: [Pending] = []
        var streams = streams
        for (k, s) in streams.enumerated() {
            guard let track = headers.track(forStreamID: s.id, index: s.index),
                  s.encrypted == (track.sampleEntries.first?.protection != nil) else { return nil }
            if s.encrypted, let fragments {
                // Whole samples with the fragment's maps (``ISOBMFFFragmentIndex``).
                streams[k].nalLengthSize = nil
                let fails = fragments.unreadable.contains(s.id)
                guard let samples = fragmentSamples(track: track, fragments: fragments, limit: limit),
                      samples.allSatisfy({ ($0.subsamples == nil) == fails }) else { return nil }
                pending += samples.map {
                    Pending(stream: s.index, offset: $0.offset, size: $0.size, isSync: $0.isSync, pts: $0.pts,
                            subsamples: $0.subsamples, failsRead: fails)
                }
            } else if s.encrypted {
                // Whole samples: the clear ranges of the map are read from them (ProbeEngine.scan).
                streams[k].nalLengthSize = nil
                guard let maps = ISOBMFFTrackEncryption.subsampleMaps(track, limit: limit),
                      let samples = samples(track: track, movie: movie, limit: limit, fileSize: file.size),
                      samples.count <= maps.count else { return nil }
                pending += samples.map {
                    Pending(stream: s.index, offset: $0.sample.offset, size: $0.sample.size, isSync: $0.sample.isSync,
                            pts: $0.pts, subsamples: maps[$0.sample.index])
                }
            } else if let fragments {
                guard let samples = fragmentSamples(track: track, fragments: fragments, limit: limit),
                      samples.allSatisfy({ $0.subsamples == nil }) else { return nil }
                pending += samples.map { Pending(stream: s.index, offset: $0.offset, size: $0.size, isSync: $0.isSync, pts: $0.pts) }
            } else {
                guard let samples = samples(track: track, movie: movie, limit: limit, fileSize: file.size) else { return nil }
                pending += samples.map {
                    Pending(stream: s.index, offset: $0.sample.offset, size: $0.sample.size, isSync: $0.sample.isSync, pts: $0.pts)
                }
            }
        }
        pending.sort { ($0.offset, $0.stream) < ($1.offset, $1.stream) }
        file.planReads(readPlan(pending, streams: streams))
        return ISOBMFFSampleReader(file: file, pending: pending,
                                   streams: Dictionary(streams.map { ($0.index, $0) }, uniquingKeysWith: { a, _ in a }))
    }

    /// The bytes the scan will most likely read: each length-prefixed sample's head (its first NAL
    /// units' headers) and tail (a Dolby Vision RPU or suffix SEI ends the sample), every other
    /// sample whole (``MediaFile/planReads(_:)`` joins neighbours into single read calls).
    package static func readPlan(_ pending: [Pending], streams: [Stream]) -> [Range<Int>] {
        let walked = Set(streams.filter { $0.nalLengthSize != nil && $0.isVCL != nil }.map(\.index))
        return pending.flatMap { p -> [Range<Int>] in
            let start = p.offset, end = p.offset + p.size
            let head = p.isSync ? planSyncHeadBytes : planEdgeBytes
            guard walked.contains(p.stream), p.size > head + planTailBytes else { return [start..<end] }
            return [start..<(start + head), (end - planTailBytes)..<end]
        }
    }

    /// The head and tail of a sample planned for reading; a sync sample's head is longer (parameter
    /// sets and SEI messages come before its first slice; a 4K Dolby Vision film's CRA pictures,
    /// not in `stss`, carry 2.7 KB of them).
    package static let planEdgeBytes = 4096
    package static let planTailBytes = 2048
    package static let planSyncHeadBytes = 8192

    /// A reader with no packets (a file without video streams to scan).
    package static func empty(file: MediaFile) -> ISOBMFFSampleReader {
        ISOBMFFSampleReader(file: file, pending: [], streams: [:])
    }

    /// The track's first `limit` samples with their presentation timestamps, nil when not covered.
    package static func samples(track: MovieBox.Track, movie: MovieBox, limit: Int?,
                        fileSize: Int) -> [(sample: SampleTableBox.Sample, pts: Int64)]? {
        guard track.sampleEntries.count == 1,
              track.sampleEntries[0].originalFormat == nil || ISOBMFFTrackEncryption.originalFormat(track.sampleEntries[0]) != nil,
              let table = track.sampleTable, let shift = presentationShift(track.editList),
              let samples = table.samples(limit: limit ?? table.sampleCount) else { return nil }
        var out: [(sample: SampleTableBox.Sample, pts: Int64)] = []
        out.reserveCapacity(samples.count)
        for sample in samples {
            let composition = sample.decodeTime + sample.compositionOffset
            guard sample.sampleDescriptionIndex == 1, sample.size > 0, sample.offset + sample.size <= fileSize,
                  composition >= shift else { return nil }
            out.append((sample, composition - shift))
        }
        return out
    }

    /// The track's first `limit` fragment samples with their presentation timestamps, nil when not
    /// covered (the same rules as ``samples(track:movie:limit:fileSize:)``; the fragment index
    /// checked sizes and offsets, and gave an encrypted sample its map).
    package static func fragmentSamples(track: MovieBox.Track, fragments: ISOBMFFFragmentIndex, limit: Int?)
        -> [(offset: Int, size: Int, isSync: Bool, pts: Int64, subsamples: [SubsampleEncryption.Subsample]?)]? {
        guard track.sampleEntries.count == 1,
              track.sampleEntries[0].originalFormat == nil || ISOBMFFTrackEncryption.originalFormat(track.sampleEntries[0]) != nil,
              let id = track.trackID,
              let all = fragments.samples[id], let shift = presentationShift(track.editList) else { return nil }
        let ptsShift = fragments.ptsShift[id] ?? 0
        var out: [(offset: Int, size: Int, isSync: Bool, pts: Int64, subsamples: [SubsampleEncryption.Subsample]?)] = []
        for sample in all.prefix(limit ?? all.count) {
            let composition = sample.decodeTime + ptsShift + sample.compositionOffset
            guard composition >= shift else { return nil }
            out.append((sample.offset, sample.size, sample.isSync, composition - shift, sample.subsamples))
        }
        return out
    }

    /// The media time the presentation starts at (`docs/rules/isobmff-sample-tables.md` §6): 0 without
    /// an edit list, the media_time of a single edit at rate 1; nil for any other edit list.
    package static func presentationShift(_ editList: EditListBox?) -> Int64? {
        guard let editList else { return 0 }
        guard editList.entries.count == 1, let edit = editList.entries.first,
              edit.mediaTime >= 0, edit.rateInteger == 1, edit.rateFraction == 0 else { return nil }
        return edit.mediaTime
    }

    package func readPacket(wantsData: (Int) -> Bool) -> DemuxedPacket? {
        guard next < pending.count, !file.timedOut else { return nil }
        let p = pending[next]
        next += 1
        guard !p.failsRead else {
            next = pending.count
            return nil
        }
        guard wantsData(p.stream) else {
            return DemuxedPacket(streamIndex: p.stream, pts: p.pts, data: [], subsamples: nil, storedSize: p.size)
        }
        if let map = p.subsamples {
            let data = file.read(at: p.offset, count: p.size)
            guard data.count == p.size else { return nil }
            return DemuxedPacket(streamIndex: p.stream, pts: p.pts, data: data, subsamples: map)
        }
        if let s = streams[p.stream], let lengthSize = s.nalLengthSize, let isVCL = s.isVCL,
           let data = LengthPrefixedSampleRead.read(file, offset: p.offset, size: p.size,
                                                    lengthSize: lengthSize, isVCL: isVCL) {
            return DemuxedPacket(streamIndex: p.stream, pts: p.pts, data: data, subsamples: nil, storedSize: p.size)
        }
        guard !file.timedOut else { return nil }
        let data = file.read(at: p.offset, count: p.size)
        guard data.count == p.size else { return nil }
        return DemuxedPacket(streamIndex: p.stream, pts: p.pts, data: data, subsamples: nil)
    }
}
