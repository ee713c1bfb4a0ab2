/// The checks hdr10plus_tool's `validate` applies to an HDR10+ payload, one case per check, in the
/// order of `docs/rules/hdr10plus.md` §5. The raw value is a stable identifier, named after the
/// syntax element the rule constrains (ST 2094-40 / CTA-861 Annex S names, camel-cased as in
/// ``ST2094_40Metadata``), for findings and JSON reports.
///
/// One case is not a §5 check: ``payloadSyntax`` marks a payload that carries the HDR10+
/// signature (§2.1) but ends before the §3 layout is complete, so it could not be validated.
package enum ST2094_40ValidationRule: String, Sendable, Equatable, Codable, CaseIterable {
    /// `application_identifier == 4`.
    case applicationIdentifier
    /// `application_version == 1`.
    case applicationVersion
    /// Version 1: `num_windows == 1`.
    case numWindows
    /// Version 1: `targeted_system_display_actual_peak_luminance_flag == 0`.
    case targetedSystemDisplayActualPeakLuminanceFlag
    /// Version 1: `mastering_display_actual_peak_luminance_flag == 0`.
    case masteringDisplayActualPeakLuminanceFlag
    /// Version 1: `color_saturation_mapping_flag == 0`.
    case colorSaturationMappingFlag
    /// `targeted_system_display_maximum_luminance ≤ 10000`.
    case targetedSystemDisplayMaximumLuminance
    /// `tone_mapping_flag == 1` ⇒ TSDML ≠ 0 (profile B).
    case targetedSystemDisplayMaximumLuminanceProfileB
    /// `tone_mapping_flag == 0` ⇒ TSDML == 0 (profile A).
    case targetedSystemDisplayMaximumLuminanceProfileA
    /// Each `maxscl[i] ≤ 100000`.
    case maxscl
    /// `average_maxrgb ≤ 100000`.
    case averageMaxrgb
    /// `num_distribution_maxrgb_percentiles` ∈ {9, 10}.
    case numDistributionMaxrgbPercentiles
    /// Percentages exactly [1,5,10,25,50,75,90,95,99] (9) or [1,5,10,25,50,75,90,95,98,99] (10).
    case distributionMaxrgbPercentages
    /// Each `distribution_maxrgb_percentile ≤ 100000`.
    case distributionMaxrgbPercentiles
    /// `knee_point_x ≤ 4095`.
    case kneePointX
    /// `knee_point_y ≤ 4095`.
    case kneePointY
    /// `num_bezier_curve_anchors ≤ 9`.
    case numBezierCurveAnchors
    /// Each `bezier_curve_anchor < 1024`.
    case bezierCurveAnchors
    /// Not a §5 check: the payload could not be parsed (it ends before the §3 layout is complete).
    case payloadSyntax
}
