import HDRProbeParse
import HDRProbeModel

/// hdrprobe's own reader of plain MP4/MOV files: the streams, durations, bit rates and
/// sample index libavformat's mov demuxer would give (``ISOBMFFStreamMapping``,
/// ``ISOBMFFTrackIndex``), from the `moov` hdrprobe already walked (``ContainerHeaders``), and the
/// packets from the sample tables (``ISOBMFFSampleReader``) — no FFmpeg loaded.
///
/// Fragmented files (`mvex`) are read from their movie fragments (``ISOBMFFFragmentIndex``,
/// ``ISOBMFFFragmentedTrack``): clear ones whose `mvhd` declares no duration and whose fragments
/// are all of the shapes covered there.
///
/// ``open(file:headers:options:)`` declines (nil: libavformat reads the file) every shape it has
/// not been checked on: fragmented files of other shapes, media segments, cut-short files, header issues, cover
/// art, track references (chapters, timecode), `kind` roles, tracks other than video and audio,
/// unmapped sample entries, encrypted ones other than ``ISOBMFFTrackEncryption`` covers (plain
/// tracks with `senc` in the sample table, single-fragment files with the maps in the `traf`),
/// `meta` boxes other than an ID3 tag, more than one sample description, the index shapes
/// ``ISOBMFFTrackIndex`` leaves out.
package final class ISOBMFFContainerDemux: ContainerDemux {
    package let formatName = "mov,mp4,m4a,3gp,3g2,mj2"
    package let streams: [DemuxedStream]
    package let formatDuration: Double?
    package let formatBitRate: Int? = nil
    package let readBudgetStop: Int? = nil
    private let indexes: [any ISOBMFFTrackTiming]
    /// The movie fragments' samples of a fragmented file; nil for a plain one.
    package let fragments: ISOBMFFFragmentIndex?
    private let packets: ISOBMFFSampleReader
    private var cachedSamples: [Int: [HLSBandwidth.Sample]] = [:]

    private init(streams: [DemuxedStream], indexes: [any ISOBMFFTrackTiming], fragments: ISOBMFFFragmentIndex?,
                 formatDuration: Double?, packets: ISOBMFFSampleReader) {
        self.streams = streams
        self.indexes = indexes
        self.fragments = fragments
        self.formatDuration = formatDuration
        self.packets = packets
    }

    package static func open(file: MediaFile, headers: ContainerHeaders, options: ProbeOptions) -> ISOBMFFContainerDemux? {
        guard headers.signature == .isobmff, let movie = headers.movie, headers.hasMovieBox, headers.movieBoxCount == 1, !headers.isMediaSegment,
              headers.truncation == nil, headers.issues.isEmpty, movie.issues.isEmpty,
              !movie.mayHaveCoverArt, !movie.tracks.isEmpty,
              !movie.boxTypes.contains("cmov"), movie.boxTypes.filter({ $0 == "meta" }).count == movie.id3OnlyMetaBoxes
        else { return nil }
        var fragments: ISOBMFFFragmentIndex?
        if movie.hasMovieExtends {
            guard movie.movieDuration == 0, movie.movieExtendsBoxTypes.allSatisfy({ $0 == "mehd" || $0 == "trex" }),
                  let index = ISOBMFFFragmentIndex.read(file: file, movie: movie) else { return nil }
            fragments = index
        }
        var streams: [DemuxedStream] = []
        var indexes: [any ISOBMFFTrackTiming] = []
        for (i, track) in movie.tracks.enumerated() {
            guard let (stream, index) = describe(track, index: i, movieTimescale: movie.movieTimescale, fragments: fragments)
            else { return nil }
            streams.append(stream)
            indexes.append(index)
        }
        guard Set(streams.map(\.id)).count == streams.count,
              let duration = formatDuration(movie) else { return nil }
        let video = streams.filter { $0.kind == .video }
            .map { ISOBMFFSampleReader.Stream(index: $0.index, id: $0.id,
                                              encrypted: movie.tracks[$0.index].sampleEntries[0].protection != nil) }
        guard let packets = ISOBMFFSampleReader.make(file: file, headers: headers, streams: video, limit: options.frames,
                                                     fragments: fragments)
                ?? (video.isEmpty ? ISOBMFFSampleReader.empty(file: file) : nil) else { return nil }
        return ISOBMFFContainerDemux(streams: streams, indexes: indexes, fragments: fragments, formatDuration: duration,
                                     packets: packets)
    }

    /// The `mvhd` duration in seconds through AV_TIME_BASE microseconds (`av_rescale`); the outer
    /// optional is nil when not covered, the inner when libavformat declares none.
    package static func formatDuration(_ movie: MovieBox) -> Double?? {
        guard let scale = movie.movieTimescale, scale > 0, let d = movie.movieDuration, d < UInt64(Int64.max / 2_000_000) else { return nil }
        let micro = ISOBMFFTrackIndex.rescale(Int64(d), by: 1_000_000, over: Int64(scale))
        return .some(micro > 0 ? Double(micro) / 1_000_000 : nil)
    }

    /// One track as libavformat's stream `index` (from its movie fragments when `fragments` is
    /// given); nil when not covered.
    package static func describe(_ track: MovieBox.Track, index: Int, movieTimescale: Int?,
                         fragments: ISOBMFFFragmentIndex? = nil) -> (DemuxedStream, any ISOBMFFTrackTiming)? {
        guard let id = track.trackID, id > 0, let flags = track.headerFlags, track.sampleEntries.count == 1,
              track.declaredEntryCount == 1, !track.hasKindBox, !track.boxTypes.contains("tref"),
              let codec = ISOBMFFStreamMapping.codec(handler: track.handler, entry: track.sampleEntries[0])
        else { return nil }
        let isAudio = codec.kind == .audio
        let timing: (any ISOBMFFTrackTiming)?
        if let fragments {
            timing = ISOBMFFFragmentedTrack(track: track, fragments: fragments, isAudio: isAudio)
        } else {
            timing = ISOBMFFTrackIndex(track: track, movieTimescale: movieTimescale, isAudio: isAudio)
        }
        guard let timing else { return nil }
        let entry = track.sampleEntries[0]
        // Encrypted: plain tracks whose `senc` gives every sample's map, fragmented ones whose
        // fragments gave every sample one (``ISOBMFFTrackEncryption``).
        if entry.protection != nil {
            if let fragments {
                let mapped = fragments.unreadable.contains(id) ? { $0.subsamples == nil } : { (s: ISOBMFFFragmentIndex.Sample) in s.subsamples != nil }
                guard fragments.samples[id]?.allSatisfy(mapped) == true else { return nil }
            } else {
                guard ISOBMFFTrackEncryption.subsampleMaps(track, limit: 0) != nil else { return nil }
            }
        }
        var dovi: DOVIDecoderConfigurationRecord?
        if let payload = entry.doviPayload {
            guard let record = try? DOVIDecoderConfigurationRecord.parse(payload) else { return nil }
            dovi = record
        }
        let tb = 1 / Double(timing.timescale)
        let stream = DemuxedStream(
            index: index, id: id, kind: codec.kind, codecName: codec.name, codec: codec.id, codecTag: entry.originalFormat ?? entry.fourCC,
            profile: -99, level: -99,
            width: codec.kind == .video ? entry.width.flatMap { $0 > 0 ? $0 : nil } : nil,
            height: codec.kind == .video ? entry.height.flatMap { $0 > 0 ? $0 : nil } : nil,
            bitDepth: nil, chromaSubsampling: nil, colour: ColourCodes(), extradata: codec.extradata,
            avgFrameRate: timing.averageFrameRate, realFrameRate: nil,
            timeBase: (1, timing.timescale), doviRecord: dovi,
            mastering: entry.masteringDisplay, contentLight: entry.contentLightLevel,
            bitRate: timing.bitRate.flatMap { $0 > 0 ? $0 : nil },
            durationSeconds: timing.duration > 0 ? Double(timing.duration) * tb : nil,
            isDefault: flags & 1 != 0, channels: nil)
        return (stream, timing)
    }

    package func indexSamples(stream index: Int) -> [HLSBandwidth.Sample] {
        guard index >= 0, index < indexes.count else { return [] }
        if let cached = cachedSamples[index] { return cached }
        let tb = 1 / Double(indexes[index].timescale)
        let samples = indexes[index].entries().prefix(ContainerIndex.maxSamples).map {
            HLSBandwidth.Sample(time: Double($0.timestamp) * tb, size: $0.size, isKeyframe: $0.isKeyframe)
        }
        cachedSamples[index] = samples
        indexSamplesBuilt += samples.count
        return samples
    }

    /// Index entries built so far by ``indexSamples(stream:)`` (the BANDWIDTH measurement needs none
    /// where ``sampleTableTracks(video:audio:)`` covers the tracks).
    package private(set) var indexSamplesBuilt = 0

    package func sampleTableTracks(video: Int, audio: Int?) -> (video: SampleTableBandwidth.Track, audio: SampleTableBandwidth.Track?)? {
        guard let v = sampleTableTrack(video) else { return nil }
        guard let audio else { return (v, nil) }
        guard let a = sampleTableTrack(audio) else { return nil }
        return (v, a)
    }

    private func sampleTableTrack(_ stream: Int) -> SampleTableBandwidth.Track? {
        // Sample tables only: a fragmented file's index is measured from ``indexSamples(stream:)``.
        guard stream >= 0, stream < indexes.count, let index = indexes[stream] as? ISOBMFFTrackIndex,
              let stretch = index.indexStretch() else { return nil }
        return SampleTableBandwidth.Track(table: index.table, samples: stretch.samples, shift: stretch.shift,
                                          timescale: index.timescale)
    }

    package func readPacket(wantsData: (Int) -> Bool) -> DemuxedPacket? {
        packets.readPacket(wantsData: wantsData)
    }
}
