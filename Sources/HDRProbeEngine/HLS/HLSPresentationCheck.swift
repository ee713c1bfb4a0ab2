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
    var deadline: UInt64 {
        Clock.nowNanoseconds() + UInt64(max(0.001, min(options.timeout, 86_400)) * 1e9)
    }

    /// What the walk measured of one variant, for the report and for the alignment check.
    struct Walk {
        var findings: [Finding] = []
        /// Where each finding is, in step with `findings`: nil for a finding about the variant's
        /// declaration (its bit rates), which the caller places at the variant's line.
        var locations: [FindingLocation?] = []
        var summary: HLSCheckReport.Presentation
        /// Each segment's EXTINF, for the alignment check across variants.
        var durations: [Double] = []

        mutating func add(_ finding: Finding, at location: FindingLocation?) {
            findings.append(finding)
            locations.append(location)
        }
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
        /// `EXT-X-GAP`: absent on purpose, neither read nor measured.
        var gap = false
        /// The `EXT-X-KEY` method in force.
        var keyMethod = "NONE"
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

    /// Walks the Media Playlist at `location`, written `uri` in the Multivariant Playlist; nil when
    /// it cannot be read or parsed (the caller says so: `hls.presentation.playlistUnreadable`).
    func walk(_ variant: some HLSVariantAttributes, audio: Audio, mediaPlaylist location: HLSResourceLocation, uri: String) -> Walk? {
        guard case let .success(fetched) = HLSResourceFetcher.fetch(location, maxBytes: HLSPlaylistLimits.maxBytes, deadline: deadline, client: client),
              let playlist = try? HLSMediaPlaylist.parse(bytes: fetched.bytes) else { return nil }
        let target = Double(playlist.targetDuration ?? 0)
        let segments = playlist.segments.prefix(limits.segments).map { s in
            Segment(uri: s.uri, line: s.line, duration: s.duration, location: try? location.resolve(s.uri), range: s.byteRange,
                    initName: s.map?.uri, initLocation: s.map.flatMap { try? location.resolve($0.uri) }, initRange: s.map?.byteRange,
                    discontinuity: s.discontinuity, gap: s.gap, keyMethod: s.keyMethod)
        }
        var result = walkSegments(segments, listName: location.lastComponent, playlist: uri, iFramesOnly: playlist.iFramesOnly,
                                  durationName: "EXTINF", targetDuration: playlist.targetDuration.map { Double($0) })
        result.walk.summary.segments = playlist.segments.count
        result.walk.summary.finish()
        if playlist.segments.count > segments.count {
            let next = playlist.segments[segments.count]
            result.walk.add(Finding(HLSSignalIssue(.presentationBudgetExceeded,
                "\(next.uri) (\(location.lastComponent) line \(next.line)): the walk stops at its limit of \(segments.count) segments; \(playlist.segments.count - segments.count) were not checked"), stream: nil),
                at: FindingLocation(playlist: uri, line: next.line, segment: next.uri))
        }
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
        // Apple's tolerances: a VOD playlist's peak within 10 % of BANDWIDTH and its average within
        // 10 % of AVERAGE-BANDWIDTH (1.26, 1.27); a live or EVENT playlist's peak under 125 % and its
        // average under 110 % (1.28, 1.29).
        let vod = playlist.endList || playlist.playlistType == "VOD"
        let peakTolerance = vod ? 1.1 : 1.25
        if let declared = variant.bandwidth.map(Int.init), declared > 0 {
            walk.summary.declaredBandwidth = declared
            walk.summary.peakDifferencePercent = HLSCheckReport.Presentation.difference(walk.summary.measuredPeak, declared)
            for domain in rates.domains where Double(domain.peak + audioPeak) > peakTolerance * Double(declared) {
                let peak = domain.peak + audioPeak
                walk.add(Finding(HLSSignalIssue(.presentationPeakOverBandwidth,
                    "\(location.lastComponent): measured peak \(peak) b/s (segments \(domain.firstSegment + 1)–\(domain.firstSegment + domain.segmentCount)\(withAudio)) is \(Self.percent(peak, declared)) of BANDWIDTH \(declared)"), stream: nil),
                    at: nil)
            }
            // Below: only a finished (VOD) playlist's peak is known, and only when its audio is.
            if vod, audioKnown, !playlist.iFramesOnly, rates.peak > 0, Double(walk.summary.measuredPeak) < 0.9 * Double(declared) {
                walk.add(Finding(HLSSignalIssue(.presentationPeakBelowBandwidth,
                    "\(location.lastComponent): measured peak \(walk.summary.measuredPeak) b/s\(withAudio) is \(Self.percent(walk.summary.measuredPeak, declared)) of BANDWIDTH \(declared)"), stream: nil),
                    at: nil)
            }
        }
        // An AUDIO group whose renditions could not be measured leaves the average unknown.
        if audioKnown, let declared = variant.averageBandwidth.map(Int.init), declared > 0, rates.average > 0 {
            walk.summary.declaredAverageBandwidth = declared
            let average = rates.average + audioAverage
            walk.summary.averageDifferencePercent = HLSCheckReport.Presentation.difference(average, declared)
            if vod ? abs(Double(average) - Double(declared)) > 0.1 * Double(declared) : Double(average) > 1.1 * Double(declared) {
                walk.add(Finding(HLSSignalIssue(.presentationAverageMismatch,
                    "\(location.lastComponent): measured average \(average) b/s\(audioAverage > 0 ? " (with its audio rendition's \(audioAverage))" : "") is \(Self.percent(average, declared)) of AVERAGE-BANDWIDTH \(declared)"), stream: nil),
                    at: nil)
            }
        }
        return walk
    }

    /// Walks `segments`: each one's init section (once), its head, its size, its key-frame start, its
    /// own duration against the declared one (`durationName`), its HDR facts against the first's.
    /// Findings carry the `hls.presentation.*` codes; `listName` names the list in them, `playlist` in
    /// their locations. `targetDuration`: HLS's `EXT-X-TARGETDURATION`, which a segment's rounded
    /// duration may not exceed.
    func walkSegments(_ segments: [Segment], listName: String, playlist: String, iFramesOnly: Bool, durationName: String,
                      targetDuration: Double? = nil) -> SegmentWalk {
        var walk = Walk(summary: HLSCheckReport.Presentation(segments: segments.count))
        var measured: [HLSMeasuredBitRates.Segment] = []
        var inits: [String: (bytes: [UInt8], movie: MovieBox?)] = [:]
        var first: SegmentHDRSignature?
        var facts: VideoFacts?
        // The last segment read since the last discontinuity: its video, for the encoding-change check.
        var previous: VideoFacts?
        // Sync-sample decode times since the last discontinuity, for the key-frame interval.
        var syncTimes: [Double] = []
        var syncSegment = -1
        let methods = Set(segments.map(\.keyMethod)).subtracting(["NONE"]).sorted()
        walk.summary.encryption = methods.isEmpty ? nil : methods.joined(separator: ", ")
        // Each segment's start on the media timeline (fMP4: its first picture's presentation time;
        // MPEG-TS: its first video PES's PTS): a segment's own duration is the next segment's start
        // minus its own.
        var starts: [(index: Int, segment: Segment, start: Double?, sampleDuration: Double?)] = []
        // The heads, read ahead in parallel over http(s) and handed over in order.
        let reads = HLSSegmentPrefetcher(segments: segments, client: client, initSectionLimit: limits.initSection, timeout: options.timeout)
        defer { reads.finish() }
        for (position, segment) in segments.enumerated() {
            walk.durations.append(segment.duration)
            func finding(_ code: FindingCode, _ text: String) {
                walk.add(Finding(HLSSignalIssue(code, "\(segment.uri) (\(listName) line \(segment.line)): \(text)"), stream: nil),
                         at: FindingLocation(playlist: playlist, line: segment.line, segment: segment.uri))
            }
            if let target = targetDuration, target > 0, segment.duration.rounded() > target {
                finding(.presentationSegmentTooLong, "EXTINF \(Self.seconds(segment.duration)) s rounds above EXT-X-TARGETDURATION \(Int(target))")
            }
            if segment.discontinuity {
                syncTimes = []
                previous = nil
            }
            // A gap is absent on purpose (RFC 8216bis §4.4.4.7): its time counts, its bytes do not.
            if segment.gap { continue }
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
            let run = movie.flatMap { m in fragment.flatMap { FragmentVideoRun(movie: m, fragment: $0) } }
            let wanted = min(Self.segmentHeadBytes, run?.firstSampleEnd ?? Self.segmentHeadBytes)
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
                if run?.startsWithSync != true {
                    finding(.presentationIFrameNotKeyFrame, "the byte range does not begin with a fragment whose first video sample is a sync sample")
                } else if let end = run?.firstSampleEnd, let range = segment.range, end > range.length {
                    finding(.presentationIFrameNotKeyFrame, "the byte range (\(range.length) bytes) ends inside its I-frame (\(end) bytes)")
                }
            }
            if movie == nil, !iFramesOnly, let ts = TransportSegmentStart(head.bytes) {
                if let key = ts.keyFrame {
                    if key { walk.summary.keyFrameStarts += 1 } else {
                        finding(.presentationNoKeyFrameStart, "the first video picture is not an IDR/IRAP picture (MPEG-TS)")
                    }
                }
                let before = starts.last.flatMap { $0.index == position - 1 ? $0.start : nil }
                starts.append((index: position, segment: segment,
                               start: ts.time.map { t in before.map { TransportSegmentStart.unwrapped(t, after: $0) } ?? t }, sampleDuration: nil))
            }
            // An fMP4 video segment whose head holds no movie fragment of the video track (garbage,
            // cut inside its `moof`, another file): nothing in it can be decoded from its start.
            if run == nil, !iFramesOnly, let movie, movie.tracks.contains(where: { $0.handler == "vide" }) {
                finding(.presentationNoKeyFrameStart, fragment == nil
                    ? "no movie fragment (moof) at its start (\(head.bytes.count) bytes read): not a segment of this init section"
                    : "its movie fragment has no run of the init section's video track")
            }
            if let run {
                if run.startsWithSync == false, !iFramesOnly {
                    finding(.presentationNoKeyFrameStart, "the first video sample is not a sync sample (trun/tfhd sample flags)")
                } else if run.startsWithSync == true {
                    walk.summary.keyFrameStarts += 1
                }
                starts.append((index: position, segment: segment, start: run.start, sampleDuration: run.sampleDuration))
                if !iFramesOnly {
                    // Measured across consecutive segments only: not over a missing one or a gap.
                    if syncSegment != position - 1 { syncTimes = [] }
                    syncSegment = position
                    syncTimes += run.syncTimes
                    let gaps = zip(syncTimes, syncTimes.dropFirst()).map { $1 - $0 }.filter { $0 > 0 }
                    if let widest = gaps.max() { walk.summary.keyFrameInterval = max(walk.summary.keyFrameInterval ?? 0, (widest * 1000).rounded() / 1000) }
                    syncTimes = syncTimes.suffix(1)
                }
            }
            // The HDR facts of this segment: the init and the head probed as one file.
            let probe = ProbeEngine(options: segmentProbeOptions).probe(name: segmentLocation.description, bytes: initBytes + head.bytes,
                                                                        logicalSize: initBytes.count + size)
            let segmentFacts = VideoFacts(probe)
            if facts == nil { facts = segmentFacts }
            if let now = segmentFacts {
                // Apple HLS authoring 8.13: a break of encoding continuity (another codec, profile or
                // picture size) MUST be marked with EXT-X-DISCONTINUITY.
                if let before = previous, let change = before.encodingChange(to: now) {
                    finding(.presentationDiscontinuityMissing, "\(change) against the segment before it, without EXT-X-DISCONTINUITY")
                }
                previous = now
            }
            if let signature = SegmentHDRSignature(probe) {
                if let first {
                    let departure = first.departure(to: signature)
                    if departure.rpuMissing {
                        finding(.presentationDolbyVisionRPUMissing, "its first picture carries no Dolby Vision RPU (the variant's first segment's does)")
                    }
                    if departure.hdr10PlusMissing {
                        finding(.presentationHDR10PlusMissing, "its first picture carries no HDR10+ (ST 2094-40) metadata (the variant's first segment's does)")
                    }
                    if let change = departure.staticChange { finding(.presentationHDRChanged, change) }
                } else {
                    first = signature
                }
            }
        }
        if let facts { facts.fill(&walk.summary) }
        walk.summary.finish()
        for (a, b) in zip(starts, starts.dropFirst()) where b.index == a.index + 1 && !b.segment.discontinuity {
            guard let from = a.start, let to = b.start else { continue }
            // Apple HLS authoring 7.3 and 8.13: the decode timeline continues from one segment to
            // the next unless a discontinuity is marked; one that goes back is a break.
            guard to > from else {
                walk.add(Finding(HLSSignalIssue(.presentationDiscontinuityMissing,
                    "\(b.segment.uri) (\(listName) line \(b.segment.line)): its first picture's time \(Self.seconds(to)) s is not after the segment before it (\(Self.seconds(from)) s), without EXT-X-DISCONTINUITY"), stream: nil),
                    at: FindingLocation(playlist: playlist, line: b.segment.line, segment: b.segment.uri))
                continue
            }
            let seconds = to - from
            // Two frames and a tenth of the segment: packagers cut open GOPs a few frames apart
            // in decode order while the manifest counts presentation time; a lie is larger.
            if abs(seconds - a.segment.duration) > max(2 * (a.sampleDuration ?? 0), 0.1 * a.segment.duration) {
                walk.add(Finding(HLSSignalIssue(.presentationDurationMismatch,
                    "\(a.segment.uri) (\(listName) line \(a.segment.line)): \(durationName) \(Self.seconds(a.segment.duration)) s, the media lasts \(Self.seconds(seconds)) s (to the next segment's first picture)"), stream: nil),
                    at: FindingLocation(playlist: playlist, line: a.segment.line, segment: a.segment.uri))
            }
            // Apple HLS authoring 7.7: the media of a segment MUST NOT exceed the target duration by
            // more than 0.5 s — said here when the EXTINF hides it (an EXTINF over the target is
            // already named above).
            if let target = targetDuration, target > 0, a.segment.duration.rounded() <= target, seconds > target + 0.5 {
                walk.add(Finding(HLSSignalIssue(.presentationSegmentTooLong,
                    "\(a.segment.uri) (\(listName) line \(a.segment.line)): the media lasts \(Self.seconds(seconds)) s (to the next segment's first picture), more than EXT-X-TARGETDURATION \(Int(target)) + 0.5 s"), stream: nil),
                    at: FindingLocation(playlist: playlist, line: a.segment.line, segment: a.segment.uri))
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

    static func seconds(_ s: Double) -> String { String(format: "%.3f", s) }
    static func percent(_ measured: Int, _ declared: Int) -> String {
        "\(Int((Double(measured) / Double(declared) * 100).rounded())) %"
    }
}
