import HDRProbeModel

/// `@frameRate` as written (ISO/IEC 23009-1 §5.3.7.2 FrameRateType: `[0-9]+` or `[0-9]+/[0-9]*[1-9][0-9]*`):
/// the rational it gives, or why it gives none (a zero denominator or numerator, not digits).
/// `docs/rules/dash-manifests.md` §3.
package enum DASHFrameRateAttribute {
    package static func parse(_ text: String) -> (numerator: Int, denominator: Int)? {
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
    package static func hls(_ text: String?) -> HLSFrameRate? {
        guard let text, let r = parse(text) else { return nil }
        return HLSFrameRate(numerator: r.numerator, denominator: r.denominator)
    }
}
