/// Matroska `Info` (ID 0x1549A966, RFC 9559 §5.1.2): `TimestampScale` (0x2AD7B1, nanoseconds per
/// timestamp unit, default 1,000,000) and `Duration` (0x4489, a float in those units).
package struct MatroskaSegmentInfo: Sendable, Equatable {
    package var timestampScale: UInt64 = 1_000_000
    package var duration: Double?

    package static let id: UInt32 = 0x1549A966

    package init() {}

    /// The timestamp unit in seconds as a reduced fraction, TimestampScale / 10⁹.
    package var timeBase: (num: Int, den: Int) {
        let g = MatroskaDefaultDuration.gcd(Int64(clamping: timestampScale), 1_000_000_000)
        return (Int(Int64(clamping: timestampScale) / g), Int(1_000_000_000 / g))
    }

    package static func parse(_ bytes: [UInt8]) -> MatroskaSegmentInfo {
        var info = MatroskaSegmentInfo()
        for child in EBMLElement.children(of: 0..<bytes.count, in: bytes, limit: 256) {
            switch child.id {
            case 0x2AD7B1: info.timestampScale = child.unsigned(in: bytes) ?? 1_000_000
            case 0x4489: info.duration = child.float(in: bytes)
            default: break
            }
        }
        return info
    }
}
