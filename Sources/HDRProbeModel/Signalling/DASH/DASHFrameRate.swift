import HDRProbeParse

/// A Representation's `@frameRate` (ISO/IEC 23009-1 `FrameRateType`: `N` or `N/D`; `docs/rules/dash-signalling.md`
/// §3.5): the exact rate as a reduced rational, written `25` for a whole rate and `24000/1001` otherwise — never
/// rounded to decimals as HLS's FRAME-RATE is, never with a zero denominator.
package struct DASHFrameRate: Sendable, Hashable {
    package var rate: FrameRate

    package init(_ rate: FrameRate) { self.rate = rate }

    /// The attribute value.
    package var string: String {
        rate.denominator == 1 ? "\(rate.numerator)" : "\(rate.numerator)/\(rate.denominator)"
    }
}
