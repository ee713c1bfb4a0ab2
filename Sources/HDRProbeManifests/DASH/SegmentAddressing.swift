import HDRProbeParse

/// The segments of one Representation, from whichever addressing it inherits
/// (`docs/rules/dash-manifests.md` §2):
/// * `SegmentTemplate` — initialization and media URLs from the templates (``SegmentTemplateString``),
///   numbered from `@startNumber` (default 1); with a ``SegmentTimeline`` one segment per expanded `S`
///   (`$Time$` = its start), else `ceil(Period duration × timescale / @duration)` segments of
///   `@duration` (`$Time$` = `(n − startNumber) × @duration`), else (neither) one segment spanning
///   the Period;
/// * `SegmentList` — the `Initialization` and `SegmentURL`s, each relative to the base (no
///   `@sourceURL`/`@media`: the base itself), durations from `@duration` or the timeline;
/// * `SegmentBase` — the base is the whole file; `Initialization@range` (without it: the bytes
///   before `@indexRange`) and the `sidx` at `@indexRange`, whose references give the media
///   segments (``withIndex(_:)``).
/// Timescale defaults to 1 (§5.3.9.2). Durations are seconds.
package struct RepresentationSegments: Sendable, Equatable {
    package var initialization: SegmentReference?
    package var media: [SegmentReference]
    /// SegmentBase: the `sidx` to read before ``media`` is known.
    package var index: SegmentReference?
    /// Which addressing the Representation uses: `SegmentTemplate`, `SegmentList`, `SegmentBase`
    /// or `BaseURL` (a single self-initialising file, no segment information).
    package var addressing: String

    package enum Error: Swift.Error, Sendable, Equatable, CustomStringConvertible {
        case template(SegmentTemplateString.Error, line: Int)
        case unresolvable(String, line: Int)
        case noSegments(String, line: Int)

        package var description: String {
            switch self {
            case let .template(e, line): return "line \(line): \(e)"
            case let .unresolvable(s, line): return "line \(line): \(s)"
            case let .noSegments(s, line): return "line \(line): \(s)"
            }
        }

        package var line: Int {
            switch self {
            case let .template(_, line), let .unresolvable(_, line), let .noSegments(_, line): return line
            }
        }
    }

    package init(_ context: RepresentationContext) throws(Error) {
        let rep = context.representation
        guard let base = context.base else {
            throw .unresolvable(context.baseError ?? "no base location", line: context.baseErrorLine ?? rep.line)
        }
        if let template = context.segments.template {
            self = try Self.fromTemplate(template, base: base, context: context)
        } else if let list = context.segments.list {
            self = try Self.fromList(list, base: base, context: context)
        } else if let segmentBase = context.segments.base {
            self = Self.fromBase(segmentBase, base: base)
        } else {
            // No segment information: the BaseURL is one self-initialising segment (§5.3.9.1).
            self.init(initialization: nil, media: [SegmentReference(location: base, duration: context.periodDuration, line: rep.line)],
                      index: nil, addressing: "BaseURL")
        }
    }

    package init(initialization: SegmentReference?, media: [SegmentReference], index: SegmentReference?, addressing: String) {
        self.initialization = initialization
        self.media = media
        self.index = index
        self.addressing = addressing
    }

    private static func resolve(_ reference: String, _ base: HLSResourceLocation, line: Int) throws(Error) -> HLSResourceLocation {
        do throws(HLSResourceLocation.ResolutionError) { return try base.resolve(reference) } catch {
            throw .unresolvable("\"\(reference)\": \(error)", line: line)
        }
    }

    // MARK: SegmentTemplate

    private static func fromTemplate(_ template: SegmentTemplate, base: HLSResourceLocation,
                                     context: RepresentationContext) throws(Error) -> RepresentationSegments {
        let rep = context.representation
        func expand(_ text: String, number: Int? = nil, time: Int? = nil) throws(Error) -> String {
            do throws(SegmentTemplateString.Error) {
                return try SegmentTemplateString(text).expand(representationID: rep.id, number: number, time: time,
                                                              bandwidth: rep.bandwidth)
            } catch { throw .template(error, line: template.line) }
        }
        var initialization: SegmentReference?
        if let text = template.initialization {
            initialization = SegmentReference(location: try resolve(try expand(text), base, line: template.line), line: template.line)
        } else if let element = template.initializationElement {
            initialization = try reference(element, base: base)
        }
        guard let media = template.media else {
            throw .noSegments("SegmentTemplate has no @media", line: template.line)
        }
        let timescale = Double(template.timescale ?? 1)
        let startNumber = template.startNumber ?? 1
        var segments: [SegmentReference] = []
        for (i, slot) in timing(template.timeline, duration: template.duration, timescale: template.timescale ?? 1,
                                offset: template.presentationTimeOffset ?? 0, context: context, line: template.line).enumerated() {
            let url = try expand(media, number: startNumber + i, time: slot.time)
            segments.append(SegmentReference(location: try resolve(url, base, line: slot.line),
                                             duration: slot.duration > 0 ? Double(slot.duration) / timescale : nil, line: slot.line))
        }
        if segments.isEmpty { throw .noSegments("SegmentTemplate's SegmentTimeline lists no segment", line: template.line) }
        return RepresentationSegments(initialization: initialization, media: segments, index: nil, addressing: "SegmentTemplate")
    }

    /// Start and duration (timescale units) of each segment: the timeline's, or `@duration` repeated
    /// over the Period (one segment when the Period has no known duration).
    package static func timing(_ timeline: SegmentTimeline?, duration: Int?, timescale: Int, offset: Int,
                       context: RepresentationContext, line: Int) -> [SegmentTimeline.Segment] {
        let periodUnits = context.periodDuration.map { Int(($0 * Double(timescale)).rounded()) }
        if let timeline {
            return timeline.segments(periodEnd: periodUnits.map { $0 + offset })
        }
        guard let duration, duration > 0 else {
            // Neither @duration nor a timeline: the Representation is one media segment spanning the
            // Period (§5.3.9.2, MultipleSegmentBaseInformation).
            return [SegmentTimeline.Segment(time: offset, duration: periodUnits ?? 0, line: line)]
        }
        let count = periodUnits.map { max(1, ($0 + duration - 1) / duration) } ?? 1
        return (0..<min(count, MPDLimits.maxSegments)).map {
            SegmentTimeline.Segment(time: $0 * duration + offset, duration: duration, line: line)
        }
    }

    private static func reference(_ element: SegmentBase.URLReference, base: HLSResourceLocation) throws(Error) -> SegmentReference {
        let location = try element.sourceURL.map { u throws(Error) in try resolve(u, base, line: element.line) } ?? base
        return SegmentReference(location: location, range: element.range, line: element.line)
    }

    // MARK: SegmentList

    private static func fromList(_ list: SegmentList, base: HLSResourceLocation,
                                 context: RepresentationContext) throws(Error) -> RepresentationSegments {
        let initialization = try list.initialization.map { e throws(Error) in try reference(e, base: base) }
        let timescale = list.timescale ?? 1
        let slots = timing(list.timeline, duration: list.duration, timescale: timescale, offset: 0, context: context, line: list.line)
        var segments: [SegmentReference] = []
        for (i, url) in list.segmentURLs.enumerated() {
            let location = try url.media.map { m throws(Error) in try resolve(m, base, line: url.line) } ?? base
            let duration = i < slots.count ? Double(slots[i].duration) / Double(timescale) : list.duration.map { Double($0) / Double(timescale) }
            segments.append(SegmentReference(location: location, range: url.mediaRange, duration: duration, line: url.line))
        }
        if segments.isEmpty { throw .noSegments("SegmentList has no SegmentURL", line: list.line) }
        return RepresentationSegments(initialization: initialization, media: segments, index: nil, addressing: "SegmentList")
    }

    // MARK: SegmentBase

    private static func fromBase(_ segmentBase: SegmentBase, base: HLSResourceLocation) -> RepresentationSegments {
        var initialization: SegmentReference?
        if let element = segmentBase.initialization {
            initialization = SegmentReference(location: base, range: element.range, line: element.line)
            if let source = element.sourceURL, let location = try? base.resolve(source) {
                initialization?.location = location
            }
        } else if let index = segmentBase.indexRange, index.first > 0 {
            initialization = SegmentReference(location: base, range: MPDByteRange(first: 0, last: index.first - 1), line: segmentBase.line)
        }
        let index = segmentBase.indexRange.map { SegmentReference(location: base, range: $0, line: segmentBase.line) }
        return RepresentationSegments(initialization: initialization, media: [], index: index, addressing: "SegmentBase")
    }

    /// The media segments a `sidx` read at ``index`` gives (ISO/IEC 14496-12 §8.16.3: the first
    /// referenced byte is `first_offset` after the end of the `sidx` box; each reference's size
    /// follows the previous). Only media references (reference_type 0) are listed.
    package func withIndex(_ sidx: SegmentIndexBox) -> RepresentationSegments {
        guard let index else { return self }
        var out = self
        var offset = (index.range?.first ?? 0) + sidx.boxSize + Int(sidx.firstOffset)
        out.media = []
        for reference in sidx.references {
            defer { offset += Int(reference.size) }
            guard !reference.isIndex, reference.size > 0 else { continue }
            out.media.append(SegmentReference(location: index.location,
                                              range: MPDByteRange(first: offset, last: offset + Int(reference.size) - 1),
                                              duration: sidx.timescale > 0 ? Double(reference.duration) / Double(sidx.timescale) : nil,
                                              line: index.line))
        }
        return out
    }
}
