import HDRProbeBytes

/// Dolby Vision extension block level 6 (CM v2.9): static HDR10-style metadata.
///
/// `docs/rules/dolby-vision.md` §10.1 (length 8 bytes: `max_display_mastering_luminance` 16 in
/// cd/m², `min_display_mastering_luminance` 16 in 0.0001 cd/m², `max_content_light_level` 16,
/// `max_frame_average_light_level` 16) and §10.3 (dovi_tool prints
/// `Mastering display: <min/10000>/<max> nits. MaxCLL: <n> nits, MaxFALL: <n> nits`).
package struct DolbyVisionLevel6: DolbyVisionExtBlockPayload {
    package static let level: UInt8 = 6
    package static let lengths: [Int] = [8]

    /// cd/m².
    package var maxDisplayMasteringLuminance: UInt16
    /// 0.0001 cd/m².
    package var minDisplayMasteringLuminance: UInt16
    /// MaxCLL, cd/m².
    package var maxContentLightLevel: UInt16
    /// MaxFALL, cd/m².
    package var maxFrameAverageLightLevel: UInt16

    package init(maxDisplayMasteringLuminance: UInt16, minDisplayMasteringLuminance: UInt16,
                maxContentLightLevel: UInt16, maxFrameAverageLightLevel: UInt16) {
        self.maxDisplayMasteringLuminance = maxDisplayMasteringLuminance
        self.minDisplayMasteringLuminance = minDisplayMasteringLuminance
        self.maxContentLightLevel = maxContentLightLevel
        self.maxFrameAverageLightLevel = maxFrameAverageLightLevel
    }

    package init(payload: [UInt8]) throws {
        try Self.checkLength(payload)
        var r = BitReader(payload)
        self.init(maxDisplayMasteringLuminance: try r.u16(), minDisplayMasteringLuminance: try r.u16(),
                  maxContentLightLevel: try r.u16(), maxFrameAverageLightLevel: try r.u16())
    }

    /// The mastering display minimum in cd/m².
    package var minDisplayMasteringNits: Double { Double(minDisplayMasteringLuminance) / 10000 }
}
