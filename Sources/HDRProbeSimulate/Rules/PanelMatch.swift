import HDRProbeModel

/// The panel's best match for a content range and what a display mode makes of it
/// (`docs/rules/devices.md` §7, what an Apple TV does with each TV family).
extension DisplayProfile {
    /// Dolby Vision → HDR10 (static) without Dolby Vision, or the HLG base on an HLG panel;
    /// HDR10+ → HDR10 without HDR10+; HLG → HDR10 (PQ) without HLG; HDR → SDR tone-mapped.
    package func bestMatch(for range: OutputRange, base: OutputRange) -> OutputRange {
        if supports(range) { return range }
        switch range {
        case .dolbyVision where base == .hlg && supports(.hlg): return .hlg
        case .dolbyVision, .hdr10Plus: return supports(.hdr10) ? .hdr10 : (supports(.hlg) ? .hlg : .sdr)
        case .hlg: return supports(.hdr10) ? .hdr10 : .sdr
        case .hdr10: return .sdr
        case .sdr: return .sdr
        }
    }

    /// What a display mode makes of a content range: Dolby Vision outside a Dolby Vision mode is
    /// static HDR10; HDR10+ needs a panel that renders it; HLG in a PQ mode is converted to PQ;
    /// anything HDR in an SDR mode is tone-mapped to SDR; SDR stays SDR.
    package func shown(_ content: OutputRange, in mode: OutputRange) -> OutputRange {
        if mode == .sdr { return .sdr }
        switch content {
        case .dolbyVision: return mode == .dolbyVision ? .dolbyVision : .hdr10
        case .hdr10Plus: return mode == .hlg ? .hlg : (hdr10Plus.value ? .hdr10Plus : .hdr10)
        case .hlg: return mode == .hlg ? .hlg : .hdr10
        case .hdr10, .sdr: return content
        }
    }
}
