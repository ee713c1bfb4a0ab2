/// HDR10+ payload validation exactly as hdr10plus_tool's `validate` (`docs/rules/hdr10plus.md` §5).
///
/// Every rule of §5 is checked and each broken rule is reported once, in §5 order, with the first
/// offending value in its message. Refinements (hdrprobe decisions, documented here):
/// * The "version 1" rules (`num_windows`, both actual-peak flags, colour saturation) apply only
///   when `application_version == 1`, as §5 states; another version breaks
///   ``ST2094_40ValidationRule/applicationVersion`` instead.
/// * Per-window rules (TSDML vs `tone_mapping_flag`, maxscl, average_maxrgb, distributions, knee,
///   anchors) are checked on every window; a rule broken in several windows is reported once.
/// * When `num_distribution_maxrgb_percentiles` is neither 9 nor 10 only that rule is reported:
///   the percentage list cannot then equal either standard list, so a second issue would add
///   nothing.
extension ST2094_40Metadata {
    /// The standard percentage lists (§5): 9 or 10 entries.
    package static let percentages9: [UInt8] = [1, 5, 10, 25, 50, 75, 90, 95, 99]
    package static let percentages10: [UInt8] = [1, 5, 10, 25, 50, 75, 90, 95, 98, 99]

    /// Largest valid TSDML (cd/m²), luminance statistic (0.1 cd/m² steps), knee coordinate and
    /// anchor count / value (§5).
    package static let maxTargetedLuminance: UInt32 = 10_000
    package static let maxLuminanceStatistic: UInt32 = 100_000
    package static let maxKneePoint: UInt16 = 4095
    package static let maxBezierAnchorCount = 9
    package static let bezierAnchorLimit: UInt16 = 1024

    /// Every §5 rule this payload breaks, in §5 order; empty when the payload is valid.
    package var validationIssues: [ST2094_40ValidationIssue] {
        var issues: [ST2094_40ValidationIssue] = []
        func fail(_ rule: ST2094_40ValidationRule, _ message: String) {
            guard !issues.contains(where: { $0.rule == rule }) else { return }
            issues.append(ST2094_40ValidationIssue(rule: rule, message: message))
        }
        let multi = windows.count > 1
        func at(_ w: Int) -> String { multi ? " (window \(w + 1))" : "" }

        if applicationIdentifier != 4 {
            fail(.applicationIdentifier, "application_identifier \(applicationIdentifier), must be 4")
        }
        if applicationVersion != 1 {
            fail(.applicationVersion, "application_version \(applicationVersion), must be 1")
        } else {
            if numWindows != 1 {
                fail(.numWindows, "num_windows \(numWindows), must be 1 for application_version 1")
            }
            if targetedSystemDisplayActualPeakLuminanceFlag {
                fail(.targetedSystemDisplayActualPeakLuminanceFlag,
                     "targeted_system_display_actual_peak_luminance_flag is 1, must be 0 for application_version 1")
            }
            if masteringDisplayActualPeakLuminanceFlag {
                fail(.masteringDisplayActualPeakLuminanceFlag,
                     "mastering_display_actual_peak_luminance_flag is 1, must be 0 for application_version 1")
            }
            if colorSaturationMappingFlag {
                fail(.colorSaturationMappingFlag,
                     "color_saturation_mapping_flag is 1, must be 0 for application_version 1")
            }
        }
        let tsdml = targetedSystemDisplayMaximumLuminance
        if tsdml > Self.maxTargetedLuminance {
            fail(.targetedSystemDisplayMaximumLuminance,
                 "targeted_system_display_maximum_luminance \(tsdml) exceeds \(Self.maxTargetedLuminance)")
        }
        for (i, w) in windows.enumerated() {
            if w.toneMappingFlag && tsdml == 0 {
                // hdr10plus_tool's own error text (§5).
                fail(.targetedSystemDisplayMaximumLuminanceProfileB,
                     "Invalid targeted_system_display_maximum_luminance for profile B, must not be zero." + at(i))
            }
            if !w.toneMappingFlag && tsdml != 0 {
                fail(.targetedSystemDisplayMaximumLuminanceProfileA,
                     "Invalid targeted_system_display_maximum_luminance for profile A, must be zero." + at(i))
            }
        }
        for (i, w) in windows.enumerated() {
            if let v = w.maxscl.first(where: { $0 > Self.maxLuminanceStatistic }) {
                fail(.maxscl, "maxscl \(v) exceeds \(Self.maxLuminanceStatistic)" + at(i))
            }
            if w.averageMaxrgb > Self.maxLuminanceStatistic {
                fail(.averageMaxrgb, "average_maxrgb \(w.averageMaxrgb) exceeds \(Self.maxLuminanceStatistic)" + at(i))
            }
        }
        for (i, w) in windows.enumerated() {
            let n = w.distribution.count
            if n != 9 && n != 10 {
                fail(.numDistributionMaxrgbPercentiles,
                     "num_distribution_maxrgb_percentiles \(n), must be 9 or 10" + at(i))
            } else {
                let pct = w.distribution.map(\.percentage)
                if pct != (n == 9 ? Self.percentages9 : Self.percentages10) {
                    fail(.distributionMaxrgbPercentages,
                         "distribution_maxrgb_percentage \(pct) is not the standard list for \(n) percentiles" + at(i))
                }
            }
            if let v = w.distribution.first(where: { $0.percentile > Self.maxLuminanceStatistic }) {
                fail(.distributionMaxrgbPercentiles,
                     "distribution_maxrgb_percentile \(v.percentile) (at \(v.percentage) %) exceeds \(Self.maxLuminanceStatistic)" + at(i))
            }
        }
        for (i, w) in windows.enumerated() {
            if w.kneePointX > Self.maxKneePoint {
                fail(.kneePointX, "knee_point_x \(w.kneePointX) exceeds \(Self.maxKneePoint)" + at(i))
            }
            if w.kneePointY > Self.maxKneePoint {
                fail(.kneePointY, "knee_point_y \(w.kneePointY) exceeds \(Self.maxKneePoint)" + at(i))
            }
            if w.bezierCurveAnchors.count > Self.maxBezierAnchorCount {
                fail(.numBezierCurveAnchors,
                     "num_bezier_curve_anchors \(w.bezierCurveAnchors.count) exceeds \(Self.maxBezierAnchorCount)" + at(i))
            }
            if let v = w.bezierCurveAnchors.first(where: { $0 >= Self.bezierAnchorLimit }) {
                fail(.bezierCurveAnchors, "bezier_curve_anchor \(v) must be below \(Self.bezierAnchorLimit)" + at(i))
            }
        }
        return issues
    }

    /// True when no §5 rule is broken.
    package var isValid: Bool { validationIssues.isEmpty }
}
