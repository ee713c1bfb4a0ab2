import HDRProbeParse
import HDRProbeModel
import HDRProbeManifests
import HDRProbeSignal
import HDRProbeContainers

/// The whole-presentation part of `hls --check` (`docs/rules/hls-presentation.md`): every segment
/// of a variant's Media Playlist, each read only as far as the checks need — its size (the byte
/// range, or the resource's size), the head of the segment (the `moof` and the first frames, for
/// the key-frame, duration and HDR checks) — never the media bytes beyond. Findings name the
/// segment URI and its playlist line.
struct HLSPresentationCheck {
    let options: ProbeOptions
    let limits: HLSPlaylistChecker.Limits
    /// Reads the run's `http(s)` resources (its kept-alive connections and budgets).
    var client: HTTPResourceClient = .shared

    /// Each read gets the probe's time limit of its own: a walk of thousands of segments is
    /// bounded per read (and by the segment limit), not by one limit for the whole presentation.
    private var deadline: UInt64 {
        Clock.nowNanoseconds() + UInt64(max(0.001, min(options.timeout, 86_400)) * 1e9)
    }

    /// What the walk measured of one variant, for the report and for the alignment check.
    struct Walk {
        var findings: [Finding] = []
        var summary: HLSCheckReport.Presentation
        /// Each segment's EXTINF, for the alignment check across variants.
        var durations: [Double] = []
    }

    /// Bytes read first of each segment: its `styp`, `sidx` and `moof`.
    static let fragmentHeaderBytes = 16 << 10
    /// At most this much of a segment is read: to the end of its first video sample.
    static let segmentHeadBytes = 2 << 20

    /// A segment's HDR facts come from its first picture.
    var segmentProbeOptions: ProbeOptions {
        var o = options
        o.frames = 1
        return o
    }

    /// One segment to walk, whichever manifest listed it.
    struct Segment {
        /// As the manifest writes it, and where (for the findings).
        var uri: String
        var line: Int
        /// Its declared duration (`EXTINF`, the timeline's or template's), seconds.
        var duration: Double
        /// nil when the URI cannot be resolved.
        var location: HLSResourceLocation?
        var range: HLSByteRange?
        /// Its init section, when it has one (nil location: named but not resolvable).
        var initName: String?
        var initLocation: HLSResourceLocation?
        var initRange: HLSByteRange?
        var discontinuity: Bool
    }

    /// What walking a list of segments found, with each segment's size for the bit rates.
    struct SegmentWalk {
        var walk: Walk
        var measured: [HLSMeasuredBitRates.Segment]
    }

    /// Where a variant's audio is, for its declared bit rates (Apple 9.13: BANDWIDTH counts the
    /// renditions a variant names).
    enum Audio {
        /// In the variant's own segments (muxed), or none.
        case inSegments
        /// Renditions of its AUDIO group: the largest peak and average among them.
        case renditions(peak: Int, average: Int)
        /// An AUDIO group whose renditions could not be measured.
        case unmeasured
    }

