/// Dolby Vision extension block level 254 (CM v4.0): the DM mode and version. Every CM v4.0 list
/// holds exactly one.
///
/// `docs/rules/dolby-vision.md` §10.1 (length 2 bytes: `dm_mode` 8, `dm_version_index` 8;
/// generator default 0/2 = "CM v4.0.2") and §10.1 Rules.
package struct DolbyVisionLevel254: DolbyVisionExtBlockPayload {
    package static let level: UInt8 = 254
    package static let lengths: [Int] = [2]

    package var dmMode: UInt8
    package var dmVersionIndex: UInt8

    package init(dmMode: UInt8, dmVersionIndex: UInt8) {
        self.dmMode = dmMode
        self.dmVersionIndex = dmVersionIndex
    }

    package init(payload: [UInt8]) throws {
        try Self.checkLength(payload)
        self.init(dmMode: payload[0], dmVersionIndex: payload[1])
    }
}
