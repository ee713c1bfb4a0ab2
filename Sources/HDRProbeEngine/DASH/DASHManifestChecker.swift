import HDRProbeModel
import HDRProbeManifests
import HDRProbeSignal
import HDRProbeContainers

/// `hdrprobe dash --check`: reads an MPD (a local path or an `http(s)` URL, through the same
/// fetcher, protocols and budgets as `hls --check`: ``HLSResourceFetcher``, ``HLSPlaylistChecker/Limits``),
/// and for each video Representation resolves its segments (`docs/rules/dash-manifests.md` §2),
/// fetches the initialization and the first media segment (reading the `sidx` first for
/// SegmentBase), probes them joined as one file, and compares the MPD with the media
/// (``DASHRepresentationCheck``). Nothing is thrown: an unreadable or malformed MPD is the report's
/// `error` with its line, an unreachable Representation a `dash.check.mediaUnavailable` finding.
package struct DASHManifestChecker: Sendable {
    package var options: ProbeOptions
    package var limits: HLSPlaylistChecker.Limits

    /// Walk every segment of every video Representation (`docs/rules/hls-presentation.md` §5);
    /// false checks the first segment only (`--first-segment`).
    package var wholePresentation: Bool

    package init(options: ProbeOptions = ProbeOptions(), limits: HLSPlaylistChecker.Limits = HLSPlaylistChecker.Limits(),
                 wholePresentation: Bool = false) {
        self.options = options
        self.limits = limits
        self.wholePresentation = wholePresentation
    }

    private var deadline: UInt64 {
        Clock.nowNanoseconds() + UInt64(max(0.001, min(options.timeout, 86_400)) * 1e9)
    }

    /// A read MPD: where it came from, and the parsed document.
    package struct Manifest: Sendable {
        package var location: HLSResourceLocation
        package var mpd: MPD
    }

    /// Reads and parses the MPD; the error is the finding and line the report carries.
    package func read(_ argument: String, deadline: UInt64, client: HTTPResourceClient = .shared) -> Result<Manifest, DASHCheckFinding> {
        let location: HLSResourceLocation
        do throws(HLSResourceLocation.ResolutionError) {
            location = try HLSResourceLocation(argument: argument)
        } catch {
            return .failure(DASHCheckFinding(.dashManifestMalformed, line: 0, attribute: nil, declared: nil, expected: nil,
                                             ManifestCheckMessage.unresolvableArgument(argument: argument, error: "\(error)").sentence))
        }
        switch HLSResourceFetcher.fetch(location, maxBytes: MPDLimits.maxBytes + 1, deadline: deadline, client: client) {
        case let .failure(error):
            return .failure(DASHCheckFinding(.dashManifestMalformed, line: 0, attribute: nil, declared: nil, expected: nil, error.message))
        case let .success(fetched):
            do throws(MPDError) {
                return .success(Manifest(location: location, mpd: try MPD.parse(bytes: fetched.bytes)))
            } catch {
                return .failure(DASHCheckFinding(.dashManifestMalformed, line: error.line, attribute: nil, declared: nil, expected: nil,
                                                 error.description))
            }
        }
    }

    package func check(_ argument: String) -> DASHCheckReport {
        let deadline = self.deadline
        // One client a run: its connections are kept alive across the run, its budgets bound it.
        let client = HTTPResourceClient(limits.network)
        var report = DASHCheckReport(tool: ProbeEngine.tool, manifest: argument, status: .ok)
        let manifest: Manifest
        switch read(argument, deadline: deadline, client: client) {
        case let .failure(finding):
            report.status = .error
            report.error = Finding(code: finding.code, severity: .error, message: finding.message)
            report.errorLine = finding.line > 0 ? finding.line : nil
            return report
        case let .success(m): manifest = m
        }
        report.type = manifest.mpd.type
        let contexts = RepresentationContext.all(in: manifest.mpd, location: manifest.location)
        let video = contexts.filter(Self.isVideo)
        var located: [(finding: Finding, location: FindingLocation)] = []
        let name = manifest.location.lastComponent
        for context in video.prefix(limits.variants) {
            let period = contexts.filter { $0.periodIndex == context.periodIndex }
            let legacy = period.contains {
                $0.adaptationSetIndex != context.adaptationSetIndex
                    && DolbyVisionCodecString(String(($0.common.codecs ?? "").split(separator: ",").first ?? "")) != nil
            }
            let (representation, segments) = checkRepresentation(context, periodIDs: Set(period.map(\.representation.id)), legacyDolbyVision: legacy,
                                                                 dynamic: manifest.mpd.isDynamic, minBufferTime: manifest.mpd.minBufferTime,
                                                                 deadline: deadline, client: client)
            report.representations.append(representation)
            located += zip(representation.findings, segments).map { ($0.finding, FindingLocation(playlist: name, line: $0.line, segment: $1)) }
        }
        report.fixes = FixList(located)
        if video.count > limits.variants {
            report.error = Finding(.dashRepresentationLimit,
                                   ManifestCheckMessage.representationLimit(checked: limits.variants, total: video.count).sentence, stream: nil)
        }
        return report
    }

    /// A video Representation: `@contentType`/`@mimeType` say video, or (neither given) `@codecs` is a video codec.
    static func isVideo(_ context: RepresentationContext) -> Bool {
        if let kind = context.kind { return kind == "video" }
        return context.common.width != nil || context.common.height != nil
    }

    static func declared(_ context: RepresentationContext) -> [String: String] {
        let c = context.common
        var d: [String: String] = [:]
        d["codecs"] = c.codecs
        d["scte214:supplementalCodecs"] = c.supplementalCodecs
        d["scte214:supplementalProfiles"] = c.supplementalProfiles
        for name in DASHRepresentationCheck.cicpNames { d[name] = c.cicp(name).map { "\($0.descriptor.element) \($0.value)" } }
        d["frameRate"] = c.frameRate
        d["width"] = c.width.map(String.init)
        d["height"] = c.height.map(String.init)
        d["bandwidth"] = context.representation.bandwidthText
        if !context.representation.dependencyId.isEmpty { d["dependencyId"] = context.representation.dependencyId.joined(separator: " ") }
        if let cp = c.contentProtections.last(where: \.isMP4Protection) {
            d["ContentProtection@value"] = cp.value
            d["cenc:default_KID"] = cp.defaultKID
        }
        return d
    }

    private func checkRepresentation(_ context: RepresentationContext, periodIDs: Set<String>, legacyDolbyVision: Bool, dynamic: Bool,
                                     minBufferTime: Double?, deadline: UInt64, client: HTTPResourceClient) -> (DASHCheckReport.Representation, [String?]) {
        let rep = context.representation
        var result = DASHCheckReport.Representation(id: rep.id, line: rep.line, adaptationSetLine: context.adaptationSet.line,
                                                    period: context.periodIndex, declared: Self.declared(context))
        // The segment each finding names, in step with `result.findings` (nil: the MPD's element).
        var segments: [String?] = []
        func unavailable(_ reason: MediaUnavailable, line: Int? = nil) -> (DASHCheckReport.Representation, [String?]) {
            result.findings.append(DASHCheckFinding(.dashMediaUnavailable, line: line ?? rep.line, attribute: nil, declared: nil, expected: nil,
                                                    reason.sentence))
            return (result, segments + [nil])
        }
        let fetched: DASHSegmentFetcher.Fetched
        switch DASHSegmentFetcher(limits: limits, deadline: deadline, client: client).firstMedia(context, dynamic: dynamic) {
        case let .failure(failure): return unavailable(failure.reason, line: failure.line)
        case let .success(f): fetched = f
        }
        result.addressing = fetched.segments.addressing
        result.initialization = fetched.initialization
        result.firstSegment = fetched.firstSegment
        if wholePresentation, !dynamic {
            let (presentation, findings, named) = walk(fetched.segments, representation: rep, minBufferTime: minBufferTime, client: client)
            result.presentation = presentation
            result.findings += findings
            segments += named
        }
        var probe = ProbeEngine(options: options).probe(name: fetched.firstSegment, bytes: fetched.bytes, logicalSize: fetched.logicalSize)
        ReportSignalling.planDASH(&probe)
        result.mediaFindings = probe.findings
        if probe.status == .error {
            return unavailable(.notAnalysed(media: fetched.firstSegment, error: probe.error?.message))
        }
        guard let facts = HLSMediaFacts(report: probe, segmentBitRate: fetched.segmentBitRate),
              let video = probe.streams.first(where: { $0.kind == .video && $0.hls != nil }) else {
            return unavailable(.noVideo(media: fetched.firstSegment))
        }
        result.expected = DASHMediaAttributes(media: facts, video: video).dictionary
        // The MPD-against-media findings first, then the whole-presentation walk's.
        let declared = DASHRepresentationCheck.check(.init(context: context, periodRepresentationIDs: periodIDs.subtracting([rep.id]),
                                                           media: facts, video: video, legacyDolbyVisionSet: legacyDolbyVision))
        result.findings = declared + result.findings
        return (result, Array(repeating: nil, count: declared.count) + segments)
    }

    /// Every segment of a static Representation walked as `hls --check` walks a variant, then the
    /// DASH bandwidth rule over the segments' sizes (`docs/rules/hls-presentation.md` §5).
    private func walk(_ segments: RepresentationSegments, representation rep: Representation,
                      minBufferTime: Double?, client: HTTPResourceClient) -> (HLSCheckReport.Presentation, [DASHCheckFinding], [String?]) {
        func range(_ r: MPDByteRange?) -> HLSByteRange? { r.map { HLSByteRange(length: $0.last - $0.first + 1, offset: $0.first) } }
        let initialization = segments.initialization
        let list = segments.media.prefix(limits.segments).map { m in
            HLSPresentationCheck.Segment(uri: m.location.lastComponent, line: m.line, duration: m.duration ?? 0, location: m.location,
                                         range: range(m.range), initName: initialization?.location.lastComponent,
                                         initLocation: initialization?.location, initRange: range(initialization?.range), discontinuity: false)
        }
        let walked = HLSPresentationCheck(options: options, limits: limits, client: client)
            .walkSegments(Array(list), listName: "Representation \(rep.id)", playlist: "Representation \(rep.id)", iFramesOnly: false,
                          durationName: "the MPD's duration")
        let codes: [FindingCode: FindingCode] = [.presentationSegmentMissing: .dashPresentationSegmentMissing,
                                                 .presentationNoKeyFrameStart: .dashPresentationNoKeyFrameStart,
                                                 .presentationDurationMismatch: .dashPresentationDurationMismatch,
                                                 .presentationHDRChanged: .dashPresentationHDRChanged,
                                                 .presentationDolbyVisionRPUMissing: .dashPresentationDolbyVisionRPUMissing,
                                                 .presentationHDR10PlusMissing: .dashPresentationHDR10PlusMissing]
        var findings: [DASHCheckFinding] = []
        var named: [String?] = []
        for (f, location) in zip(walked.walk.findings, walked.walk.locations) {
            guard let code = codes[f.code] else { continue }
            findings.append(DASHCheckFinding(code, line: rep.line, attribute: nil, declared: nil, expected: nil, f.message))
            named.append(location?.segment)
        }
        if segments.media.count > list.count {
            findings.append(DASHCheckFinding(.dashPresentationBudgetExceeded, line: rep.line, attribute: nil, declared: nil, expected: nil,
                "Representation \(rep.id): the walk stops at its limit of \(list.count) segments; \(segments.media.count - list.count) were not checked"))
            named.append(nil)
        }
        var summary = walked.walk.summary
        summary.segments = segments.media.count
        summary.finish()
        let rates = HLSMeasuredBitRates(segments: walked.measured, targetDuration: walked.measured.map(\.duration).max() ?? 0)
        summary.measuredPeak = rates.peak
        summary.measuredAverage = rates.average
        summary.declaredBandwidth = rep.bandwidth
        summary.peakDifferencePercent = HLSCheckReport.Presentation.difference(rates.peak, rep.bandwidth)
        if let declared = rep.bandwidth, declared > 0,
           let need = DASHBufferModel.need(segments: walked.measured.map { ($0.bytes, $0.duration) }, minBufferTime: minBufferTime ?? 0),
           need.bandwidth > declared {
            findings.append(DASHCheckFinding(.dashPresentationBandwidthExceeded, line: rep.line, attribute: "bandwidth", declared: "\(declared)",
                                             expected: "\(need.bandwidth)",
                                             "Representation \(rep.id): segments \(need.first + 1)–\(need.last + 1) need \(need.bandwidth) b/s with @minBufferTime \(minBufferTime ?? 0) s; @bandwidth is \(declared)"))
            named.append(nil)
        }
        return (summary, findings, named)
    }
}
