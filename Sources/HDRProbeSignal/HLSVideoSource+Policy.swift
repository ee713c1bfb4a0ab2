import HDRProbeModel
import HDRProbeClassify

extension HLSVideoSource.DolbyVision {
    /// Accepted or refused by `policy` (default: accept 5, 8.1, 8.4, 10.0, 10.1, 10.4;
    /// `docs/rules/dolby-vision.md` §1.1).
    package init(profile: DolbyVisionProfile, level: Int?, codec: String, baseTransfer: Int?,
                policy: DolbyVisionPolicy = .default) {
        let verdict = policy.verdict(for: profile, codec: codec, baseTransfer: baseTransfer)
        self.init(profile: profile, level: level, accepted: verdict.decision == .accept)
    }
}
