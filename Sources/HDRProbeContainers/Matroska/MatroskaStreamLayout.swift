import HDRProbeParse
import HDRProbeModel

/// The streams FFmpeg 5.1's matroska demuxer makes of a Segment's `Tracks` and `Attachments`
/// (`matroska_parse_tracks`, `matroska_read_header`; docs/ffmpeg-versions.md), for the files
/// hdrprobe's own reader covers: nil from the initialiser for any other.
///
/// - One stream per TrackEntry in file order, then one per attached file: an image (JPEG, PNG) is a
///   one-picture video stream with the attached-picture disposition, a font an attachment stream.
/// - Time base: TimestampScale / 10⁹ reduced; frame rates from DefaultDuration
///   (``MatroskaDefaultDuration``); no profile or level (FFmpeg's "unknown", −99), no pixel format,
///   bit rate or stream duration (those come from `avformat_find_stream_info`, which hdrprobe does
///   not run for Matroska).
/// - Extradata: CodecPrivate, except VP9 (none) and FLAC (the STREAMINFO block after `fLaC` and its
///   block header).
/// - Colour: the Colour element's code points, except "reserved" and "unspecified" ones.
/// - Dolby Vision: the last `dvcC`/`dvvC` BlockAdditionMapping, read as libavformat reads it.
package struct MatroskaStreamLayout {
    package var timestampScale: UInt64 { info.timestampScale }
    private var info: MatroskaSegmentInfo
    package var duration: Double?
    /// TrackNumber → stream index.
    package var trackStreams: [UInt64: Int] = [:]
    /// Stream indexes of attached pictures (libavformat hands their picture out as the first packets).
    package var attachedPictures: [Int] = []
    private var tracks: [MatroskaTrackEntry]
    private var files: [(name: String, picture: Bool)]

    /// FFmpeg's "unknown" profile and level (`FF_PROFILE_UNKNOWN`, `FF_LEVEL_UNKNOWN`).
    package static let unknown: Int32 = -99

    /// libavformat's time base for container durations (`AV_TIME_BASE`, microseconds): the
    /// Matroska demuxer rounds the duration through it, and an own reader must give the same value.
    package static let avTimeBase = 1_000_000

    package static let codecIDs: [String: StreamCodec] = [
        "hevc": .hevc, "h264": .h264, "av1": .av1, "vp9": .vp9,
        "aac": .aac, "ac3": .ac3, "eac3": .eac3, "opus": .opus,
        "flac": .flac, "subrip": .subrip, "ass": .ass,
        "mjpeg": .mjpeg, "png": .png, "ttf": .ttf, "otf": .otf,
    ]

    package init?(segment: MatroskaSegmentElements, tracks: [MatroskaTrackEntry], firstCluster: Int, fileSize: Int) {
        guard Self.segmentIsPlain(segment, firstCluster: firstCluster, fileSize: fileSize),
              let info = segment.info, info.timestampScale > 0, info.timestampScale <= UInt64(UInt32.max) else { return nil }
        self.info = info
        if let d = info.duration, d > 0 {
            // `matroska->duration * matroska->time_scale * 1000 / AV_TIME_BASE`, stored as an integer.
            let microseconds = d * Double(info.timestampScale) * 1000 / Double(MatroskaStreamLayout.avTimeBase)
            guard microseconds < 9e18 else { return nil }
            let stored = Int64(microseconds)
            duration = stored > 0 ? Double(stored) / Double(MatroskaStreamLayout.avTimeBase) : nil
        }
        self.tracks = tracks
        files = []
        for (index, track) in tracks.enumerated() {
            guard Self.covers(track), let number = track.number, trackStreams[number] == nil else { return nil }
            trackStreams[number] = index
        }
        for file in segment.attachments ?? [] {
            guard let type = file.mediaType, let mapped = MatroskaCodecMapping.attachments[type],
                  file.name != nil, file.dataSize > 0 else { return nil }
            if mapped.picture { attachedPictures.append(tracks.count + files.count) }
            files.append(mapped)
        }
    }

    /// One of each describing element, none of them only behind the SeekHead, nothing after the
    /// Segment, a document type libavformat knows.
    package static func segmentIsPlain(_ segment: MatroskaSegmentElements, firstCluster: Int, fileSize: Int) -> Bool {
        guard !segment.unreadable, ["matroska", "webm"].contains(segment.docType ?? ""),
              segment.declaredEnd.map({ $0 == UInt64(fileSize) }) ?? true,
              segment.counts[MatroskaSegmentInfo.id] == 1, segment.counts[MatroskaTrackEntry.tracksID] == 1,
              segment.counts[MatroskaAttachedFile.attachmentsID, default: 0] <= 1 else { return false }
        let describing: Set<UInt32> = [MatroskaSegmentInfo.id, MatroskaTrackEntry.tracksID, MatroskaAttachedFile.attachmentsID, MatroskaSeekHead.id]
        return segment.seekHeads.allSatisfy { head in
            head.entries.allSatisfy { !describing.contains($0.id) || segment.dataOffset + Int(clamping: $0.position) < firstCluster }
        }
    }

    /// A track whose stream hdrprobe knows how libavformat describes.
    package static func covers(_ track: MatroskaTrackEntry) -> Bool {
        guard let id = track.codecID, let mapped = MatroskaCodecMapping.codecs[id], !track.stream.hasContentEncodings,
              track.stream.trackTimestampScale.map({ $0 == 1 }) ?? true else { return false }
        switch (track.type, mapped.kind) {
        case (1?, .video):
            guard !track.stream.hasVideoExtras, colourIsPlain(track.colour) else { return false }
        case (2?, .audio):
            if id == "A_AAC" && (track.stream.codecPrivate ?? []).isEmpty { return false }
        case (17?, .subtitle): break
        default: return false
        }
        // libavformat refuses the file for a Dolby Vision mapping it cannot read; it reads dvcC/dvvC only.
        for m in track.blockAdditionMappings where ["dvcC", "dvvC", "dvwC"].contains(m.typeFourCC ?? "") {
            guard (m.extraData?.count ?? 0) >= 5, m.typeFourCC != "dvwC" else { return false }
        }
        return true
    }

    /// Colour code points within H.273's assigned values.
    package static func colourIsPlain(_ colour: MatroskaColour?) -> Bool {
        guard let c = colour else { return true }
        return (c.matrixCoefficients ?? 2) <= 14 && (c.primaries ?? 2) <= 22 && (c.transferCharacteristics ?? 2) <= 18 && (c.range ?? 0) <= 3
    }

    package func streams() -> [DemuxedStream] {
        let timeBase = info.timeBase
        var out = tracks.enumerated().map { index, track in stream(track, index: index, timeBase: timeBase) }
        for (offset, file) in files.enumerated() {
            let id = Self.codecIDs[file.name]
            out.append(DemuxedStream(index: tracks.count + offset, id: 0, kind: .attachment, codecName: file.name, codec: id,
                                     codecTag: nil, profile: Self.unknown, level: Self.unknown, width: nil, height: nil,
                                     bitDepth: nil, chromaSubsampling: nil, colour: ColourCodes(), extradata: [],
                                     avgFrameRate: nil, realFrameRate: nil, timeBase: (1, 90000), doviRecord: nil,
                                     mastering: nil, contentLight: nil, bitRate: nil, durationSeconds: nil,
                                     isDefault: false, channels: nil))
        }
        return out
    }

    private func stream(_ track: MatroskaTrackEntry, index: Int, timeBase: (num: Int, den: Int)) -> DemuxedStream {
        let mapped = MatroskaCodecMapping.codecs[track.codecID ?? ""]!
        let kind: StreamReport.Kind = mapped.kind == .video ? .video : mapped.kind == .audio ? .audio : .subtitle
        let f = track.stream
        var s = DemuxedStream(index: index, id: 0, kind: kind, codecName: mapped.name,
                              codec: Self.codecIDs[mapped.name], codecTag: nil,
                              profile: Self.unknown, level: Self.unknown, width: nil, height: nil, bitDepth: nil,
                              chromaSubsampling: nil, colour: ColourCodes(), extradata: Self.extradata(track, codec: mapped.name),
                              avgFrameRate: nil, realFrameRate: nil, timeBase: timeBase,
                              doviRecord: Self.doviRecord(track), mastering: nil, contentLight: nil,
                              bitRate: nil, durationSeconds: nil, isDefault: f.flagDefault != 0, channels: nil)
        switch kind {
        case .video:
            s.width = f.pixelWidth.flatMap { $0 > 0 && $0 <= UInt64(Int32.max) ? Int($0) : nil }
            s.height = f.pixelHeight.flatMap { $0 > 0 && $0 <= UInt64(Int32.max) ? Int($0) : nil }
            s.colour = Self.colour(track.colour)
            s.mastering = track.colour?.masteringDisplay
            s.contentLight = track.colour?.contentLightLevel
            if let d = f.defaultDuration {
                let rates = MatroskaDefaultDuration.frameRates(defaultDuration: d)
                s.avgFrameRate = FrameRate(numerator: rates.average.0, denominator: rates.average.1)
                s.realFrameRate = FrameRate(numerator: rates.real.0, denominator: rates.real.1)
            }
        case .audio:
            s.channels = f.channels > 0 && f.channels <= UInt64(Int32.max) ? Int(f.channels) : nil
        default:
            break
        }
        return s
    }

    /// CodecPrivate as libavformat exports it.
    package static func extradata(_ track: MatroskaTrackEntry, codec: String) -> [UInt8] {
        let priv = track.stream.codecPrivate ?? []
        switch codec {
        case "vp9": return []
        case "flac":
            // `fLaC`, then a STREAMINFO block (header 4 bytes, 34 bytes) whose type bits are 0.
            guard priv.count >= 8 + 34, priv[4] & 0x7F == 0 else { return [] }
            return Array(priv[8..<42])
        default: return priv
        }
    }

    /// The Colour code points libavformat keeps: not "reserved" (3; 0 for primaries and transfer)
    /// and not "unspecified" (2); range 1 (limited) or 2 (full).
    package static func colour(_ colour: MatroskaColour?) -> ColourCodes {
        guard let c = colour else { return ColourCodes() }
        func kept(_ v: UInt64?, reservedZero: Bool) -> Int? {
            guard let v, v != 2, v != 3, !(reservedZero && v == 0) else { return nil }
            return Int(v)
        }
        let range = c.range ?? 0
        return ColourCodes(primaries: kept(c.primaries, reservedZero: true), transfer: kept(c.transferCharacteristics, reservedZero: true),
                           matrix: kept(c.matrixCoefficients, reservedZero: false),
                           fullRange: range == 2 ? true : range == 1 ? false : nil)
    }

    /// The last dvcC/dvvC mapping's record, as libavformat reads it (`ff_isom_parse_dvcc_dvvc`).
    package static func doviRecord(_ track: MatroskaTrackEntry) -> DOVIDecoderConfigurationRecord? {
        guard let m = track.blockAdditionMappings.last(where: { ["dvcC", "dvvC"].contains($0.typeFourCC ?? "") }),
              let b = m.extraData, b.count >= 5 else { return nil }
        let x = Int(b[2]) << 8 | Int(b[3])
        return DOVIDecoderConfigurationRecord(
            versionMajor: Int(b[0]), versionMinor: Int(b[1]), profile: (x >> 9) & 0x7F, level: (x >> 3) & 0x3F,
            rpuPresent: (x >> 2) & 1 == 1, elPresent: (x >> 1) & 1 == 1, blPresent: x & 1 == 1,
            compatibilityId: Int(b[4] >> 4), mdCompression: 0, dependencyPID: nil,
            storedSize: DOVIDecoderConfigurationRecord.fullSize, issues: [])
    }
}
