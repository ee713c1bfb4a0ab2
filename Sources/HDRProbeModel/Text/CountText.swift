/// A count with its noun in the singular for one and the plural otherwise, in every text a person
/// reads (progress, summaries, headers): "1 file", "0 files", "2 files", and rates as shown after
/// rounding: "1 file/s", "12 files/s".
package enum CountText {
    /// `plural`: when the noun does not just take an `s`.
    package static func of(_ n: Int, _ noun: String, plural: String? = nil) -> String {
        "\(n) " + (n == 1 ? noun : plural ?? noun + "s")
    }

    /// A rate per second, rounded to a whole number first (so 0.6 reads "1 file/s").
    package static func perSecond(_ rate: Double, _ noun: String) -> String {
        let shown = rate.isFinite ? Int(max(0, rate).rounded()) : 0
        return of(shown, noun) + "/s"
    }
}
