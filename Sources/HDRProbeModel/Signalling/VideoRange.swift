/// The HLS `VIDEO-RANGE` value (`docs/rules/hls-signalling.md` §9; HLS2: enumerated string
/// `SDR`, `HLG`, `PQ`, absence implies SDR).
///
/// From the H.273 transfer characteristics: 1, 6, 13, 14, 15 → SDR (HLS2 "MUST be SDR"), 16 → PQ,
/// 18 → HLG; anything else (2 unspecified, 4, 5, 7, 8, 11, 12, 17, …, or no value) → SDR with an
/// `info` issue. Dolby Vision forces the range from the profile, independent of the transfer:
/// P5, P7, P8.1, P10.0, P10.1 → PQ; P8.4, P10.4 → HLG (P5 files often carry no transfer at all);
/// other DV profiles (8.2, 10.2, invalid compatibility ids, 4, 9, 20) take the base transfer.
/// An alternative transfer characteristics SEI (preferred 18 on a VUI-14 stream) does not change
/// the range (VUI value wins, `info` issue). HLG is never collapsed to PQ.
package enum VideoRange: String, Sendable, Codable, CaseIterable {
    case sdr = "SDR"
    case pq = "PQ"
    case hlg = "HLG"

    /// Transfer codes HLS2 names explicitly.
    package static let sdrTransfers: Set<Int> = [1, 6, 13, 14, 15]

    /// The range for a transfer code alone (16 → PQ, 18 → HLG, everything else SDR).
    package static func fromTransfer(_ transfer: Int?) -> VideoRange {
        switch transfer {
        case H273Names.pq: return .pq
        case H273Names.hlg: return .hlg
        default: return .sdr
        }
    }

    /// The range a Dolby Vision profile forces, or nil when it takes the base transfer.
    package static func forcedBy(dolbyVision dv: DolbyVisionProfile) -> VideoRange? {
        switch (dv.profile, dv.compatibilityId) {
        case (5, _), (7, _), (8, 1?), (10, 0?), (10, 1?): return .pq
        case (8, 4?), (10, 4?): return .hlg
        default: return nil
        }
    }

    /// The range of one video stream, with the issues the decision raises.
    package static func resolve(transfer: Int?, dolbyVision: DolbyVisionProfile? = nil,
                               alternativeTransfer: Int? = nil) -> (range: VideoRange, issues: [HLSSignalIssue]) {
        var issues: [HLSSignalIssue] = []
        let fromTransfer = fromTransfer(transfer)
        if let dv = dolbyVision, let forced = forcedBy(dolbyVision: dv) {
            if let transfer, transfer != 2, fromTransfer != forced {
                issues.append(HLSSignalIssue(.videoRangeDolbyVisionOverride,
                                             "Dolby Vision profile \(dv.string) sets VIDEO-RANGE=\(forced.rawValue) although the base transfer characteristics (\(transfer)) read as \(fromTransfer.rawValue)."))
            }
            return (forced, issues)
        }
        if fromTransfer == .sdr, !sdrTransfers.contains(transfer ?? -1) {
            let what = transfer.map { "Transfer characteristics \($0)" } ?? "No transfer characteristics"
            issues.append(HLSSignalIssue(.videoRangeUnknownTransfer,
                                         "\(what) is not one HLS names for VIDEO-RANGE (1, 6, 13, 14, 15 SDR; 16 PQ; 18 HLG); SDR is assumed."))
        }
        if let alternative = alternativeTransfer, alternative != transfer {
            issues.append(HLSSignalIssue(.videoRangeAlternativeTransfer,
                                         "An alternative transfer characteristics SEI prefers \(alternative); VIDEO-RANGE follows the signalled transfer (\(transfer.map(String.init) ?? "none")) and reads \(fromTransfer.rawValue)."))
        }
        return (fromTransfer, issues)
    }

    /// The range of a variant with several videos (HLS2): PQ if any is PQ ("PQ mixed with SDR/HLG"),
    /// else HLG if any is HLG ("HLG mixed with SDR"), else SDR.
    package static func combined<S: Sequence>(_ ranges: S) -> VideoRange where S.Element == VideoRange {
        var result = VideoRange.sdr
        for range in ranges {
            if range == .pq { return .pq }
            if range == .hlg { result = .hlg }
        }
        return result
    }
}
