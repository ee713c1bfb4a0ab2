/// What hdrprobe would write for one video stream as a DASH `Representation` (and the `AdaptationSet` properties it
/// needs), `docs/rules/dash-signalling.md` §3. Typed values only; ``DASHReport`` (JSON) and ``DASHFragment`` (XML)
/// render them.
///
/// The Dolby Vision / HDR10+ decision is not made here: it is the one ``HLSVideoSignalling/decide(_:)`` makes for the
/// HLS side (policy verdict, Apple route, profile 5 / 10.0 as the primary codec, 8.1 / 8.4 / 10.1 / 10.4 on the base,
/// refused profiles signalled as their base layer), read through ``HLSStreamPlanner/Plan``:
///
/// | Decision | `@codecs` | `scte214:supplementalCodecs` / `…Profiles` | `dashif.org/metadata/hdr` |
/// |---|---|---|---|
/// | DV primary (5, 10.0) | `dvh1.05.LL` / `dav1.10.LL` | – | – |
/// | DV on the base (8.1, 8.4, 10.1, 10.4) | base string | `dvh1.08.LL` / `db1p`, `db4h` | – |
/// | HDR10+ signalled (`cdm4` element) | base string | – | `SMPTE2094-40` |
/// | DV refused, HDR10, HLG, SDR | base string | – | – |
package struct DASHRepresentationPlan: Sendable, Equatable {
    package var mimeType: String
    /// `@codecs`: the decision's codec string (entry as packaged); nil when none could be derived.
    package var codecs: VideoCodecString?
    package var supplemental: DASHSupplementalCodecs?
    package var colour: DASHColourProperties
    package var dynamicMetadata: [DASHDynamicMetadata]
    package var width: Int?
    package var height: Int?
    package var sar: SampleAspectRatio
    /// False when the bitstream signals no aspect ratio and `sar` is the 1:1 assumed.
    package var sarSignalled: Bool
    package var frameRate: DASHFrameRate?
    /// `@bandwidth`: the measured peak of the video alone (the HLS BANDWIDTH measure, §3.5), nil when unknown.
    package var bandwidth: Int?
    package var contentProtection: DASHContentProtection?
    /// The range the decision gives (for the comments; DASH has no range attribute of its own).
    package var videoRange: VideoRange
    /// The Dolby Vision profile, level and verdict, when the stream has Dolby Vision.
    package var dolbyVision: HLSVideoSource.DolbyVision?
    /// The decision's issues (the same as the HLS side's).
    package var issues: [HLSSignalIssue]

    /// The plan for a video stream from the shared decision (``HLSStreamPlanner/Plan/signalling`` and its Dolby
    /// Vision verdict) and the stream's own facts. `bandwidth` is measured over the video samples alone (a
    /// Representation carries one component).
    package static func plan(signalling: HLSVideoSignalling, dolbyVision: HLSVideoSource.DolbyVision?, stream s: StreamReport,
                             sampleAspectRatio: SampleAspectRatio?, bandwidth: HLSBandwidth?) -> DASHRepresentationPlan {
        let hdr10Plus = signalling.supplementalCodecs?.elements.contains { $0.hasBrand(SupplementalCodecs.hdr10PlusBrand) } ?? false
        return DASHRepresentationPlan(
            mimeType: "video/mp4", codecs: signalling.codec,
            supplemental: DASHSupplementalCodecs(signalling.supplementalCodecs),
            colour: .decide(colour: colourCodes(s.color), alternativeTransfer: s.hdr?.alternativeTransfer),
            dynamicMetadata: hdr10Plus ? [.smpte2094_40] : [],
            width: s.width, height: s.height, sar: sampleAspectRatio ?? .square, sarSignalled: sampleAspectRatio != nil,
            frameRate: s.frameRate?.rational.map(DASHFrameRate.init), bandwidth: bandwidth?.peak,
            contentProtection: s.encryption.map(DASHContentProtection.init), videoRange: signalling.videoRange,
            dolbyVision: dolbyVision, issues: signalling.issues)
    }

    /// The stream's code points: each from the bitstream where it specifies one, else from the container; the
    /// transfer is the one the range decision used (`color.transferCharacteristics`).
    static func colourCodes(_ color: ColorReport?) -> ColourCodes? {
        guard let color else { return nil }
        func pick(_ field: KeyPath<ColourCodes, Int?>) -> Int? {
            let fromBitstream = color.bitstream?[keyPath: field]
            return fromBitstream != nil && fromBitstream != 2 ? fromBitstream : color.container?[keyPath: field] ?? fromBitstream
        }
        return ColourCodes(primaries: pick(\.primaries), transfer: color.transferCharacteristics ?? pick(\.transfer),
                           matrix: pick(\.matrix))
    }
}
