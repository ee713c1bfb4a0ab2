import HDRProbeParse
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
    package var frameRate: FrameRate?
    /// `@bandwidth`: the measured peak of the video alone (the HLS BANDWIDTH measure, §3.5), nil when unknown.
    package var bandwidth: Int?
    package var contentProtection: DASHContentProtection?
    /// The range the decision gives (for the comments; DASH has no range attribute of its own).
    package var videoRange: VideoRange
    /// The Dolby Vision profile, level and verdict, when the stream has Dolby Vision.
    package var dolbyVision: HLSVideoSource.DolbyVision?
    /// The decision's issues (the same as the HLS side's).
    package var issues: [HLSSignalIssue]

    package init(mimeType: String, codecs: VideoCodecString?, supplemental: DASHSupplementalCodecs?, colour: DASHColourProperties, dynamicMetadata: [DASHDynamicMetadata], width: Int?, height: Int?, sar: SampleAspectRatio, sarSignalled: Bool, frameRate: FrameRate?, bandwidth: Int?, contentProtection: DASHContentProtection?, videoRange: VideoRange, dolbyVision: HLSVideoSource.DolbyVision?, issues: [HLSSignalIssue]) {
        self.mimeType = mimeType
        self.codecs = codecs
        self.supplemental = supplemental
        self.colour = colour
        self.dynamicMetadata = dynamicMetadata
        self.width = width
        self.height = height
        self.sar = sar
        self.sarSignalled = sarSignalled
        self.frameRate = frameRate
        self.bandwidth = bandwidth
        self.contentProtection = contentProtection
        self.videoRange = videoRange
        self.dolbyVision = dolbyVision
        self.issues = issues
    }
}
