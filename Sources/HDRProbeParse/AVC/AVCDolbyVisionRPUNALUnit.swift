/// The Dolby Vision RPU in an H.264 stream (the AVC profiles 1 and 9, `dvav` / `dva1` with a
/// `dvvC`; `docs/rules/dolby-vision.md` §9.5): a NAL unit of type 28, a type H.264 leaves
/// unspecified (Table 7-1: 24–31), with the 1-byte H.264 NAL header followed by the same RPU
/// bytes HEVC carries after its 2-byte NAL 62 header — the `0x19` prefix and the RPU with
/// emulation prevention (§9.1).
package enum AVCDolbyVisionRPUNALUnit {
    /// `nal_unit_type` of the RPU NAL unit.
    package static let type: UInt8 = 28

    /// The RPU of an H.264 NAL unit of ``type``: its bytes after the 1-byte header.
    package static func rpu(_ unit: NALUnit) throws -> DolbyVisionRPU {
        try DolbyVisionRPU.parse(Array(unit.bytes.dropFirst(1)))
    }
}
