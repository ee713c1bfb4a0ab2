import HDRProbeBytes
import HDRProbeParse
import HDRProbeModel

/// Container headers hdrprobe reads itself, beside libavformat: for ISO BMFF the top-level box
/// list, `ftyp` and `moov` (a bounded walk that seeks from box to box and never reads `mdat`);
/// for Matroska the EBML header, Segment size and `Tracks` (a walk over the Segment's top-level
/// elements up to the first Cluster); for MPEG-TS the packet layout. From these come the brands,
/// the raw Dolby Vision record (box or BlockAdditionMapping), sample entries, Matroska Colour, and
/// truncation evidence.
package struct ContainerHeaders {
    package var signature: ContainerSignature
    package var fileType: FileTypeBox?
    package var movie: MovieBox?
    package var hasMovieBox = false
    /// Top-level `moov` boxes seen (a file with two — mp4parse-rust's test_case_1185230.mp4 — is
    /// left to libavformat by the own reader).
    package var movieBoxCount = 0
    /// A `moof` (movie fragment) came before any `moov`: a media segment cut from its init segment.
    package var isMediaSegment = false
    /// Matroska track entries from hdrprobe's own EBML walk; nil when `Tracks` was not found.
    package var matroskaTracks: [MatroskaTrackEntry]?
    /// Where the Matroska Clusters start (the first Cluster's header) and the Segment ends.
    package var matroskaClusters: Range<Int>?
    /// The other Matroska Segment-level elements before the first Cluster (own container reader).
    package var matroskaSegment: MatroskaSegmentElements?
    /// Bytes libavformat is shown differently from the file: each empty `saiz` box in `moov` is shown
    /// as a `free` box. It carries nothing, FFmpeg 5.1 ignores it and FFmpeg 7.0+ refuse the whole
    /// file for it (docs/ffmpeg-versions.md), so every build reads such a file alike.
    package var libavformatMasks: [ByteMask] = []
    /// Why the file looks cut short, if it does.
    package var truncation: ContainerTruncation?
    /// Structure problems the walk found (the core writes their sentences).
    package var issues: [ContainerStructureIssue] = []
    /// MPEG-TS: the first program's elementary streams as hdrprobe reads the PAT/PMT itself.
    package var programMap: ProgramMapTable?

    /// Largest `moov` read into memory; bigger ones are reported, not read.
    package static let maxMovieBoxBytes = 64 << 20
    /// From this size on a `moov` ahead of the media data is read in one call of its own, into the
    /// buffer it is parsed from, rather than through the block cache (a smaller one mostly came
    /// with the file head's block).
    package static let directMovieBoxBytes = 256 << 10
    package static let maxTopLevelBoxes = 256
    /// Largest Matroska `Tracks` element read, and top-level elements looked at to find it.
    package static let maxTracksBytes = 16 << 20
    package static let maxSegmentChildren = 64

    package static func read(_ file: MediaFile, head: [UInt8]) -> ContainerHeaders {
        let signature = ContainerSignature.sniff(head)
        var h = ContainerHeaders(signature: signature)
        switch signature {
        case .isobmff: h.readISOBMFF(file)
        case .matroska: h.readMatroska(file, head: head)
        case .mpegts:
            if let layout = TransportStreamLayout.detect(head) {
                h.programMap = ProgramMapTable.read(head, layout: layout)
                let partial = layout.partialPacketBytes(fileSize: file.size)
                if partial != 0 {
                    h.truncation = .partialTransportPacket(bytesIntoPacket: partial, packetSize: layout.packetSize)
                }
            }
        default: break
        }
        return h
    }

    private mutating func readISOBMFF(_ file: MediaFile) {
        var offset = 0
        var count = 0
        var boxesAfterMovie = 0
        var plannedBehindMediaData = false
        while offset + 8 <= file.size, count < Self.maxTopLevelBoxes {
            count += 1
            let header = file.read(at: offset, count: 16)
            guard header.count >= 8 else { break }
            var r = ByteReader(header)
            guard let size32 = try? r.u32(), let type = try? r.fourCC() else { break }
            var size = UInt64(size32)
            var headerSize = 8
            if size32 == 1 {
                guard let large = try? r.u64() else { truncation = .boxHeaderCut(type: type); break }
                size = large
                headerSize = 16
            } else if size32 == 0 {
                size = UInt64(file.size - offset)
            }
            guard size >= UInt64(headerSize) else {
                issues.append(.boxSmallerThanHeader(type: type, offset: offset, size: size))
                break
            }
            let available = UInt64(file.size - offset)
            if size > available {
                truncation = .boxPastEnd(type: type, offset: offset, declared: size, available: available)
            }
            let payloadSize = Int(min(size, available)) - headerSize
            if type == "moof" && !hasMovieBox { isMediaSegment = true }
            if type == "moov" { movieBoxCount += 1 }
            switch type {
            case "ftyp" where fileType == nil:
                fileType = try? FileTypeBox.parse(file.read(at: offset + headerSize, count: min(payloadSize, 4096))[...])
            case "moov" where movie == nil:
                hasMovieBox = true
                if payloadSize > Self.maxMovieBoxBytes {
                    issues.append(.movieBoxTooLarge(bytes: payloadSize, limit: Self.maxMovieBoxBytes))
                } else {
                    // A large `moov` ahead of the media data (+faststart) is read in one call
                    // straight into the buffer it is parsed from (one behind it was planned at the `mdat`).
                    // The same call reads on to the end of the block cache's block that holds
                    // the next box's header, as the cache would have (the first samples are there).
                    if payloadSize >= Self.directMovieBoxBytes && !plannedBehindMediaData {
                        let payload = (offset + headerSize)..<(offset + headerSize + payloadSize)
                        let block = MediaFile.blockSize
                        let end = min(file.size, (payload.upperBound + 16 + block - 1) / block * block)
                        file.planReads([payload.lowerBound..<end], piece: payload)
                    }
                    let bytes = file.read(at: offset + headerSize, count: payloadSize)
                    let parsed = MovieBox.parse(bytes)
                    movie = parsed
                    for box in SampleAuxiliaryInformationSizesBox.emptyBoxes(inMoviePayload: bytes) {
                        libavformatMasks.append(ByteMask(offset: offset + headerSize + box + 4, bytes: Array("free".utf8)))
                    }
                    issues += parsed.issues.map(ContainerStructureIssue.movieBox)
                }
            default:
                break
            }
            if movie != nil { boxesAfterMovie += 1 }
            if size > available || boxesAfterMovie > 64 { break }
            offset += Int(size)
            // Behind the media data, what is left is most likely the `moov` (as ffmpeg writes it
            // without +faststart): read the box header and the box in one call.
            if type == "mdat", file.size - offset <= MediaFile.maxPlannedRunBytes {
                file.planBox(offset..<file.size)
                plannedBehindMediaData = true
            }
        }
        if isMediaSegment && !hasMovieBox {
            truncation = nil
        } else if !hasMovieBox && truncation == nil && offset >= file.size {
            truncation = .noMovieBox
        } else if !hasMovieBox, let cut = truncation {
            truncation = .movieBoxNotFound(after: cut)
        }
    }

    private mutating func readMatroska(_ file: MediaFile, head: [UInt8]) {
        let fileSize = file.size
        do throws(EBMLError) {
            let segment = try EBMLSegmentHeader.parse(head)
            if let end = segment.declaredEnd, end > UInt64(fileSize) {
                truncation = .segmentPastEnd(declaredEnd: end, fileSize: fileSize)
            }
            matroskaSegment = MatroskaSegmentElements(docType: segment.isReadable ? segment.docType : nil,
                                                      dataOffset: segment.segmentDataOffset, declaredEnd: segment.declaredEnd)
            readMatroskaTracks(file, segment: segment)
        } catch .truncated {
            if head.count >= fileSize { truncation = .ebmlHeaderCut }
        } catch {
            issues.append(.ebmlHeader(error))
        }
    }

    /// Finds `Tracks` among the Segment's top-level elements (SeekHead, Info, Tracks, … come
    /// before the first Cluster in every muxer's output) and parses its track entries; notes where
    /// the first Cluster starts.
    private mutating func readMatroskaTracks(_ file: MediaFile, segment: EBMLSegmentHeader) {
        let end = segment.declaredEnd.map { Int(clamping: min($0, UInt64(file.size))) } ?? file.size
        var offset = segment.segmentDataOffset
        for _ in 0..<Self.maxSegmentChildren where offset < end {
            guard let (id, start, size) = EBMLElement.header(in: file.read(at: offset, count: 12), at: 0) else { return }
            let dataStart = offset + start
            if id == MatroskaTrackEntry.tracksID, matroskaTracks == nil {
                let available = max(0, end - dataStart)
                let count = min(size.map { Int(clamping: $0) } ?? available, available, Self.maxTracksBytes)
                matroskaTracks = MatroskaTrackEntry.parseTracks(file.read(at: dataStart, count: count))
            }
            matroskaSegment?.note(id: id, at: offset, data: dataStart, size: size, file: file)
            // A Cluster ends the header part; an unknown-size element cannot be skipped.
            if id == MatroskaBlock.clusterID {
                matroskaClusters = offset..<end
                return
            }
            guard let size else { return }
            offset = dataStart + Int(clamping: size)
        }
    }

    /// The Matroska track entry of libavformat's stream `index`. The matroska demuxer leaves
    /// `AVStream.id` at 0; it makes one stream per TrackEntry, in file order, skipping entries with
    /// another TrackType than video (1), audio (2), subtitle (17) or metadata (33), without a CodecID,
    /// or whose CodecID does not start as the type says (`V_`, `A_`, `S_`/`D_`) — the checks of
    /// `matroska_parse_tracks` in FFmpeg 5.1 and 7.1 alike. Attachments become streams after them.
    package func matroskaTrack(forStreamIndex index: Int) -> MatroskaTrackEntry? {
        let accepted = (matroskaTracks ?? []).filter { track in
            guard let codec = track.codecID?.first else { return false }
            switch track.type {
            case 1?: return codec == "V"
            case 2?: return codec == "A"
            case 17?, 33?: return codec == "S" || codec == "D"
            default: return false
            }
        }
        return index >= 0 && index < accepted.count ? accepted[index] : nil
    }

    /// The MP4 track for a libavformat stream: the mov demuxer sets `AVStream.id` to the track ID.
    package func track(forStreamID id: Int, index: Int) -> MovieBox.Track? {
        guard let movie else { return nil }
        return movie.tracks.first { $0.trackID == id } ?? (index < movie.tracks.count ? movie.tracks[index] : nil)
    }
}
