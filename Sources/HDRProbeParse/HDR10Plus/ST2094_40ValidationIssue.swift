/// One broken HDR10+ validation rule (`docs/rules/hdr10plus.md` §5) with the offending value, as
/// a typed value: tests compare these. ``rule`` is the stable rule identifier and ``message`` the
/// human-readable sentence naming the value (hdr10plus_tool's own text for the two profile rules);
/// the JSON report carries both (`{"rule": …, "message": …}`). The engine turns the first issue
/// of a payload into an "invalid HDR10+ payload" finding (§5: `hdr10Plus.present` stays true, the
/// profile becomes null).
///
/// `window` is the 1-based window a per-window rule was broken in, nil when the payload has one
/// window (the message names the window only when there are several).
package enum ST2094_40ValidationIssue: Sendable, Equatable, Encodable {
    case applicationIdentifier(UInt8)
    case applicationVersion(UInt8)
    case numWindows(Int)
    case targetedSystemDisplayActualPeakLuminanceFlag
    case masteringDisplayActualPeakLuminanceFlag
    case colorSaturationMappingFlag
    case targetedSystemDisplayMaximumLuminance(UInt32)
    /// `tone_mapping_flag` 1 with TSDML 0.
    case targetedSystemDisplayMaximumLuminanceProfileB(window: Int?)
    /// `tone_mapping_flag` 0 with TSDML not 0.
    case targetedSystemDisplayMaximumLuminanceProfileA(window: Int?)
    /// The first `maxscl` over the limit.
    case maxscl(UInt32, window: Int?)
    case averageMaxrgb(UInt32, window: Int?)
    case numDistributionMaxrgbPercentiles(Int, window: Int?)
    /// The whole percentage list, when it is not the standard one for its count.
    case distributionMaxrgbPercentages([UInt8], window: Int?)
    /// The first percentile over the limit, with its percentage.
    case distributionMaxrgbPercentile(UInt32, percentage: UInt8, window: Int?)
    case kneePointX(UInt16, window: Int?)
    case kneePointY(UInt16, window: Int?)
    case numBezierCurveAnchors(Int, window: Int?)
    /// The first anchor at or over the limit.
    case bezierCurveAnchor(UInt16, window: Int?)
    /// Not a §5 check: the payload ends before its syntax is complete.
    case payloadSyntax

    /// The rule this issue breaks.
    package var rule: ST2094_40ValidationRule {
        switch self {
        case .applicationIdentifier: return .applicationIdentifier
        case .applicationVersion: return .applicationVersion
        case .numWindows: return .numWindows
        case .targetedSystemDisplayActualPeakLuminanceFlag: return .targetedSystemDisplayActualPeakLuminanceFlag
        case .masteringDisplayActualPeakLuminanceFlag: return .masteringDisplayActualPeakLuminanceFlag
        case .colorSaturationMappingFlag: return .colorSaturationMappingFlag
        case .targetedSystemDisplayMaximumLuminance: return .targetedSystemDisplayMaximumLuminance
        case .targetedSystemDisplayMaximumLuminanceProfileB: return .targetedSystemDisplayMaximumLuminanceProfileB
        case .targetedSystemDisplayMaximumLuminanceProfileA: return .targetedSystemDisplayMaximumLuminanceProfileA
        case .maxscl: return .maxscl
        case .averageMaxrgb: return .averageMaxrgb
        case .numDistributionMaxrgbPercentiles: return .numDistributionMaxrgbPercentiles
        case .distributionMaxrgbPercentages: return .distributionMaxrgbPercentages
        case .distributionMaxrgbPercentile: return .distributionMaxrgbPercentiles
        case .kneePointX: return .kneePointX
        case .kneePointY: return .kneePointY
        case .numBezierCurveAnchors: return .numBezierCurveAnchors
        case .bezierCurveAnchor: return .bezierCurveAnchors
        case .payloadSyntax: return .payloadSyntax
        }
    }

    /// The sentence naming the offending value.
    package var message: String {
        typealias M = ST2094_40Metadata
        let v1 = "must be 0 for application_version 1"
        switch self {
        case .applicationIdentifier(let v): return "application_identifier \(v), must be 4"
        case .applicationVersion(let v): return "application_version \(v), must be 1"
        case .numWindows(let n): return "num_windows \(n), must be 1 for application_version 1"
        case .targetedSystemDisplayActualPeakLuminanceFlag: return "targeted_system_display_actual_peak_luminance_flag is 1, \(v1)"
        case .masteringDisplayActualPeakLuminanceFlag: return "mastering_display_actual_peak_luminance_flag is 1, \(v1)"
        case .colorSaturationMappingFlag: return "color_saturation_mapping_flag is 1, \(v1)"
        case .targetedSystemDisplayMaximumLuminance(let v):
            return "targeted_system_display_maximum_luminance \(v) exceeds \(M.maxTargetedLuminance)"
        case .targetedSystemDisplayMaximumLuminanceProfileB(let w):
            // hdr10plus_tool's own error text (§5).
            return "Invalid targeted_system_display_maximum_luminance for profile B, must not be zero." + Self.at(w)
        case .targetedSystemDisplayMaximumLuminanceProfileA(let w):
            return "Invalid targeted_system_display_maximum_luminance for profile A, must be zero." + Self.at(w)
        case .maxscl(let v, let w): return "maxscl \(v) exceeds \(M.maxLuminanceStatistic)" + Self.at(w)
        case .averageMaxrgb(let v, let w): return "average_maxrgb \(v) exceeds \(M.maxLuminanceStatistic)" + Self.at(w)
        case .numDistributionMaxrgbPercentiles(let n, let w):
            return "num_distribution_maxrgb_percentiles \(n), must be 9 or 10" + Self.at(w)
        case .distributionMaxrgbPercentages(let pct, let w):
            return "distribution_maxrgb_percentage \(pct) is not the standard list for \(pct.count) percentiles" + Self.at(w)
        case .distributionMaxrgbPercentile(let v, let pct, let w):
            return "distribution_maxrgb_percentile \(v) (at \(pct) %) exceeds \(M.maxLuminanceStatistic)" + Self.at(w)
        case .kneePointX(let v, let w): return "knee_point_x \(v) exceeds \(M.maxKneePoint)" + Self.at(w)
        case .kneePointY(let v, let w): return "knee_point_y \(v) exceeds \(M.maxKneePoint)" + Self.at(w)
        case .numBezierCurveAnchors(let n, let w):
            return "num_bezier_curve_anchors \(n) exceeds \(M.maxBezierAnchorCount)" + Self.at(w)
        case .bezierCurveAnchor(let v, let w): return "bezier_curve_anchor \(v) must be below \(M.bezierAnchorLimit)" + Self.at(w)
        case .payloadSyntax: return "HDR10+ payload ends before its syntax is complete"
        }
    }

    private static func at(_ window: Int?) -> String { window.map { " (window \($0))" } ?? "" }

    private enum CodingKeys: String, CodingKey { case rule, message }

    /// The report's object: the rule identifier and the sentence, as before the issue was typed.
    package func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(rule, forKey: .rule)
        try c.encode(message, forKey: .message)
    }
}
