/// One Representation with everything it inherits (ISO/IEC 23009-1 §5.3.3.2, §5.3.9.1, §5.6.4):
/// the common attributes over its AdaptationSet's, the segment addressing merged Period →
/// AdaptationSet → Representation, and the base location — the MPD's own location resolved through
/// the first `BaseURL` of MPD, Period, AdaptationSet and Representation in turn (RFC 3986 §5.2
/// reference resolution, ``HLSResourceLocation/resolve(_:)``).
package struct RepresentationContext: Sendable, Equatable {
    package var periodIndex: Int
    package var adaptationSetIndex: Int
    package var adaptationSet: AdaptationSet
    package var representation: Representation
    /// The Representation's attributes over its AdaptationSet's.
    package var common: RepresentationBase
    package var segments: SegmentInformation
    /// Where relative segment URLs resolve (nil: a BaseURL could not be resolved; see `baseError`).
    package var base: HLSResourceLocation?
    package var baseError: String?
    /// Line of the BaseURL element that failed, else the Representation's.
    package var baseErrorLine: Int?
    /// The Period's duration and start in seconds, when the MPD gives them.
    package var periodDuration: Double?
    package var periodStart: Double?

    /// Every Representation of the MPD, in document order, for an MPD read from `location`.
    package static func all(in mpd: MPD, location: HLSResourceLocation) -> [RepresentationContext] {
        var out: [RepresentationContext] = []
        for (p, period) in mpd.periods.enumerated() {
            let periodSegments = period.segments
            for (a, set) in period.adaptationSets.enumerated() {
                let setSegments = set.segments.merged(over: periodSegments)
                for rep in set.representations {
                    var context = RepresentationContext(
                        periodIndex: p, adaptationSetIndex: a, adaptationSet: set, representation: rep,
                        common: rep.common.inheriting(from: set.common),
                        segments: rep.segments.merged(over: setSegments),
                        base: nil, baseError: nil, baseErrorLine: nil,
                        periodDuration: mpd.periodDuration(p), periodStart: mpd.periodStart(p))
                    context.resolveBase(levels: [mpd.baseURLs, period.baseURLs, set.baseURLs, rep.baseURLs], from: location)
                    out.append(context)
                }
            }
        }
        return out
    }

    private mutating func resolveBase(levels: [[BaseURL]], from location: HLSResourceLocation) {
        var current = location
        for level in levels {
            guard let first = level.first, !first.url.isEmpty else { continue }
            do throws(HLSResourceLocation.ResolutionError) {
                current = try current.resolve(first.url)
            } catch {
                baseError = "BaseURL \"\(first.url)\": \(error)"
                baseErrorLine = first.line
                return
            }
        }
        base = current
    }

    /// `video`, `audio`, … of the Representation (its `@mimeType` over the AdaptationSet's kind).
    package var kind: String? {
        if let mime = representation.common.mimeType { return mime.split(separator: "/").first.map { $0.lowercased() } }
        return adaptationSet.kind
    }
}
