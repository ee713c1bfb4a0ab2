/// The enhancement-layer type an RPU's NLQ parameters describe: `docs/rules/dolby-vision.md`
/// §11.2 (the contract's `rpu.enhancementLayer`). Only RPUs with NLQ data — `(rpu_format & 0x700)
/// == 0 && !disable_residual_flag`, i.e. profiles 7 and 4 — have one; profiles 5 and 8 have none.
package enum DolbyVisionEnhancementLayer: String, Sendable, Equatable, Hashable, Codable {
    /// Minimal EL: every NLQ parameter of all three components is the identity (nlq_offset 0,
    /// vdr_in_max_int 1, vdr_in_max 0, linear dead-zone slope and threshold 0). Converting to
    /// profile 8 loses nothing.
    case mel = "MEL"
    /// Full EL: any other NLQ parameters. Converting to profile 8 loses the EL refinement.
    case fel = "FEL"
}
