import HDRProbeBytes

/// HDR10+ dynamic metadata: SMPTE ST 2094-40 "Application 4" as carried in an ITU-T T.35 payload
/// (CTA-861 Annex S syntax). Layout and rules from `docs/rules/hdr10plus.md`:
/// §2 (detection: `B5 00 3C 00 01 04`), §3 (bit layout, units), §4 (profile A/B per frame).
///
/// The input is the T.35 payload starting at `itu_t_t35_country_code` — the body of an HEVC
/// `user_data_registered_itu_t_t35` SEI message (payloadType 4) or of an AV1 ITU-T T.35
/// metadata OBU. Every count read from the stream is 2, 4 or 5 bits wide, so loops are bounded.
///
/// Validation (§5) is in `ST2094_40Metadata+Validation.swift` (``validationIssues``); the per-scan
/// accumulation (§2.3, §4, §10.1 scenes) in ``HDR10PlusSummary``.
package struct ST2094_40Metadata: Sendable, Equatable, Codable {
    /// One `distribution_maxrgb_percentage` / `distribution_maxrgb_percentile` pair.
    package struct Distribution: Sendable, Equatable, Codable {
        package let percentage: UInt8
        /// In 0.1 cd/m² steps (like maxscl).
        package let percentile: UInt32

        package init(percentage: UInt8, percentile: UInt32) {
            self.percentage = percentage
            self.percentile = percentile
        }
    }

    /// Per-window luminance statistics and tone-mapping curve.
    package struct Window: Sendable, Equatable, Codable {
        /// maxscl[0...2] in 0.1 cd/m² steps.
        package var maxscl: [UInt32] = []
        package var averageMaxrgb: UInt32 = 0
        package var distribution: [Distribution] = []
        /// In 1/1000.
        package var fractionBrightPixels: UInt16 = 0
        package var toneMappingFlag = false
        /// In 1/4095; 0 when tone mapping is off.
        package var kneePointX: UInt16 = 0
        package var kneePointY: UInt16 = 0
        /// In 1/1023; empty when tone mapping is off.
        package var bezierCurveAnchors: [UInt16] = []

        package init() {}
    }

    package var countryCode: UInt8
    package var terminalProviderCode: UInt16
    package var terminalProviderOrientedCode: UInt16
    package var applicationIdentifier: UInt8
    package var applicationVersion: UInt8
    /// `num_windows` (0...3).
    package var numWindows: Int
    /// TSDML in cd/m².
    package var targetedSystemDisplayMaximumLuminance: UInt32
    package var targetedSystemDisplayActualPeakLuminanceFlag: Bool
    /// One entry per window, `numWindows` entries.
    package var windows: [Window]
    package var masteringDisplayActualPeakLuminanceFlag: Bool
    package var colorSaturationMappingFlag: Bool
    /// `color_saturation_weight` when the mapping flag is set.
    package var colorSaturationWeight: UInt8?

    /// The fixed first six payload bytes: country 0xB5, provider 0x003C, oriented code 0x0001,
    /// application_identifier 4.
    package static let signature: [UInt8] = [0xB5, 0x00, 0x3C, 0x00, 0x01, 0x04]

    /// True when `payload` starts with ``signature`` (docs/rules/hdr10plus.md §2.1).
    package static func isHDR10Plus(t35 payload: [UInt8]) -> Bool {
        payload.count >= signature.count && Array(payload.prefix(signature.count)) == signature
    }

    /// Per-frame profile as hdr10plus_tool decides it (docs/rules/hdr10plus.md §4): "B" when tone mapping is
    /// on, TSDML > 0 and there is at least one Bezier anchor; "A" when tone mapping is off and
    /// TSDML == 0; nil ("N/A") otherwise. With several windows the last window's values count
    /// (docs/rules/hdr10plus.md §3: the tool keeps only the last window's curve).
    package var profile: String? {
        guard let w = windows.last else { return nil }
        if w.toneMappingFlag && targetedSystemDisplayMaximumLuminance > 0 && !w.bezierCurveAnchors.isEmpty { return "B" }
        if !w.toneMappingFlag && targetedSystemDisplayMaximumLuminance == 0 { return "A" }
        return nil
    }

    /// Parses the payload from the country code. Throws when the signature is absent or the
    /// payload ends early.
    package static func parse(_ payload: [UInt8]) throws -> ST2094_40Metadata {
        guard isHDR10Plus(t35: payload) else { throw BitstreamError.invalid(.notHDR10PlusPayload) }
        guard payload.count >= 7 else { throw BitstreamError.tooShort(needed: 7, got: payload.count) }
        var r = BitReader(payload)
        let country = try r.u8()
        let provider = try r.u16()
        let oriented = try r.u16()
        let appID = try r.u8()
        let appVersion = try r.u8()
        let numWindows = try r.int(2)
        // Windows 2...n carry their geometry (window 1 is the whole picture).
        if numWindows > 1 {
            for _ in 1..<numWindows {
                try r.skip(16 * 4)   // upper-left x/y, lower-right x/y
                try r.skip(16 * 2)   // center_of_ellipse x/y
                try r.skip(8)        // rotation_angle
                try r.skip(16 * 3)   // semimajor internal, semimajor external, semiminor external
                try r.skip(1)        // overlap_process_option
            }
        }
        let tsdml = try r.u32(27)
        let tsActualPeak = try r.flag()
        if tsActualPeak { try skipPeakLuminanceTable(&r) }
        var windows: [Window] = []
        for _ in 0..<numWindows {
            var w = Window()
            for _ in 0..<3 { w.maxscl.append(try r.u32(17)) }
            w.averageMaxrgb = try r.u32(17)
            let n = try r.int(4)
            for _ in 0..<n {
                let pct = try r.u8(7)
                let val = try r.u32(17)
                w.distribution.append(Distribution(percentage: pct, percentile: val))
            }
            w.fractionBrightPixels = try r.u16(10)
            windows.append(w)
        }
        let mdActualPeak = try r.flag()
        if mdActualPeak { try skipPeakLuminanceTable(&r) }
        for i in 0..<numWindows {
            windows[i].toneMappingFlag = try r.flag()
            if windows[i].toneMappingFlag {
                windows[i].kneePointX = try r.u16(12)
                windows[i].kneePointY = try r.u16(12)
                let anchors = try r.int(4)
                for _ in 0..<anchors { windows[i].bezierCurveAnchors.append(try r.u16(10)) }
            }
        }
        let csm = try r.flag()
        let weight: UInt8? = csm ? try r.u8(6) : nil
        return ST2094_40Metadata(
            countryCode: country, terminalProviderCode: provider, terminalProviderOrientedCode: oriented,
            applicationIdentifier: appID, applicationVersion: appVersion, numWindows: numWindows,
            targetedSystemDisplayMaximumLuminance: tsdml, targetedSystemDisplayActualPeakLuminanceFlag: tsActualPeak,
            windows: windows, masteringDisplayActualPeakLuminanceFlag: mdActualPeak,
            colorSaturationMappingFlag: csm, colorSaturationWeight: weight)
    }

    /// `num_rows u(5) ; num_cols u(5) ; rows × cols × u(4)` (at most 31 × 31 entries).
    private static func skipPeakLuminanceTable(_ r: inout BitReader) throws {
        let rows = try r.int(5), cols = try r.int(5)
        try r.skip(rows * cols * 4)
    }
}
