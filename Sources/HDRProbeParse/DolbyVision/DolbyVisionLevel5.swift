import HDRProbeBytes

/// Dolby Vision extension block level 5 (CM v2.9): the active area (letterbox offsets).
///
/// `docs/rules/dolby-vision.md` §10.1 (length 7 bytes: `active_area_left_offset`,
/// `active_area_right_offset`, `active_area_top_offset`, `active_area_bottom_offset` 13 bits each,
/// then 4 padding bits) and §10.3 (offsets in pixels; dovi_tool prints `top, bottom, left, right`
/// and a range when they vary).
package struct DolbyVisionLevel5: DolbyVisionExtBlockPayload {
    package static let level: UInt8 = 5
    package static let lengths: [Int] = [7]

    package var activeAreaLeftOffset: UInt16
    package var activeAreaRightOffset: UInt16
    package var activeAreaTopOffset: UInt16
    package var activeAreaBottomOffset: UInt16

    package init(left: UInt16, right: UInt16, top: UInt16, bottom: UInt16) {
        activeAreaLeftOffset = left
        activeAreaRightOffset = right
        activeAreaTopOffset = top
        activeAreaBottomOffset = bottom
    }

    package init(payload: [UInt8]) throws {
        try Self.checkLength(payload)
        var r = BitReader(payload)
        self.init(left: try r.u16(13), right: try r.u16(13), top: try r.u16(13), bottom: try r.u16(13))
    }
}
