import HDRProbeModel

extension VideoStreamClassifier {
    /// The one stream of a Dolby Vision RPU file (``DolbyVisionRPUFile``, `container.format`
    /// `dolbyVisionRpu`): kind `data` with no codec, picture, colour or HLS facts, and a
    /// `dolbyVision` object from the RPUs alone — no configuration record, the profile the RPU
    /// header implies (`DolbyVisionProfile.impliedCompatibility` without a base layer: 5, 7, or
    /// 8 with its compatibility open), verdict `dv.metadataOnly` (nothing plays an RPU file).
    /// Findings: `dv.rpuInvalid` only; the container findings of a video stream do not apply.
    package func classify(rpuFile scan: BitstreamScan) -> (StreamReport, [Finding]) {
        var e = VideoEvidence(index: 0)
        e.scan = scan
        let profile = scan.rpuProfile.map {
            DolbyVisionProfile(profile: $0, compatibilityId: DolbyVisionProfile.impliedCompatibility(profile: $0, rpuProfile: $0, baseTransfer: nil),
                               fromRPU: true)
        }
        var dv = dolbyVisionReport(e, config: nil, profile: profile, transfer: nil)
        dv.verdict = DolbyVisionReport.Verdict(
            decision: .refuse, code: .metadataOnly,
            reason: "This is a Dolby Vision RPU file (dovi_tool extract-rpu output): metadata without video, so nothing plays it on its own; inject it into its base layer (dovi_tool inject-rpu)\(profile?.profile == 8 ? ", where the base layer's transfer makes profile 8 into 8.1 (PQ), 8.2 (SDR) or 8.4 (HLG)" : "").",
            fallback: nil)
        var s = StreamReport(index: 0, kind: .data, codec: nil)
        s.dolbyVision = dv
        return (s, Self.rpuInvalidFinding(scan, stream: 0).map { [$0] } ?? [])
    }
}
