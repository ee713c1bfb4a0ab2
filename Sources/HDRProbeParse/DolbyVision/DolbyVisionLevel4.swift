import HDRProbeBytes

/// Dolby Vision extension block level 4 (CM v2.9): temporal anchor.
///
/// `docs/rules/dolby-vision.md` §10.1 (length 3 bytes: `anchor_pq` 12, `anchor_power` 12).
package struct DolbyVisionLevel4: DolbyVisionExtBlockPayload {
    package static let level: UInt8 = 4
    package static let lengths: [Int] = [3]

    package var anchorPq: UInt16
    package var anchorPower: UInt16

    package init(anchorPq: UInt16, anchorPower: UInt16) {
        self.anchorPq = anchorPq
        self.anchorPower = anchorPower
    }

    package init(payload: [UInt8]) throws {
        try Self.checkLength(payload)
        var r = BitReader(payload)
        self.init(anchorPq: try r.u16(12), anchorPower: try r.u16(12))
    }
}
