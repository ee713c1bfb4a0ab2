/// Frame rate as a reduced rational and a three-decimal value.
package struct FrameRate: Sendable, Hashable, Codable {
    package var numerator: Int
    package var denominator: Int

    /// nil unless both terms are positive.
    package init?(numerator: Int, denominator: Int) {
        guard numerator > 0, denominator > 0 else { return nil }
        let g = FrameRate.gcd(numerator, denominator)
        self.numerator = numerator / g
        self.denominator = denominator / g
    }

    package var value: Double { Double(numerator) / Double(denominator) }
    /// Rounded to three decimals (24000/1001 → 23.976).
    package var roundedValue: Double { (value * 1000).rounded() / 1000 }
    package var rational: String { "\(numerator)/\(denominator)" }

    /// Parses `"N/D"` (the report's `frameRate.rational`); nil unless both terms are positive integers.
    package init?(rational text: String) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let n = Int(parts[0]), let d = Int(parts[1]) else { return nil }
        self.init(numerator: n, denominator: d)
    }

    /// Encodes as the string `"N/D"` (`docs/report-contract.md`, `frameRate.rational`).
    package init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let rate = FrameRate(rational: text) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "not a rational frame rate: \(text)"))
        }
        self = rate
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rational)
    }

    package static func gcd(_ a: Int, _ b: Int) -> Int { b == 0 ? a : gcd(b, a % b) }
}
