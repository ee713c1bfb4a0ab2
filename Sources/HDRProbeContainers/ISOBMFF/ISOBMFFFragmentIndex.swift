import HDRProbeBytes
import HDRProbeParse

/// The samples of a fragmented MP4 (`mvex` in `moov`, the samples in `moof`/`traf`/`trun` movie
/// fragments, `docs/rules/isobmff-sample-tables.md` §8), located from every fragment of the file as
/// libavformat's mov demuxer (FFmpeg 5.1) does while opening it: it reads every top-level `moof`
/// to the end of a seekable file and adds each run's samples to the stream's index. hdrprobe reads
/// the same boxes — the top-level box headers with a seek over each `mdat`, and each `moof` whole —
/// bounded by ``maxFragments`` (a longer film is left to libavformat).
///
/// Per sample (facts of ISO/IEC 14496-12 §8.8 and of libavformat's reading of them): the duration,
/// size and flags come from the `trun` entry, else the `tfhd` default, else the track's `trex`
/// (the first sample's flags from the run's first-sample-flags before those); the data starts at
/// the base data offset (`tfhd`'s, else the `moof` with default-base-is-moof, else the end of the
/// previous run's data, the `moof` for the first) plus the run's data offset; the first decode
/// time is the `tfdt`'s, else the end of the track's previous run. A video sample is a keyframe
/// unless its flags say non-sync (0x00010000) or depends-on-others (0x01000000); every audio
/// sample is one. Negative composition offsets (`trun` version 1) are allowed: libavformat then
/// presents every sample of the track later by the largest of them (its `dts_shift`, ``ptsShift``).
///
/// An encrypted track's samples carry the subsample maps of their `traf`
/// (``ISOBMFFTrackEncryption/fragmentMaps(_:moof:payloadOffset:base:protection:sampleCount:)``), in a
/// file of one `moof` only (libavformat 5.1 uses the last-read fragment's encryption index for every
/// packet, `docs/rules/encryption-cmaf.md` §4). A `sidx` is covered where it changes nothing
/// (``coversWhole(_:at:firstFragment:movie:fileSize:)``, `docs/rules/isobmff-sample-tables.md` §8).
///
/// ``read(file:movie:)`` returns nil for every shape not covered: another `sidx`, or other top-level box
/// than `ftyp`, `moov`, `moof`, `mdat`, `free`, `skip`, `mfra`; a `moof` before `moov`, too big,
/// unreadable or holding more than `mfhd` and `traf`s; a `traf` with other boxes than `tfhd`,
/// `tfdt` and one `trun` (plus `saiz`/`saio`/`senc` for an encrypted track; sample groups), of a track without
/// `trex`, with another sample description than the first or duration-is-empty; a run without a
/// data offset, with a sample of size or duration 0 or a composition offset of −2³¹, data past
/// the end of the file, or a decode time before the end of the track's previous run.
package struct ISOBMFFFragmentIndex {
    package struct Sample: Equatable {
        package var offset: Int
        package var size: Int
        /// Decode time in the media timescale (before any edit list).
        package var decodeTime: Int64
        package var duration: Int64
        package var compositionOffset: Int64
        package var isSync: Bool
        /// An encrypted sample's subsample map (``ISOBMFFTrackEncryption/fragmentMaps``); nil when clear.
        package var subsamples: [SubsampleEncryption.Subsample]? = nil
    }

    /// Track ID → the track's samples in decode order.
    private(set) var samples: [Int: [Sample]] = [:]
    /// Track ID → what libavformat adds to each decode time plus composition offset: the largest
    /// negative composition offset of the track, negated (0 when none).
    private(set) var ptsShift: [Int: Int64] = [:]
    /// The top-level `moof` boxes read.
    private(set) var fragmentCount = 0
    /// Track IDs of encrypted tracks whose every packet libavformat fails to read
    /// (``ISOBMFFTrackEncryption/failsEveryPacket(_:)``): their samples carry no map.
    private(set) var unreadable: Set<Int> = []

    /// Most `moof` boxes read (about an hour of 2-second fragments); a file with more is declined.
    package static let maxFragments = 2048
    /// Largest `moof` read.
    package static let maxFragmentBytes = 1 << 20
    package static let allowedTopLevel: Set<String> = ["ftyp", "moov", "moof", "mdat", "free", "skip", "mfra", "sidx"]
    /// The `traf` children read: the encryption boxes only in a track fragment of an encrypted track.
    package static let clearFragmentBoxes: Set<String> = ["tfhd", "tfdt", "trun"]
    package static let encryptedFragmentBoxes: Set<String> = ["tfhd", "tfdt", "trun", "saiz", "saio", "senc"]

    /// The index of every fragment of `file`, whose `moov` is `movie`; nil when not covered.
    package static func read(file: MediaFile, movie: MovieBox) -> ISOBMFFFragmentIndex? {
        let audio = Set(movie.tracks.filter { $0.handler == "soun" }.compactMap(\.trackID))
        var index = ISOBMFFFragmentIndex()
        var offset = 0
        var seenMovie = false
        var boxes = 0
        var segmentIndex: (box: SegmentIndexBox, end: Int)?
        var firstFragment: Int?
        while offset + 8 <= file.size {
            boxes += 1
            guard boxes <= 2 * maxFragments + 64, !file.timedOut,
                  let (type, headerSize, size) = boxHeader(file, at: offset), allowedTopLevel.contains(type) else { return nil }
            if type == "moov" { seenMovie = true }
            if type == "sidx" {
                guard seenMovie, segmentIndex == nil, firstFragment == nil, size <= maxFragmentBytes,
                      let box = try? SegmentIndexBox.parse(file.read(at: offset, count: size)) else { return nil }
                segmentIndex = (box, offset + size)
            }
            if type == "moof" {
                index.fragmentCount += 1
                firstFragment = firstFragment ?? offset
                let payload = file.read(at: offset + headerSize, count: size - headerSize)
                guard seenMovie, index.fragmentCount <= maxFragments, size - headerSize <= maxFragmentBytes,
                      let fragment = MovieFragmentBox.parse(payload),
                      index.add(fragment, at: offset, payload: payload, headerSize: headerSize, movie: movie,
                                audio: audio, fileSize: file.size) else { return nil }
            }
            offset += size
        }
        // libavformat reads the encryption info of the fragment it last opened for every packet
        // (`frag_index.current`): only a single fragment is covered.
        let encrypted = movie.tracks.contains { $0.sampleEntries.first?.protection != nil }
        guard !encrypted || index.fragmentCount == 1 else { return nil }
        if let (sidx, end) = segmentIndex {
            guard let first = firstFragment, index.coversWhole(sidx, at: end, firstFragment: first, movie: movie,
                                                               fileSize: file.size) else { return nil }
        }
        return index
    }

    /// A `sidx` ending at `end` covered: libavformat 5.1 then takes the fragment's first decode
    /// time from its earliest_presentation_time and the track's duration from the sum of the
    /// references' durations, stopping the opening read at the first `mdat` — the same index as
    /// without it when the file has one track and one fragment, the `sidx` references that
    /// fragment to the end of the file, in the track's timescale, at the `tfdt` time and with the
    /// run's duration (`docs/rules/encryption-cmaf.md` §4).
    private func coversWhole(_ sidx: SegmentIndexBox, at end: Int, firstFragment: Int, movie: MovieBox,
                             fileSize: Int) -> Bool {
        guard movie.tracks.count == 1, fragmentCount == 1, let track = movie.tracks.first, let id = track.trackID,
              sidx.referenceID == UInt32(id), sidx.references.count == 1, let reference = sidx.references.first,
              !reference.isIndex, end + Int(sidx.firstOffset) == firstFragment,
              firstFragment + Int(reference.size) == fileSize, track.mediaTimescale == Int(sidx.timescale),
              let list = samples[id], let head = list.first, let last = list.last,
              sidx.earliestPresentationTime == UInt64(head.decodeTime),
              Int64(reference.duration) == last.decodeTime + last.duration - head.decodeTime else { return false }
        return true
    }

    /// A top-level box header at `offset`: type, header size and whole size (size 0: to the end);
    /// nil when cut short or past the end of the file.
    package static func boxHeader(_ file: MediaFile, at offset: Int) -> (String, Int, Int)? {
        var r = ByteReader(file.read(at: offset, count: 16))
        guard let size32 = try? r.u32(), let type = try? r.fourCC() else { return nil }
        var size = Int(size32)
        var header = 8
        if size32 == 1 {
            guard let large = try? r.u64(), large <= UInt64(file.size) else { return nil }
            size = Int(large)
            header = 16
        } else if size32 == 0 {
            size = file.size - offset
        }
        guard size >= header, size <= file.size - offset else { return nil }
        return (type, header, size)
    }

    /// Adds the samples of one `moof` at `moofOffset`; false when a shape is not covered.
    private mutating func add(_ moof: MovieFragmentBox, at moofOffset: Int, payload: [UInt8], headerSize: Int,
                              movie: MovieBox, audio: Set<Int>, fileSize: Int) -> Bool {
        guard moof.boxTypes.allSatisfy({ $0 == "mfhd" || $0 == "traf" }) else { return false }
        var implicitOffset = moofOffset
        for traf in moof.trackFragments {
            let h = traf.header
            guard let track = movie.tracks.first(where: { $0.trackID == h.trackID }), let entry = track.sampleEntries.first else { return false }
            let protection = entry.protection
            guard traf.boxTypes.allSatisfy((protection == nil ? Self.clearFragmentBoxes : Self.encryptedFragmentBoxes).contains),
                  traf.runs.count == 1, !h.durationIsEmpty,
                  let trex = movie.trackExtends.first(where: { $0.trackID == h.trackID }),
                  (h.sampleDescriptionIndex ?? trex.defaultSampleDescriptionIndex) == 1 else { return false }
            let base = h.baseDataOffset.map { Int(clamping: $0) } ?? (h.defaultBaseIsMoof ? moofOffset : implicitOffset)
            var maps: [[SubsampleEncryption.Subsample]]?
            if protection != nil, !traf.boxTypes.contains(where: { ["saiz", "saio", "senc"].contains($0) }) {
                // No encryption boxes in the fragment: the sample table's index, which fails every packet.
                guard ISOBMFFTrackEncryption.failsEveryPacket(track) else { return false }
                unreadable.insert(h.trackID)
            } else if let protection {
                // Encrypted: a covered entry whose moov sample table holds no encryption info of its own.
                guard ISOBMFFTrackEncryption.originalFormat(entry) != nil,
                      !track.sampleTableBoxTypes.contains(where: { ["saiz", "saio", "senc"].contains($0) }),
                      let found = ISOBMFFTrackEncryption.fragmentMaps(traf, moof: payload, payloadOffset: moofOffset + headerSize,
                                                                      base: base, protection: protection,
                                                                      sampleCount: traf.runs[0].entries.count) else { return false }
                maps = found
            }
            guard let end = addRun(traf.runs[0], track: h.trackID, base: base, decodeTime: traf.decodeTime, maps: maps,
                                   defaults: (h.defaultSampleDuration ?? trex.defaultSampleDuration,
                                              h.defaultSampleSize ?? trex.defaultSampleSize,
                                              h.defaultSampleFlags ?? trex.defaultSampleFlags),
                                   isAudio: audio.contains(h.trackID), fileSize: fileSize) else { return false }
            implicitOffset = end
        }
        return true
    }

    /// Adds one run's samples; returns the end of its data, nil when not covered.
    private mutating func addRun(_ run: TrackFragmentRunBox, track: Int, base: Int, decodeTime: UInt64?,
                                 maps: [[SubsampleEncryption.Subsample]]?,
                                 defaults: (duration: UInt32, size: UInt32, flags: UInt32), isAudio: Bool,
                                 fileSize: Int) -> Int? {
        guard let dataOffset = run.dataOffset else { return nil }
        var list = samples[track, default: []]
        let trackEnd = list.last.map { $0.decodeTime + $0.duration } ?? 0
        var dts = trackEnd
        if let decodeTime {
            guard decodeTime < UInt64(Int64.max / 4), Int64(decodeTime) >= trackEnd else { return nil }
            dts = Int64(decodeTime)
        }
        guard list.count + run.entries.count <= ContainerIndex.maxSamples else { return nil }
        var offset = base + Int(dataOffset)
        var shift = ptsShift[track, default: 0]
        for (i, e) in run.entries.enumerated() {
            let duration = e.duration ?? defaults.duration
            let size = Int(e.size ?? defaults.size)
            let flags = e.flags ?? (i == 0 ? run.firstSampleFlags : nil) ?? defaults.flags
            let composition = Int64(e.compositionOffset ?? 0)
            guard duration > 0, size > 0, composition > Int64(Int32.min), offset >= 0, offset + size <= fileSize else { return nil }
            shift = max(shift, -composition)
            let sync = isAudio || flags & 0x0101_0000 == 0
            list.append(Sample(offset: offset, size: size, decodeTime: dts, duration: Int64(duration),
                               compositionOffset: composition, isSync: sync, subsamples: maps?[i]))
            dts += Int64(duration)
            offset += size
        }
        samples[track] = list
        ptsShift[track] = shift
        return offset
    }
}