    func walk(_ variant: some HLSVariantAttributes, audio: Audio, mediaPlaylist location: HLSResourceLocation) -> Walk? {
        guard case let .success(fetched) = HLSResourceFetcher.fetch(location, maxBytes: HLSPlaylistLimits.maxBytes, deadline: deadline, client: client),
              let playlist = try? HLSMediaPlaylist.parse(bytes: fetched.bytes) else { return nil }
        let target = Double(playlist.targetDuration ?? 0)
        let segments = playlist.segments.prefix(limits.segments).map { s in
            Segment(uri: s.uri, line: s.line, duration: s.duration, location: try? location.resolve(s.uri), range: s.byteRange,
                    initName: s.map?.uri, initLocation: s.map.flatMap { try? location.resolve($0.uri) }, initRange: s.map?.byteRange,
                    discontinuity: s.discontinuity)
        }
        var result = walkSegments(segments, listName: location.lastComponent, iFramesOnly: playlist.iFramesOnly, durationName: "EXTINF",
                                  targetDuration: playlist.targetDuration.map { Double($0) })
        result.walk.summary.segments = playlist.segments.count
        var walk = result.walk
        let measured = result.measured
        let rates = HLSMeasuredBitRates(segments: measured, targetDuration: target)
        // The variant's measure plus its audio renditions' largest (Apple 9.13).
        var (audioPeak, audioAverage, audioKnown) = (0, 0, true)
        switch audio {
        case .inSegments: break
        case let .renditions(peak, average): (audioPeak, audioAverage) = (peak, average)
        case .unmeasured: audioKnown = false
        }
        let withAudio = audioPeak > 0 ? " with its audio rendition's \(audioPeak) b/s" : ""
        walk.summary.measuredPeak = rates.peak + audioPeak
        walk.summary.measuredAverage = rates.average + audioAverage
        if let declared = variant.bandwidth.map(Int.init), declared > 0 {
            walk.summary.declaredBandwidth = declared
            for domain in rates.domains where Double(domain.peak + audioPeak) > 1.1 * Double(declared) {
                let peak = domain.peak + audioPeak
                walk.findings.append(Finding(HLSSignalIssue(.presentationPeakOverBandwidth,
                    "\(location.lastComponent): measured peak \(peak) b/s (segments \(domain.firstSegment + 1)–\(domain.firstSegment + domain.segmentCount)\(withAudio)) is \(Self.percent(peak, declared)) of BANDWIDTH \(declared)"), stream: nil))
            }
        }
        // An AUDIO group whose renditions could not be measured leaves the average unknown.
        if audioKnown, let declared = variant.averageBandwidth.map(Int.init), declared > 0, rates.average > 0 {
            walk.summary.declaredAverageBandwidth = declared
            let average = rates.average + audioAverage
            if abs(Double(average) - Double(declared)) > 0.1 * Double(declared) {
                walk.findings.append(Finding(HLSSignalIssue(.presentationAverageMismatch,
                    "\(location.lastComponent): measured average \(average) b/s\(audioAverage > 0 ? " (with its audio rendition's \(audioAverage))" : "") is \(Self.percent(average, declared)) of AVERAGE-BANDWIDTH \(declared)"), stream: nil))
            }
        }
        return walk
    }

    /// A rendition's bit rates from its segments' sizes only (no media read: the byte range, or
    /// the resource's size); nil when its playlist or a segment cannot be read.
    func sizeRates(mediaPlaylist location: HLSResourceLocation) -> HLSMeasuredBitRates? {
        guard case let .success(fetched) = HLSResourceFetcher.fetch(location, maxBytes: HLSPlaylistLimits.maxBytes, deadline: deadline, client: client),
              let playlist = try? HLSMediaPlaylist.parse(bytes: fetched.bytes) else { return nil }
        var measured: [HLSMeasuredBitRates.Segment] = []
        let listed = Array(playlist.segments.prefix(limits.segments))
        // A segment without a byte range is asked for one byte (its size), in parallel over http(s).
        let sizes = HLSSegmentPrefetcher(segments: listed.map { s in
            Segment(uri: s.uri, line: s.line, duration: s.duration, location: s.byteRange == nil ? try? location.resolve(s.uri) : nil,
                    range: nil, initName: nil, initLocation: nil, initRange: nil, discontinuity: s.discontinuity)
        }, client: client, initSectionLimit: limits.initSection, timeout: options.timeout, sizesOnly: true)
        defer { sizes.finish() }
        for (position, segment) in listed.enumerated() {
            guard (try? location.resolve(segment.uri)) != nil else { return nil }
            let size: Int
            if let range = segment.byteRange { size = range.length } else {
                guard case let .success(head) = sizes.head(position), let total = head.totalSize else { return nil }
                size = total
            }
            measured.append(.init(bytes: size, duration: segment.duration, discontinuity: segment.discontinuity))
        }
        return HLSMeasuredBitRates(segments: measured, targetDuration: Double(playlist.targetDuration ?? 0))
    }

    /// Walks `segments`: each one's init section (once), its head, its size, its key-frame start, its
    /// own duration against the declared one (`durationName`), its HDR facts against the first's.
    /// Findings carry the `hls.presentation.*` codes; `listName` names the list in them.
    /// `targetDuration`: HLS's `EXT-X-TARGETDURATION`, which a segment's rounded duration may not exceed.
    func walkSegments(_ segments: [Segment], listName: String, iFramesOnly: Bool, durationName: String,
                      targetDuration: Double? = nil) -> SegmentWalk {
        var walk = Walk(summary: HLSCheckReport.Presentation(segments: segments.count))
        var measured: [HLSMeasuredBitRates.Segment] = []
        var inits: [String: (bytes: [UInt8], movie: MovieBox?)] = [:]
        var first: HDRSignature?
        // Each fMP4 segment's start on the media timeline (its first picture's presentation
        // time): a segment's own duration is the next segment's start minus its own.
        var starts: [(index: Int, segment: Segment, start: Double?, sampleDuration: Double?)] = []
        // The heads, read ahead in parallel over http(s) and handed over in order.
        let reads = HLSSegmentPrefetcher(segments: segments, client: client, initSectionLimit: limits.initSection, timeout: options.timeout)
        defer { reads.finish() }
        for (position, segment) in segments.enumerated() {
            walk.durations.append(segment.duration)
            func finding(_ code: FindingCode, _ text: String) {
                walk.findings.append(Finding(HLSSignalIssue(code, "\(segment.uri) (\(listName) line \(segment.line)): \(text)"), stream: nil))
            }
            if let target = targetDuration, target > 0, segment.duration.rounded() > target {
                finding(.presentationSegmentTooLong, "EXTINF \(Self.seconds(segment.duration)) s rounds above EXT-X-TARGETDURATION \(Int(target))")
            }
            guard let segmentLocation = segment.location else {
                finding(.presentationSegmentMissing, "the URI cannot be resolved")
                continue
            }
            var initBytes: [UInt8] = []
            var movie: MovieBox?
            if let initName = segment.initName {
                let key = initName + (segment.initRange?.description ?? "")
                if inits[key] == nil, let initLocation = segment.initLocation,
                   case let .success(i) = reads.initSection(initLocation, range: segment.initRange) {
                    inits[key] = (i.bytes, Self.movieBox(i.bytes))
                }
                guard let cached = inits[key] else {
                    finding(.presentationSegmentMissing, "its init section \(initName) cannot be read")
                    continue
                }
                (initBytes, movie) = cached
            }
            // The segment's head: its fragment header first, then as far as the end of its first
            // video sample (what the HDR probe reads), capped.
            var head: HLSResourceFetcher.Fetched
            switch reads.head(position) {
            case let .failure(error):
                finding(.presentationSegmentMissing, error.message)
                continue
            case let .success(h): head = h
            }
            let fragment = movie == nil ? nil : Self.fragment(head.bytes)
            let facts = movie.flatMap { m in fragment.flatMap { Self.videoRun(movie: m, fragment: $0) } }
            let wanted = min(Self.segmentHeadBytes, facts?.firstSampleEnd ?? Self.segmentHeadBytes)
            if head.truncated, wanted > head.bytes.count,
               case let .success(more) = HLSResourceFetcher.fetch(segmentLocation, range: segment.range, maxBytes: wanted, deadline: deadline, client: client) {
                head = more
            }
            walk.summary.segmentsRead += 1
            walk.summary.bytesRead += head.bytes.count
            let size = segment.range?.length ?? head.totalSize ?? head.bytes.count
            measured.append(.init(bytes: size, duration: segment.duration, discontinuity: segment.discontinuity))
            if iFramesOnly {
                // An I-frame playlist's range is one key frame: its fragment header and the whole
                // first sample (RFC 8216bis §4.4.3.6).
                if facts?.startsWithSync != true {
                    finding(.presentationIFrameNotKeyFrame, "the byte range does not begin with a fragment whose first video sample is a sync sample")
                } else if let end = facts?.firstSampleEnd, let range = segment.range, end > range.length {
                    finding(.presentationIFrameNotKeyFrame, "the byte range (\(range.length) bytes) ends inside its I-frame (\(end) bytes)")
                }
            }
            if movie == nil, !iFramesOnly, let key = TransportSegmentKeyFrame.startsWithKeyFrame(head.bytes) {
                if key { walk.summary.keyFrameStarts += 1 } else {
                    finding(.presentationNoKeyFrameStart, "the first video picture is not an IDR/IRAP picture (MPEG-TS)")
                }
            }
            if let facts {
                if facts.startsWithSync == false, !iFramesOnly {
                    finding(.presentationNoKeyFrameStart, "the first video sample is not a sync sample (trun/tfhd sample flags)")
                } else if facts.startsWithSync == true {
                    walk.summary.keyFrameStarts += 1
                }
                starts.append((index: position, segment: segment, start: facts.start, sampleDuration: facts.sampleDuration))
            }
            // The HDR facts of this segment: the init and the head probed as one file.
            let probe = ProbeEngine(options: segmentProbeOptions).probe(name: segmentLocation.description, bytes: initBytes + head.bytes,
                                                                        logicalSize: initBytes.count + size)
            if let signature = HDRSignature(probe) {
                if let first, let change = first.change(to: signature) {
                    finding(.presentationHDRChanged, change)
                } else if first == nil {
                    first = signature
                }
            }
        }
        for (a, b) in zip(starts, starts.dropFirst()) where b.index == a.index + 1 && !b.segment.discontinuity {
            guard let from = a.start, let to = b.start, to > from else { continue }
            let seconds = to - from
            // Two frames and a tenth of the segment: packagers cut open GOPs a few frames apart
            // in decode order while the manifest counts presentation time; a lie is larger.
            if abs(seconds - a.segment.duration) > max(2 * (a.sampleDuration ?? 0), 0.1 * a.segment.duration) {
                walk.findings.append(Finding(HLSSignalIssue(.presentationDurationMismatch,
                    "\(a.segment.uri) (\(listName) line \(a.segment.line)): \(durationName) \(Self.seconds(a.segment.duration)) s, the media lasts \(Self.seconds(seconds)) s (to the next segment's first picture)"), stream: nil))
            }
        }
        return SegmentWalk(walk: walk, measured: measured)
    }

    /// The findings of variants whose segment boundaries differ from the first variant's.
    static func alignment(_ walks: [(uri: String, durations: [Double])]) -> [Int: Finding] {
        guard let reference = walks.first else { return [:] }
        var out: [Int: Finding] = [:]
        for (i, w) in walks.enumerated().dropFirst() {
            var a = 0.0, b = 0.0
            for (x, y) in zip(reference.durations, w.durations) {
                a += x
                b += y
                if abs(a - b) > 0.1 {
                    out[i] = Finding(HLSSignalIssue(.presentationUnaligned,
                        "\(w.uri): a segment ends at \(seconds(b)) s where \(reference.uri)'s ends at \(seconds(a)) s"), stream: nil)
                    break
                }
            }
        }
        return out
    }

    /// The HDR facts a variant's segments must share.
    struct HDRSignature: Equatable {
        var rangeType: String?
        var transfer: String?
        var primaries: String?
        var mastering: String?
        var dolbyVision: String?
        var hdr10Plus: Bool

        init?(_ report: ProbeReport) {
            guard report.status == .ok, let video = report.streams.first(where: { $0.kind == .video && $0.role == nil }) else { return nil }
            rangeType = video.hdr?.videoRangeType.rawValue
            transfer = video.color?.transfer
            primaries = video.color?.primaries
            mastering = video.hdr?.masteringDisplay.map { "\($0)" }
            dolbyVision = video.dolbyVision?.profileName
            hdr10Plus = video.hdr?.hdr10Plus.present ?? false
        }

        /// What changed from `self` to `other`, said for people; nil when nothing did.
        func change(to other: HDRSignature) -> String? {
            var parts: [String] = []
            func compare(_ name: String, _ a: String?, _ b: String?) {
                if a != b { parts.append("\(name) \(a ?? "none") → \(b ?? "none")") }
            }
            compare("range type", rangeType, other.rangeType)
            compare("transfer", transfer, other.transfer)
            compare("primaries", primaries, other.primaries)
            compare("mastering display", mastering == nil ? nil : "present", other.mastering == nil ? nil : "present")
            if mastering != nil, other.mastering != nil, mastering != other.mastering { parts.append("mastering display values changed") }
            compare("Dolby Vision", dolbyVision, other.dolbyVision)
            if hdr10Plus != other.hdr10Plus { parts.append(hdr10Plus ? "HDR10+ metadata dropped out" : "HDR10+ metadata appeared") }
            return parts.isEmpty ? nil : "differs from the variant's first segment: " + parts.joined(separator: "; ")
        }
    }

    /// The `moov` of an init section.
    static func movieBox(_ bytes: [UInt8]) -> MovieBox? {
        ISOBoxWalker.walk(bytes).boxes.first { $0.type == "moov" }.map { MovieBox.parse(Array(bytes[$0.payload])) }
    }

    /// The first `moof` of a segment's head.
    static func fragment(_ bytes: [UInt8]) -> (box: MovieFragmentBox, offset: Int)? {
        guard let moof = ISOBoxWalker.walk(bytes).boxes.first(where: { $0.type == "moof" }),
              let box = MovieFragmentBox.parse(Array(bytes[moof.payload])) else { return nil }
        return (box, moof.offset)
    }

    /// The video track's fragment: whether its first sample is a sync sample
    /// (`sample_is_non_sync_sample` clear, ISO/IEC 14496-12 §8.8.3.1), where it starts on the media
    /// timeline (`tfdt` plus the first sample's composition offset, seconds) and one sample's duration.
    static func videoRun(movie: MovieBox, fragment located: (box: MovieFragmentBox, offset: Int)) -> (startsWithSync: Bool?, start: Double?, sampleDuration: Double?, firstSampleEnd: Int?)? {
        let fragment = located.box
        guard let track = movie.tracks.first(where: { $0.handler == "vide" }), let id = track.trackID,
              let position = fragment.trackFragments.firstIndex(where: { $0.header.trackID == id }) else { return nil }
        let traf = fragment.trackFragments[position]
        let trex = movie.trackExtends.first { $0.trackID == id }
        var sync: Bool?
        var sampleTicks: UInt32?
        var offset: Int64 = 0
        var firstSampleEnd: Int?
        if let run = traf.runs.first, let firstEntry = run.entries.first {
            offset = Int64(firstEntry.compositionOffset ?? 0)
            // The run's data offset counts from the `moof` when the fragment says so
            // (default-base-is-moof, as CMAF requires) or for its first track fragment
            // (ISO/IEC 14496-12 §8.8.7.1); otherwise the capped head is read instead.
            if let dataOffset = run.dataOffset, traf.header.baseDataOffset == nil, traf.header.defaultBaseIsMoof || position == 0,
               let size = firstEntry.size ?? traf.header.defaultSampleSize ?? trex?.defaultSampleSize {
                firstSampleEnd = located.offset + Int(dataOffset) + Int(size)
            }
            let flags = run.firstSampleFlags ?? firstEntry.flags ?? traf.header.defaultSampleFlags ?? trex?.defaultSampleFlags
            sync = flags.map { $0 & 0x0001_0000 == 0 }
            sampleTicks = firstEntry.duration ?? traf.header.defaultSampleDuration ?? trex?.defaultSampleDuration
        }
        guard let timescale = track.mediaTimescale, timescale > 0 else { return (sync, nil, nil, firstSampleEnd) }
        // The first sample's presentation time: decode time plus its composition offset (a segment
        // of an open GOP holds a different number of samples in decode order than it shows).
        return (sync, traf.decodeTime.map { Double(Int64($0) + offset) / Double(timescale) }, sampleTicks.map { Double($0) / Double(timescale) },
                firstSampleEnd)
    }

    static func seconds(_ s: Double) -> String { String(format: "%.3f", s) }
    static func percent(_ measured: Int, _ declared: Int) -> String {
        "\(Int((Double(measured) / Double(declared) * 100).rounded())) %"
    }
}
