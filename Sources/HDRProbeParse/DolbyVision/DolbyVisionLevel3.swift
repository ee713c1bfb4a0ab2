import HDRProbeBytes

/// Dolby Vision extension block level 3 (CM v4.0): offsets applied to the level 1 values.
///
/// `docs/rules/dolby-vision.md` §10.1 (length 5 bytes: `min_pq_offset`, `max_pq_offset`,
/// `avg_pq_offset` 12 bits each — 2048 means no offset — then 4 padding bits). Only allowed in
/// the CM v4.0 list: in a CM v2.9 list it makes the RPU invalid (asset `st2094_10_level3.bin`).
package struct DolbyVisionLevel3: DolbyVisionExtBlockPayload {
    package static let level: UInt8 = 3
    package static let lengths: [Int] = [5]

    package var minPqOffset: UInt16
    package var maxPqOffset: UInt16
    package var avgPqOffset: UInt16

    package init(minPqOffset: UInt16, maxPqOffset: UInt16, avgPqOffset: UInt16) {
        self.minPqOffset = minPqOffset
        self.maxPqOffset = maxPqOffset
        self.avgPqOffset = avgPqOffset
    }

    package init(payload: [UInt8]) throws {
        try Self.checkLength(payload)
        var r = BitReader(payload)
        self.init(minPqOffset: try r.u16(12), maxPqOffset: try r.u16(12), avgPqOffset: try r.u16(12))
    }
}
