/// The `@value` of a `SupplementalProperty` with `@schemeIdUri="http://dashif.org/metadata/hdr"` (DASH-IF IOP,
/// "HEVC HDR PQ10" dynamic metadata; `docs/rules/dash-signalling.md` §3.3): which dynamic HDR metadata the
/// Representation's bitstream carries in SEI.
package enum DASHDynamicMetadata: String, Sendable, Codable, CaseIterable {
    /// HDR10+ (SMPTE ST 2094-40 in ITU-T T.35 SEI).
    case smpte2094_40 = "SMPTE2094-40"
    /// SMPTE ST 2094-10 in ITU-T T.35 SEI (not the Dolby Vision RPU NAL unit; see §3.3).
    case smpte2094_10 = "SMPTE2094-10"
    /// ETSI TS 103 433 (SL-HDR).
    case ts103433 = "TS103433"

    package static let schemeIdUri = "http://dashif.org/metadata/hdr"
}
