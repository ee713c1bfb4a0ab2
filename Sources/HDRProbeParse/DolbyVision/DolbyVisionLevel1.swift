import HDRProbeBytes

/// Dolby Vision extension block level 1 (CM v2.9): the per-frame / per-shot luminance analysis.
///
/// `docs/rules/dolby-vision.md` §10.1 (length 5 bytes: `min_pq` 12, `max_pq` 12, `avg_pq` 12,
/// 4 padding bits) and §10.3 (the values are 12-bit PQ codes, value / 4095 = PQ signal; dovi_tool's
/// "RPU content light level (L1)" is pq2nits of the largest `max_pq` / `avg_pq`).
package struct DolbyVisionLevel1: DolbyVisionExtBlockPayload {
    package static let level: UInt8 = 1
    package static let lengths: [Int] = [5]

    package var minPq: UInt16
    package var maxPq: UInt16
    package var avgPq: UInt16

    package init(minPq: UInt16, maxPq: UInt16, avgPq: UInt16) {
        self.minPq = minPq
        self.maxPq = maxPq
        self.avgPq = avgPq
    }

    package init(payload: [UInt8]) throws {
        try Self.checkLength(payload)
        var r = BitReader(payload)
        self.init(minPq: try r.u16(12), maxPq: try r.u16(12), avgPq: try r.u16(12))
    }
}
