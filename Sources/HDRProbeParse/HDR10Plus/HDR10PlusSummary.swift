/// What one scan learned about a stream's HDR10+ (ST 2094-40) metadata, accumulated frame by frame
/// in constant memory (every stored value is a counter, an extreme, or the previous frame's
/// fixed-size scene key; the version set holds at most 256 values).
///
/// Feeding: call one of the `add…` methods once per scanned picture.
/// * ``add(_:isOwnPayload:)`` — a picture with a parsed payload. `isOwnPayload: false` marks a
///   payload inherited from an earlier picture (gap filling, `docs/rules/hdr10plus.md` §2.3) by a
///   caller that fills gaps itself; such a picture counts as scanned and for scenes only.
/// * ``addFrameWithoutMetadata()`` — a picture without its own payload; for scenes it inherits the
///   previous picture's values (§2.3), so it never starts a scene.
/// * ``addUnparsablePayload()`` — a picture whose T.35 payload carries the HDR10+ signature
///   (§2.1) but cannot be parsed (§3 layout runs past the end): present but invalid
///   (rule ``ST2094_40ValidationRule/payloadSyntax``); having no values, it never starts a scene.
/// * ``addFrame(t35Payload:)`` — convenience: parses the payload (nil or a non-HDR10+ payload
///   means no metadata).
///
/// Facts (sources):
/// * `framesScanned`, `framesWithMetadata`: §2.3 — pictures scanned, and pictures carrying their
///   own payload (valid or not; §5 keeps `present = true` for invalid payloads).
/// * `profile`: §4 — "A" when every own payload is per-frame profile A, "B" when every one is B,
///   otherwise nil; nil as well when any payload is invalid (§5: the profile becomes null) or
///   there is none. Inherited (gap-filled) pictures repeat a counted payload and cannot change
///   the outcome; pictures before the first payload are ignored (hdr10plus_tool refuses such a
///   stream outright, §2.3).
/// * `peakMaxscl`: the largest `maxscl[i]` over all windows and the three components; 0.1 cd/m²
///   steps (§3), `peakMaxsclNits` = value / 10.
/// * `maxAverageMaxrgb`, `meanAverageMaxrgb`: over own payloads, of the last window's
///   `average_maxrgb` — the window hdr10plus_tool reports (§3); with the only valid window count
///   (1, §5) it is the whole picture. 0.1 cd/m² steps.
/// * `sceneCount`: hdr10plus_tool's scene rule (§10.1): a new scene starts when the luminance
///   parameters (maxscl, average_maxrgb, distribution indexes and values — last window),
///   `num_windows` or TSDML differ from the previous picture; the Bezier curve data (knee point,
///   anchors) counts only when the stream's profile is "B". Both counts are kept so the choice can
///   be made at the end. Scenes follow the order pictures are fed: feed display order (as
///   hdr10plus_tool's JSON) for parity with the tool.
/// * `applicationVersions`: the distinct `application_version` values seen, ascending.
/// * `maxNumWindows`: the largest `num_windows`.
/// * `invalidPayloadCount`, `firstInvalidFrameIndex` (0-based among scanned pictures),
///   `firstInvalidIssue`: payloads breaking a §5 rule (or unparsable), and the first rule broken.
///
/// Encodable only: the JSON carries the facts above; the accumulator's in-flight state (the
/// previous picture's scene key) is not a report fact.
package struct HDR10PlusSummary: Sendable, Equatable, Encodable {
    package private(set) var framesScanned = 0
    package private(set) var framesWithMetadata = 0
    package private(set) var framesProfileA = 0
    package private(set) var framesProfileB = 0
    /// In 0.1 cd/m² steps.
    package private(set) var peakMaxscl: UInt32?
    /// In 0.1 cd/m² steps.
    package private(set) var maxAverageMaxrgb: UInt32?
    /// Sum of the averages counted in ``meanAverageMaxrgb``, and their number.
    package private(set) var averageMaxrgbSum: UInt64 = 0
    package private(set) var averageMaxrgbCount = 0
    package private(set) var applicationVersions: [UInt8] = []
    package private(set) var maxNumWindows: Int?
    package private(set) var invalidPayloadCount = 0
    package private(set) var firstInvalidFrameIndex: Int?
    package private(set) var firstInvalidIssue: ST2094_40ValidationIssue?
    /// Scenes counted without / with the Bezier curve data in the comparison.
    package private(set) var scenesWithoutCurve = 0
    package private(set) var scenesWithCurve = 0

    /// The previous picture's values, for scene detection.
    private var previousKey: SceneKey?

    package init() {}

    // MARK: Feeding

    /// A picture with a parsed payload; `isOwnPayload: false` for a payload inherited from an
    /// earlier picture (counts for `framesScanned` and scenes only).
    package mutating func add(_ metadata: ST2094_40Metadata, isOwnPayload: Bool = true) {
        let frameIndex = framesScanned
        framesScanned += 1
        trackScene(SceneKey(metadata))
        guard isOwnPayload else { return }
        framesWithMetadata += 1

        if let issue = metadata.validationIssues.first {
            recordInvalid(issue, frameIndex: frameIndex)
        } else {
            switch metadata.profile {
            case "A": framesProfileA += 1
            case "B": framesProfileB += 1
            default: break
            }
        }
        if let peak = metadata.windows.lazy.flatMap(\.maxscl).max() {
            peakMaxscl = max(peakMaxscl ?? 0, peak)
        }
        if let last = metadata.windows.last {
            maxAverageMaxrgb = max(maxAverageMaxrgb ?? 0, last.averageMaxrgb)
            averageMaxrgbSum += UInt64(last.averageMaxrgb)
            averageMaxrgbCount += 1
        }
        if !applicationVersions.contains(metadata.applicationVersion) {
            applicationVersions.append(metadata.applicationVersion)
            applicationVersions.sort()
        }
        maxNumWindows = max(maxNumWindows ?? 0, metadata.numWindows)
    }

    /// A picture without its own payload (inherits the previous values for scene detection).
    package mutating func addFrameWithoutMetadata() {
        framesScanned += 1
    }

    /// A picture whose payload has the HDR10+ signature but could not be parsed.
    package mutating func addUnparsablePayload() {
        let frameIndex = framesScanned
        framesScanned += 1
        framesWithMetadata += 1
        recordInvalid(.payloadSyntax, frameIndex: frameIndex)
    }

    /// Convenience: a picture with the given ITU-T T.35 payload (from the country code), or nil
    /// when the picture carried none. A payload without the HDR10+ signature counts as none.
    package mutating func addFrame(t35Payload: [UInt8]?) {
        guard let bytes = t35Payload, ST2094_40Metadata.isHDR10Plus(t35: bytes) else {
            addFrameWithoutMetadata()
            return
        }
        if let m = try? ST2094_40Metadata.parse(bytes) {
            add(m)
        } else {
            addUnparsablePayload()
        }
    }

    // MARK: Facts

    /// Stream-level profile (§4, §5): "A", "B", or nil.
    package var profile: String? {
        guard framesWithMetadata > 0, invalidPayloadCount == 0 else { return nil }
        if framesProfileA == framesWithMetadata { return "A" }
        if framesProfileB == framesWithMetadata { return "B" }
        return nil
    }

    /// True when any scanned picture carried its own HDR10+ payload.
    package var present: Bool { framesWithMetadata > 0 }

    /// hdr10plus_tool's scene count (§10.1); 0 when no payload was seen.
    package var sceneCount: Int { profile == "B" ? scenesWithCurve : scenesWithoutCurve }

    package var peakMaxsclNits: Double? { peakMaxscl.map { Double($0) / 10 } }
    package var maxAverageMaxrgbNits: Double? { maxAverageMaxrgb.map { Double($0) / 10 } }
    /// Mean of the per-payload `average_maxrgb`, in 0.1 cd/m² steps.
    package var meanAverageMaxrgb: Double? {
        averageMaxrgbCount > 0 ? Double(averageMaxrgbSum) / Double(averageMaxrgbCount) : nil
    }
    package var meanAverageMaxrgbNits: Double? { meanAverageMaxrgb.map { $0 / 10 } }

    // MARK: Internals

    private mutating func recordInvalid(_ issue: ST2094_40ValidationIssue, frameIndex: Int) {
        invalidPayloadCount += 1
        if firstInvalidIssue == nil {
            firstInvalidIssue = issue
            firstInvalidFrameIndex = frameIndex
        }
    }

    private mutating func trackScene(_ key: SceneKey) {
        if let prev = previousKey {
            if prev.core != key.core { scenesWithoutCurve += 1 }
            if prev != key { scenesWithCurve += 1 }
        } else {
            scenesWithoutCurve = 1
            scenesWithCurve = 1
        }
        previousKey = key
    }

    /// The per-picture values hdr10plus_tool compares to split scenes (§10.1); at most
    /// 3 + 1 + 2 × 15 + 2 + 15 numbers, so the accumulator stays O(1).
    private struct SceneKey: Sendable, Equatable {
        /// Luminance parameters, `num_windows` and TSDML: compared for every stream.
        package struct Core: Sendable, Equatable {
            package var numWindows: Int
            package var tsdml: UInt32
            package var maxscl: [UInt32]
            package var averageMaxrgb: UInt32
            package var percentages: [UInt8]
            package var percentiles: [UInt32]
        }
        package var core: Core
        package var kneePointX: UInt16
        package var kneePointY: UInt16
        package var anchors: [UInt16]

        package init(_ m: ST2094_40Metadata) {
            let w = m.windows.last ?? ST2094_40Metadata.Window()
            core = Core(numWindows: m.numWindows, tsdml: m.targetedSystemDisplayMaximumLuminance,
                                  maxscl: w.maxscl, averageMaxrgb: w.averageMaxrgb,
                                  percentages: w.distribution.map(\.percentage),
                                  percentiles: w.distribution.map(\.percentile))
            kneePointX = w.kneePointX
            kneePointY = w.kneePointY
            anchors = w.bezierCurveAnchors
        }
    }

    // MARK: Encoding

    private enum CodingKeys: String, CodingKey {
        case present, profile, framesScanned, framesWithMetadata, framesProfileA, framesProfileB
        case peakMaxscl, peakMaxsclNits, maxAverageMaxrgb, meanAverageMaxrgb, sceneCount
        case applicationVersions, maxNumWindows, invalidPayloadCount, firstInvalidFrameIndex, firstInvalidIssue
    }

    /// Optional facts are written as `null` (the report contract's convention).
    package func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(present, forKey: .present)
        try c.encode(profile, forKey: .profile)
        try c.encode(framesScanned, forKey: .framesScanned)
        try c.encode(framesWithMetadata, forKey: .framesWithMetadata)
        try c.encode(framesProfileA, forKey: .framesProfileA)
        try c.encode(framesProfileB, forKey: .framesProfileB)
        try c.encode(peakMaxscl, forKey: .peakMaxscl)
        try c.encode(peakMaxsclNits, forKey: .peakMaxsclNits)
        try c.encode(maxAverageMaxrgb, forKey: .maxAverageMaxrgb)
        try c.encode(meanAverageMaxrgb, forKey: .meanAverageMaxrgb)
        try c.encode(sceneCount, forKey: .sceneCount)
        try c.encode(applicationVersions, forKey: .applicationVersions)
        try c.encode(maxNumWindows, forKey: .maxNumWindows)
        try c.encode(invalidPayloadCount, forKey: .invalidPayloadCount)
        try c.encode(firstInvalidFrameIndex, forKey: .firstInvalidFrameIndex)
        try c.encode(firstInvalidIssue, forKey: .firstInvalidIssue)
    }
}
