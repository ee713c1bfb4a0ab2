/// What the signal stage needs of a video stream beyond its report (`docs/rules/hls-signalling.md`,
/// `docs/rules/dash-signalling.md`): the evidence the stream was classified from, the file's audio
/// streams (the variant's audio token), the bit rates measured from the container and the policy.
///
/// The probe records it; HLS and DASH are planned from the report afterwards
/// (`ReportSignalling`), so the report a probe returns does not depend on which signalling a
/// caller wants.
package struct SignallingEvidence: Sendable {
    package var video: VideoEvidence
    /// The file's audio streams in container order.
    package var audio: [AudioCodecInput]
    /// The HLS variant's bit rates: the video with the first playable audio.
    package var variantBandwidth: HLSBandwidth?
    /// The video alone: a DASH Representation's `@bandwidth`.
    package var representationBandwidth: HLSBandwidth?
    /// The policy the stream was classified under (its Dolby Vision verdict).
    package var policy: DolbyVisionPolicy
    /// Set once the HLS plan is in the report, so that planning again adds no finding twice.
    package var hlsPlanned = false

    package init(video: VideoEvidence, audio: [AudioCodecInput], variantBandwidth: HLSBandwidth?,
                 representationBandwidth: HLSBandwidth?, policy: DolbyVisionPolicy) {
        self.video = video
        self.policy = policy
        self.audio = audio
        self.variantBandwidth = variantBandwidth
        self.representationBandwidth = representationBandwidth
    }
}
