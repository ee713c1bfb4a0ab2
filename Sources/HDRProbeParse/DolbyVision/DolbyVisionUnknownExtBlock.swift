/// An extension block kept as raw bytes: a level the §10.1 table does not define ("Unknown metadata
/// block found"), or a known level whose `ext_block_length` is not one of its lengths ("A block
/// length that does not match its level is an error"). Either way the RPU carrying it is invalid;
/// the block is kept so a report can show what was there. `docs/rules/dolby-vision.md` §10
/// (`ext_block_length` ue(v) in bytes, `ext_block_level` u(8)) and §10.1 Rules.
package struct DolbyVisionUnknownExtBlock: Sendable, Equatable, Hashable, Codable {
    package var level: UInt8
    /// The block's payload (`ext_block_length` bytes, after the level byte), padding included.
    package var payload: [UInt8]

    package init(level: UInt8, payload: [UInt8]) {
        self.level = level
        self.payload = payload
    }

    package var length: Int { payload.count }
}
