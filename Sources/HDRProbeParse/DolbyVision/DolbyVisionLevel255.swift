/// Dolby Vision extension block level 255 (CM v2.9): DM run mode and debug values.
///
/// `docs/rules/dolby-vision.md` §10.1 (length 6 bytes: `dm_run_mode` 8, `dm_run_version` 8,
/// `dm_debug0…3` 8 each).
package struct DolbyVisionLevel255: DolbyVisionExtBlockPayload {
    package static let level: UInt8 = 255
    package static let lengths: [Int] = [6]

    package var dmRunMode: UInt8
    package var dmRunVersion: UInt8
    package var dmDebug0: UInt8
    package var dmDebug1: UInt8
    package var dmDebug2: UInt8
    package var dmDebug3: UInt8

    package init(payload: [UInt8]) throws {
        try Self.checkLength(payload)
        dmRunMode = payload[0]
        dmRunVersion = payload[1]
        dmDebug0 = payload[2]
        dmDebug1 = payload[3]
        dmDebug2 = payload[4]
        dmDebug3 = payload[5]
    }
}
