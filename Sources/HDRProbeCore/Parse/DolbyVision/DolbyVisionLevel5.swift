/// Dolby Vision extension block level 5 (CM v2.9): the active area (letterbox offsets).
///
/// `docs/rules/dolby-vision.md` §10.1 (length 7 bytes: `active_area_left_offset`,
/// `active_area_right_offset`, `active_area_top_offset`, `active_area_bottom_offset` 13 bits each,
/// then 4 padding bits) and §10.3 (offsets in pixels; dovi_tool prints `top, bottom, left, right`
/// and a range when they vary).
public struct DolbyVisionLevel5: DolbyVisionExtBlockPayload {
    public static let level: UInt8 = 5
    public static let lengths: [Int] = [7]

    public var activeAreaLeftOffset: UInt16
    public var activeAreaRightOffset: UInt16
    public var activeAreaTopOffset: UInt16
    public var activeAreaBottomOffset: UInt16

    public init(left: UInt16, right: UInt16, top: UInt16, bottom: UInt16) {
        activeAreaLeftOffset = left
        activeAreaRightOffset = right
        activeAreaTopOffset = top
        activeAreaBottomOffset = bottom
    }

    public init(payload: [UInt8]) throws {
        try Self.checkLength(payload)
        var r = BitReader(payload)
        self.init(left: try r.u16(13), right: try r.u16(13), top: try r.u16(13), bottom: try r.u16(13))
    }
}
