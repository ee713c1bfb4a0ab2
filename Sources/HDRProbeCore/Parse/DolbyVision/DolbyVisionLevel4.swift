/// Dolby Vision extension block level 4 (CM v2.9): temporal anchor.
///
/// `docs/rules/dolby-vision.md` §10.1 (length 3 bytes: `anchor_pq` 12, `anchor_power` 12).
public struct DolbyVisionLevel4: DolbyVisionExtBlockPayload {
    public static let level: UInt8 = 4
    public static let lengths: [Int] = [3]

    public var anchorPq: UInt16
    public var anchorPower: UInt16

    public init(anchorPq: UInt16, anchorPower: UInt16) {
        self.anchorPq = anchorPq
        self.anchorPower = anchorPower
    }

    public init(payload: [UInt8]) throws {
        try Self.checkLength(payload)
        var r = BitReader(payload)
        self.init(anchorPq: try r.u16(12), anchorPower: try r.u16(12))
    }
}
