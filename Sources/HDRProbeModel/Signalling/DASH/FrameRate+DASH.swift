import HDRProbeParse

/// A Representation's `@frameRate` (ISO/IEC 23009-1 `FrameRateType`: `N` or `N/D`; `docs/rules/dash-signalling.md`
/// §3.5): the exact rate as a reduced rational, written `25` for a whole rate and `24000/1001` otherwise — never
/// rounded to decimals as HLS's FRAME-RATE is, never with a zero denominator.
extension FrameRate {
    /// The attribute value hdrprobe writes.
    package var dashAttribute: String {
        denominator == 1 ? "\(numerator)" : "\(numerator)/\(denominator)"
    }

    /// `@frameRate` as written (ISO/IEC 23009-1 §5.3.7.2 FrameRateType: `[0-9]+` or `[0-9]+/[0-9]*[1-9][0-9]*`):
    /// the rate it gives; nil for a zero denominator or numerator, or anything but digits
    /// (`docs/rules/dash-manifests.md` §3).
    package init?(dashAttribute text: String) {
        guard let (n, d) = Self.parseDASHAttribute(text) else { return nil }
        self.init(numerator: n, denominator: d)
    }

    private static func parseDASHAttribute(_ text: String) -> (numerator: Int, denominator: Int)? {
        let parts = text.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false)
        func number(_ s: Substring) -> Int? {
            guard !s.isEmpty, s.count <= 12, s.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
            return Int(s)
        }
        guard let n = number(parts[0]), n > 0 else { return nil }
        if parts.count == 1 { return (n, 1) }
        guard let d = number(parts[1]), d > 0 else { return nil }
        return (n, d)
    }

    /// The HLS FRAME-RATE (three decimals) for a valid `@frameRate`.
    package static func hls(dashAttribute text: String?) -> HLSFrameRate? {
        text.flatMap(FrameRate.init(dashAttribute:)).map(HLSFrameRate.init)
    }
}
