/// The report's `streams[N].dash` object (`docs/report-contract.md`, "dash"): the JSON rendering of a
/// ``DASHRepresentationPlan``. Present only in reports asked for it (`hdrprobe dash --json`); absent, not null,
/// everywhere else, so `probe` reports are unchanged.
package struct DASHReport: Codable, Sendable, Equatable {
    package var mimeType: String
    @NullEncoded package var codecs: String?
    /// `scte214:supplementalCodecs`.
    @NullEncoded package var supplementalCodecs: String?
    /// `scte214:supplementalProfiles`.
    @NullEncoded package var supplementalProfiles: String?
    @NullEncoded package var width: Int?
    @NullEncoded package var height: Int?
    package var sar: SampleAspectRatio
    /// False when the bitstream signals no aspect ratio and `sar` is 1:1 by assumption.
    package var sarSignalled: Bool
    /// `@frameRate`: `N` or `N/D`.
    @NullEncoded package var frameRate: String?
    @NullEncoded package var bandwidth: Int?
    /// The range the decision gives (`SDR`, `PQ`, `HLG`), as HLS's VIDEO-RANGE.
    package var videoRange: VideoRange
    package var descriptors: [DASHDescriptor]
    /// The issues the shared decision raised (the HLS side's `hls.*` codes: Dolby Vision route and level, range,
    /// HDR10+), every severity.
    package var issues: [HLSSignalIssue]

    package init(_ plan: DASHRepresentationPlan) {
        mimeType = plan.mimeType
        codecs = plan.codecs?.string
        supplementalCodecs = plan.supplemental?.codecsString
        supplementalProfiles = plan.supplemental?.profilesString
        width = plan.width
        height = plan.height
        sar = plan.sar
        sarSignalled = plan.sarSignalled
        frameRate = plan.frameRate?.dashAttribute
        bandwidth = plan.bandwidth
        videoRange = plan.videoRange
        descriptors = plan.descriptors
        issues = plan.issues
    }
}
