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
        func fail(_ issue: ST2094_40ValidationIssue) {
            guard !issues.contains(where: { $0.rule == issue.rule }) else { return }
            issues.append(issue)
        }
        headerIssues().forEach(fail)
        let multi = windows.count > 1
        for (i, w) in windows.enumerated() { toneMappingIssues(w, window: multi ? i + 1 : nil).forEach(fail) }
        for (i, w) in windows.enumerated() { luminanceIssues(w, window: multi ? i + 1 : nil).forEach(fail) }
        for (i, w) in windows.enumerated() { distributionIssues(w, window: multi ? i + 1 : nil).forEach(fail) }
        for (i, w) in windows.enumerated() { curveIssues(w, window: multi ? i + 1 : nil).forEach(fail) }
        return issues
    }

    /// The application and version-1 rules, and the TSDML limit.
    private func headerIssues() -> [ST2094_40ValidationIssue] {
        var issues: [ST2094_40ValidationIssue] = []
        if applicationIdentifier != 4 { issues.append(.applicationIdentifier(applicationIdentifier)) }
        if applicationVersion != 1 {
            issues.append(.applicationVersion(applicationVersion))
        } else {
            if numWindows != 1 { issues.append(.numWindows(numWindows)) }
            if targetedSystemDisplayActualPeakLuminanceFlag { issues.append(.targetedSystemDisplayActualPeakLuminanceFlag) }
            if masteringDisplayActualPeakLuminanceFlag { issues.append(.masteringDisplayActualPeakLuminanceFlag) }
            if colorSaturationMappingFlag { issues.append(.colorSaturationMappingFlag) }
        }
        if targetedSystemDisplayMaximumLuminance > Self.maxTargetedLuminance {
            issues.append(.targetedSystemDisplayMaximumLuminance(targetedSystemDisplayMaximumLuminance))
        }
        return issues
    }

    /// TSDML against `tone_mapping_flag` (profiles A and B).
    private func toneMappingIssues(_ w: Window, window: Int?) -> [ST2094_40ValidationIssue] {
        let tsdml = targetedSystemDisplayMaximumLuminance
        if w.toneMappingFlag && tsdml == 0 { return [.targetedSystemDisplayMaximumLuminanceProfileB(window: window)] }
        if !w.toneMappingFlag && tsdml != 0 { return [.targetedSystemDisplayMaximumLuminanceProfileA(window: window)] }
        return []
    }

    /// maxscl and average_maxrgb limits.
    private func luminanceIssues(_ w: Window, window: Int?) -> [ST2094_40ValidationIssue] {
        var issues: [ST2094_40ValidationIssue] = []
        if let v = w.maxscl.first(where: { $0 > Self.maxLuminanceStatistic }) { issues.append(.maxscl(v, window: window)) }
        if w.averageMaxrgb > Self.maxLuminanceStatistic { issues.append(.averageMaxrgb(w.averageMaxrgb, window: window)) }
        return issues
    }

    /// The percentile count, the standard percentage list and the percentile limit.
    private func distributionIssues(_ w: Window, window: Int?) -> [ST2094_40ValidationIssue] {
        var issues: [ST2094_40ValidationIssue] = []
        let n = w.distribution.count
        if n != 9 && n != 10 {
            issues.append(.numDistributionMaxrgbPercentiles(n, window: window))
        } else {
            let pct = w.distribution.map(\.percentage)
            if pct != (n == 9 ? Self.percentages9 : Self.percentages10) {
                issues.append(.distributionMaxrgbPercentages(pct, window: window))
            }
        }
        if let v = w.distribution.first(where: { $0.percentile > Self.maxLuminanceStatistic }) {
            issues.append(.distributionMaxrgbPercentile(v.percentile, percentage: v.percentage, window: window))
        }
        return issues
    }

    /// Knee point and Bézier anchor limits.
    private func curveIssues(_ w: Window, window: Int?) -> [ST2094_40ValidationIssue] {
        var issues: [ST2094_40ValidationIssue] = []
        if w.kneePointX > Self.maxKneePoint { issues.append(.kneePointX(w.kneePointX, window: window)) }
        if w.kneePointY > Self.maxKneePoint { issues.append(.kneePointY(w.kneePointY, window: window)) }
        if w.bezierCurveAnchors.count > Self.maxBezierAnchorCount {
            issues.append(.numBezierCurveAnchors(w.bezierCurveAnchors.count, window: window))
        }
        if let v = w.bezierCurveAnchors.first(where: { $0 >= Self.bezierAnchorLimit }) {
            issues.append(.bezierCurveAnchor(v, window: window))
        }
        return issues
    }

    /// True when no §5 rule is broken.
    package var isValid: Bool { validationIssues.isEmpty }
}
