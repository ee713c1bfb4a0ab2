import HDRProbeModel
import HDRProbeManifests
import HDRProbeSignal
import HDRProbeContainers

/// `hdrprobe hls --check`: reads a Multivariant Playlist (a local path or an `http(s)` URL), and
/// for each `#EXT-X-STREAM-INF` reads its Media Playlist up to the first segment, fetches the
/// `EXT-X-MAP` init section and the first segment (bounded: ``Limits``), probes them together as
/// one file, and compares the declarations with the media (``HLSVariantCheck``). Nothing is
/// thrown: an unreadable or malformed playlist is the report's `error`, an unreachable variant a
/// `hls.check.mediaUnavailable` finding, and the other variants are still checked.
package struct HLSPlaylistChecker: Sendable {
    package struct Limits: Sendable {
        /// Bytes read of an init section.
        package var initSection: Int
        /// Bytes read of the first segment: the probe needs only its first frames (the scan's
        /// 8 MiB packet budget plus fragment headers); the rest is never fetched.
        package var segment: Int
        /// Variants checked per playlist.
        package var variants: Int
        /// Segments walked per Media Playlist in a whole-presentation check.
        package var segments: Int
        /// Reads over `http(s)`: parallel fetches, the run's request and byte budgets, the
        /// per-request timeout, redirect hops (`docs/rules/hls-presentation.md`, "Network reads").
        package var network: HTTPResourceClient.Configuration

        package init(initSection: Int = 16 << 20, segment: Int = 9 << 20, variants: Int = 256, segments: Int = HLSPlaylistLimits.maxSegments,
                     network: HTTPResourceClient.Configuration = HTTPResourceClient.Configuration()) {
            self.initSection = initSection
            self.segment = segment
            self.variants = variants
            self.segments = segments
            self.network = network
        }
    }

    package var options: ProbeOptions
    package var limits: Limits
    /// Walk every segment of every variant (`docs/rules/hls-presentation.md`); false checks the
    /// first segment only (`--first-segment`).
    package var wholePresentation: Bool

    package init(options: ProbeOptions = ProbeOptions(), limits: Limits = Limits(), wholePresentation: Bool = false) {
        self.options = options
        self.limits = limits
        self.wholePresentation = wholePresentation
    }

    private var deadline: UInt64 {
        Clock.nowNanoseconds() + UInt64(max(0.001, min(options.timeout, 86_400)) * 1e9)
    }

    package func check(_ argument: String) -> HLSCheckReport {
        var report = HLSCheckReport(tool: ProbeEngine.tool, playlist: argument, status: .ok)
        func fail(_ finding: Finding, line: Int? = nil) -> HLSCheckReport {
            report.status = .error
            report.error = finding
            report.errorLine = line
            return report
        }
        let location: HLSResourceLocation
        do throws(HLSResourceLocation.ResolutionError) {
            location = try HLSResourceLocation(argument: argument)
        } catch {
            return fail(Finding(ReportError(.unrecognized, ManifestCheckMessage.unresolvableArgument(argument: argument, error: "\(error)").sentence)))
        }
        // One client a run: its connections are kept alive across the run, its budgets bound it.
        let client = HTTPResourceClient(limits.network)
        let text: [UInt8]
        switch HLSResourceFetcher.fetch(location, maxBytes: HLSPlaylistLimits.maxBytes + 1, deadline: deadline, client: client) {
        case let .failure(error): return fail(Finding(error))
        case let .success(fetched): text = fetched.bytes
        }
        let playlist: HLSMultivariantPlaylist
        do throws(HLSPlaylistError) {
            if text.count > HLSPlaylistLimits.maxBytes {
                throw HLSPlaylistError(.limitExceeded, line: 1, "playlist is larger than the \(HLSPlaylistLimits.maxBytes)-byte limit")
            }
            playlist = try HLSMultivariantPlaylist.parse(bytes: text)
        } catch {
            let message = ManifestCheckMessage.playlistMalformed(argument: argument, error: error.description,
                                                                 isMediaPlaylist: error.kind == .mediaPlaylistTag)
            return fail(Finding(HLSSignalIssue(.checkPlaylistMalformed, message.sentence), stream: nil), line: error.line)
        }
        var mediaPlaylists: [HLSResourceLocation: Result<HLSMediaPlaylistHead, ReportError>] = [:]
        var walks: [(index: Int, uri: String, durations: [Double])] = []
        // Each finding with where it is, for the Must fix / Should fix lists.
        var located: [(finding: Finding, location: FindingLocation)] = []
        let master = location.lastComponent
        let presentation = HLSPresentationCheck(options: options, limits: limits, client: client)
        // Renditions first: a variant's bit rates count its AUDIO group's (Apple 9.13).
        var renditionRates: [String: [HLSMeasuredBitRates?]] = [:]
        if wholePresentation {
            let renditionCheck = HLSRenditionCheck(presentation: presentation)
            for rendition in playlist.renditions.prefix(limits.variants) {
                guard let uri = rendition.uri, rendition.type == "AUDIO" || rendition.type == "SUBTITLES" else { continue }
                let checked = renditionCheck.check(rendition, uri: uri, master: location)
                report.renditions.append(checked.entry)
                located += zip(checked.entry.findings, checked.locations).map { ($0, $1) }
                if rendition.type == "AUDIO", let group = rendition.groupID { renditionRates[group, default: []].append(checked.rates) }
            }
        }
        for variant in playlist.variants.prefix(limits.variants) {
            var checked = checkVariant(variant, master: location, mediaPlaylists: &mediaPlaylists, client: client)
            let at = FindingLocation(playlist: master, line: variant.line)
            located += checked.findings.map { ($0, at) }
            if wholePresentation, let media = checked.mediaPlaylist, let mediaLocation = try? location.resolve(variant.uri) {
                if let walk = presentation.walk(variant, audio: Self.audio(of: variant, renditionRates), mediaPlaylist: mediaLocation, uri: variant.uri) {
                    checked.presentation = walk.summary
                    checked.findings += walk.findings
                    located += zip(walk.findings, walk.locations).map { ($0, $1 ?? at) }
                    walks.append((report.variants.count, media, walk.durations))
                } else {
                    let f = Finding(HLSSignalIssue(.presentationPlaylistUnreadable,
                                                   "\(variant.uri) (\(master) line \(variant.line)): the Media Playlist cannot be read or parsed in full"), stream: nil)
                    checked.findings.append(f)
                    located.append((f, at))
                }
            }
            report.variants.append(checked)
        }
        for (i, finding) in HLSPresentationCheck.alignment(walks.map { ($0.uri, $0.durations) }) {
            let variant = report.variants[walks[i].index]
            report.variants[walks[i].index].findings.append(finding)
            located.append((finding, FindingLocation(playlist: master, line: variant.line)))
        }
        // I-frame playlists: every range one key frame, their bit rates against their declarations.
        if wholePresentation {
            for iFrames in playlist.iFrameVariants.prefix(limits.variants) {
                guard let uri = iFrames.uri else { continue }
                var entry = HLSCheckReport.Variant(line: iFrames.line, uri: uri, declared: iFrames.attributes.rawText)
                entry.iFrames = true
                let at = FindingLocation(playlist: master, line: iFrames.line)
                if let media = try? location.resolve(uri) {
                    entry.mediaPlaylist = media.description
                    if let walk = presentation.walk(iFrames, audio: .inSegments, mediaPlaylist: media, uri: uri) {
                        entry.presentation = walk.summary
                        entry.findings = walk.findings
                        located += zip(walk.findings, walk.locations).map { ($0, $1 ?? at) }
                    } else {
                        let f = Finding(HLSSignalIssue(.presentationPlaylistUnreadable, "\(uri) (\(master) line \(iFrames.line)): the I-frame playlist cannot be read or parsed"), stream: nil)
                        entry.findings.append(f)
                        located.append((f, at))
                    }
                }
                report.variants.append(entry)
            }
        }
        // The ladder rules are the whole-presentation check's: `--first-segment` compares each
        // variant with its media and nothing more.
        if wholePresentation {
            report.ladder = HLSLadderCheck.check(ladderEntries(report, playlist: playlist)).map { Finding($0, stream: nil) }
            located += report.ladder.map { ($0, FindingLocation(playlist: master, line: nil)) }
        }
        report.fixes = FixList(located)
        if playlist.variants.count > limits.variants {
            report.error = Finding(.checkVariantLimit,
                                   ManifestCheckMessage.variantLimit(checked: limits.variants, total: playlist.variants.count).sentence, stream: nil)
        }
        return report
    }

    private func checkVariant(_ variant: HLSVariantStream, master: HLSResourceLocation,
                              mediaPlaylists: inout [HLSResourceLocation: Result<HLSMediaPlaylistHead, ReportError>],
                              client: HTTPResourceClient) -> HLSCheckReport.Variant {
        let declared = variant.attributes.rawText
        var result = HLSCheckReport.Variant(line: variant.line, uri: variant.uri, declared: declared)
        func unavailable(_ reason: MediaUnavailable) -> HLSCheckReport.Variant {
            result.findings.append(Finding(HLSSignalIssue(.checkMediaUnavailable, reason.sentence), stream: nil))
            return result
        }
        let mediaLocation: HLSResourceLocation
        do throws(HLSResourceLocation.ResolutionError) {
            mediaLocation = try master.resolve(variant.uri)
        } catch {
            return unavailable(.variantURI(line: variant.uriLine, error: "\(error)"))
        }
        result.mediaPlaylist = mediaLocation.description
        if mediaPlaylists[mediaLocation] == nil {
            mediaPlaylists[mediaLocation] = readMediaPlaylist(mediaLocation, client: client)
        }
        let head: HLSMediaPlaylistHead
        switch mediaPlaylists[mediaLocation]! {
        case let .failure(error): return unavailable(.mediaPlaylist(error: error.message))
        case let .success(h): head = h
        }
        guard let segmentURI = head.firstSegmentURI else {
            return unavailable(.noMediaSegment(playlist: mediaLocation.description))
        }
        var bytes: [UInt8] = []
        if let initURI = head.initSegmentURI {
            let initLocation: HLSResourceLocation
            do throws(HLSResourceLocation.ResolutionError) { initLocation = try mediaLocation.resolve(initURI) } catch {
                return unavailable(.playlistURI(playlist: mediaLocation.description, line: head.initSegmentLine ?? 0, error: "\(error)"))
            }
            result.initSection = initLocation.description
            switch HLSResourceFetcher.fetch(initLocation, range: head.initSegmentByteRange, maxBytes: limits.initSection,
                                            deadline: deadline, client: client) {
            case let .failure(error): return unavailable(.initSection(error: error.message))
            case let .success(fetched):
                if fetched.truncated { return unavailable(.initSectionTooLarge(location: initLocation.description, limit: limits.initSection)) }
                bytes = fetched.bytes
            }
        }
        let segmentLocation: HLSResourceLocation
        do throws(HLSResourceLocation.ResolutionError) { segmentLocation = try mediaLocation.resolve(segmentURI) } catch {
            return unavailable(.playlistURI(playlist: mediaLocation.description, line: head.firstSegmentLine ?? 0, error: "\(error)"))
        }
        result.firstSegment = segmentLocation.description
        var segmentBitRate: Int?
        var logicalSize: Int?
        switch HLSResourceFetcher.fetch(segmentLocation, range: head.firstSegmentByteRange, maxBytes: limits.segment,
                                        deadline: deadline, client: client) {
        case let .failure(error): return unavailable(.firstSegment(error: error.message))
        case let .success(fetched):
            if let total = fetched.totalSize { logicalSize = bytes.count + total }
            bytes += fetched.bytes
            if let size = fetched.totalSize, let duration = head.firstSegmentDuration, duration > 0 {
                segmentBitRate = Int((Double(size) * 8 / duration).rounded())
            }
        }
        let probe = ProbeEngine(options: options).probe(name: segmentLocation.description, bytes: bytes, logicalSize: logicalSize)
        result.mediaFindings = probe.findings
        if probe.status == .error {
            return unavailable(.notAnalysed(media: segmentLocation.lastComponent, error: probe.error?.message))
        }
        guard let facts = HLSMediaFacts(report: probe, segmentBitRate: segmentBitRate) else {
            return unavailable(.noVideo(media: segmentLocation.lastComponent))
        }
        result.expected = facts.expected
        let issues = HLSVariantCheck.check(variant, media: facts)
        result.findings = issues.enumerated()
            .sorted { ($0.element.severity, -$0.offset) > ($1.element.severity, -$1.offset) }
            .map { Finding($0.element, stream: nil) }
        // A media finding the variant check already raised (`hls.encryption.notCbcs`) is said once.
        let raised = Set(result.findings.map(\.code))
        result.mediaFindings.removeAll { raised.contains($0.code) }
        return result
    }

    private func readMediaPlaylist(_ location: HLSResourceLocation, client: HTTPResourceClient) -> Result<HLSMediaPlaylistHead, ReportError> {
        switch HLSResourceFetcher.fetch(location, maxBytes: HLSPlaylistLimits.maxBytes, deadline: deadline, client: client) {
        case let .failure(error): return .failure(ReportError(ErrorCode(rawValue: error.code.rawValue, in: .error) ?? .readFailed,
                                                               ManifestCheckMessage.mediaPlaylistUnreadable(location: location.description, error: error.message).sentence))
        case let .success(fetched):
            do throws(HLSPlaylistError) {
                return .success(try HLSMediaPlaylistHead.parse(bytes: fetched.bytes))
            } catch {
                return .failure(ReportError(.containerMalformed,
                                            ManifestCheckMessage.mediaPlaylistMalformed(location: location.description, error: error.description).sentence))
            }
        }
    }

    /// Every variant and I-frame playlist the master lists, with its media's range and frame rate
    /// where they were read: a variant beyond the check's limit, or an I-frame playlist that could
    /// not be walked, counts with its media unknown.
    private func ladderEntries(_ report: HLSCheckReport, playlist: HLSMultivariantPlaylist) -> [HLSLadderCheck.Entry] {
        let variants = report.variants.filter { !$0.iFrames }.map { v in
            HLSLadderCheck.Entry(iFrames: false, videoRange: v.expected?.videoRange,
                                 frameRate: v.expected?.frameRate.map { Double($0.thousandths) / 1000 })
        }
        let unchecked = Array(repeating: HLSLadderCheck.Entry(iFrames: false, videoRange: nil, frameRate: nil),
                              count: max(0, playlist.variants.count - variants.count))
        let walked = Dictionary(report.variants.filter(\.iFrames).map { ($0.line, $0.presentation) }, uniquingKeysWith: { a, _ in a })
        let iFrames = playlist.iFrameVariants.map { i in
            let media = walked[i.line] ?? nil
            return HLSLadderCheck.Entry(iFrames: true, videoRange: media?.videoRange.flatMap(VideoRange.init(rawValue:)), frameRate: media?.frameRate)
        }
        return variants + unchecked + iFrames
    }

    /// Where `variant`'s audio is: the largest peak and average of its AUDIO group's renditions with
    /// a URI, unmeasured when one of them could not be sized, or in its own segments.
    static func audio(of variant: HLSVariantStream, _ rates: [String: [HLSMeasuredBitRates?]]) -> HLSPresentationCheck.Audio {
        guard let group = variant.audioGroup, let measured = rates[group], !measured.isEmpty else { return .inSegments }
        if measured.contains(where: { $0 == nil }) { return .unmeasured }
        return .renditions(peak: measured.compactMap { $0?.peak }.max() ?? 0, average: measured.compactMap { $0?.average }.max() ?? 0)
    }
}
