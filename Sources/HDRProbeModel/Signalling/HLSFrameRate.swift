import HDRProbeBytes
import HDRProbeParse

/// The `FRAME-RATE` attribute (`docs/rules/hls-signalling.md` §10; HLS2: decimal-floating-point,
/// the maximum frame rate of all video in the variant, rounded to three decimal places; Apple
/// 9.15: MUST be present on every variant with video).
///
/// Always written with three decimals (`%.3f` of the rational: 24000/1001 → `23.976`,
/// 25/1 → `25.000`, 19001/317 → `59.940`, 592000/24689 → `23.978`). The rounding is done exactly on
/// the rational, halves away from zero, so no binary floating-point error can move a digit.
/// The raw rate is written, not the snapped display rate (§10). Encodes to JSON as the string.
package struct HLSFrameRate: Sendable, Hashable, Codable, Comparable, CustomStringConvertible {
    /// The rate × 1000, rounded.
    package var thousandths: Int

    package init(thousandths: Int) {
        self.thousandths = thousandths
    }

    /// nil unless both terms are positive.
    package init?(numerator: Int, denominator: Int) {
        guard numerator > 0, denominator > 0 else { return nil }
        let (scaled, overflow) = numerator.multipliedReportingOverflow(by: 2000)
        if overflow {
            self.init(thousandths: Int((Double(numerator) / Double(denominator) * 1000).rounded()))
        } else {
            self.init(thousandths: (scaled + denominator) / (2 * denominator))
        }
    }

    package init(_ frameRate: FrameRate) {
        self.init(numerator: frameRate.numerator, denominator: frameRate.denominator)!
    }

    /// From a floating-point rate (nil unless finite and positive).
    package init?(framesPerSecond: Double) {
        guard framesPerSecond.isFinite, framesPerSecond > 0 else { return nil }
        self.init(thousandths: Int((framesPerSecond * 1000).rounded()))
    }

    /// FFmpeg's `avg_frame_rate`, falling back to `r_frame_rate` when the average is 0/0 or
    /// otherwise unusable (live TS often lacks it; §10, AetherEngine).
    package static func preferring(average: (numerator: Int, denominator: Int)?,
                                  real: (numerator: Int, denominator: Int)?) -> HLSFrameRate? {
        if let average, let rate = HLSFrameRate(numerator: average.numerator, denominator: average.denominator) {
            return rate
        }
        guard let real else { return nil }
        return HLSFrameRate(numerator: real.numerator, denominator: real.denominator)
    }

    /// The variant's value: the maximum over its videos (HLS2).
    package static func maximum<S: Sequence>(_ rates: S) -> HLSFrameRate? where S.Element == HLSFrameRate {
        rates.max()
    }

    package var value: Double { Double(thousandths) / 1000 }

    package var string: String {
        let fraction = thousandths % 1000
        return "\(thousandths / 1000)." + CodecStringFormatting.decimal(fraction, width: 3)
    }

    package var description: String { string }

    package static func < (a: HLSFrameRate, b: HLSFrameRate) -> Bool { a.thousandths < b.thousandths }

    package init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let value = Double(text), let rate = HLSFrameRate(framesPerSecond: value) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath,
                                                    debugDescription: "not a frame rate: \(text)"))
        }
        self = rate
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(string)
    }
}
