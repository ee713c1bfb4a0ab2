@testable import HDRProbeParse

/// Test helper: writes an HDR10+ T.35 payload with the bit layout of `docs/rules/hdr10plus.md` §3,
/// so tests can build payloads from the values the spec lists (§10.2) or break one rule at a time.
/// Window geometry (windows 2…n) and actual-peak luminance tables are written as zeros; their size
/// is given by `peakTable` (rows, columns). The payload is padded with zero bits to whole bytes,
/// then with zero bytes up to `minimumBytes`.
package func encodeST2094_40(_ m: ST2094_40Metadata, peakTable: (rows: Int, cols: Int) = (0, 0),
                     minimumBytes: Int = 0) -> [UInt8] {
    var w = TestBitWriter()
    w.put(UInt64(m.countryCode), 8)
    w.put(UInt64(m.terminalProviderCode), 16)
    w.put(UInt64(m.terminalProviderOrientedCode), 16)
    w.put(UInt64(m.applicationIdentifier), 8)
    w.put(UInt64(m.applicationVersion), 8)
    w.put(UInt64(m.numWindows), 2)
    if m.numWindows > 1 {
        for _ in 1..<m.numWindows {
            for _ in 0..<6 { w.put(0, 16) }   // corners x/y, centre of ellipse x/y
            w.put(0, 8)                       // rotation_angle
            for _ in 0..<3 { w.put(0, 16) }   // ellipse axes
            w.put(0, 1)                       // overlap_process_option
        }
    }
    func table() {
        w.put(UInt64(peakTable.rows), 5)
        w.put(UInt64(peakTable.cols), 5)
        for _ in 0..<(peakTable.rows * peakTable.cols) { w.put(0, 4) }
    }
    w.put(UInt64(m.targetedSystemDisplayMaximumLuminance), 27)
    w.put(m.targetedSystemDisplayActualPeakLuminanceFlag ? 1 : 0, 1)
    if m.targetedSystemDisplayActualPeakLuminanceFlag { table() }
    for win in m.windows {
        for v in win.maxscl { w.put(UInt64(v), 17) }
        w.put(UInt64(win.averageMaxrgb), 17)
        w.put(UInt64(win.distribution.count), 4)
        for d in win.distribution {
            w.put(UInt64(d.percentage), 7)
            w.put(UInt64(d.percentile), 17)
        }
        w.put(UInt64(win.fractionBrightPixels), 10)
    }
    w.put(m.masteringDisplayActualPeakLuminanceFlag ? 1 : 0, 1)
    if m.masteringDisplayActualPeakLuminanceFlag { table() }
    for win in m.windows {
        w.put(win.toneMappingFlag ? 1 : 0, 1)
        if win.toneMappingFlag {
            w.put(UInt64(win.kneePointX), 12)
            w.put(UInt64(win.kneePointY), 12)
            w.put(UInt64(win.bezierCurveAnchors.count), 4)
            for a in win.bezierCurveAnchors { w.put(UInt64(a), 10) }
        }
    }
    w.put(m.colorSaturationMappingFlag ? 1 : 0, 1)
    if m.colorSaturationMappingFlag { w.put(UInt64(m.colorSaturationWeight ?? 0), 6) }
    var bytes = w.bytes
    while bytes.count < minimumBytes { bytes.append(0) }
    return bytes
}

/// A one-window, version-1 payload value with the given fields (all others zero / off), the
/// shape of every hdr10plus_tool asset (§10.2: num_windows 1, fraction_bright_pixels 0).
package func makeST2094_40(tsdml: UInt32, maxscl: [UInt32], averageMaxrgb: UInt32, percentiles: [UInt32],
                   toneMapping: Bool, knee: (UInt16, UInt16) = (0, 0), anchors: [UInt16] = [],
                   percentages: [UInt8]? = nil) -> ST2094_40Metadata {
    var win = ST2094_40Metadata.Window()
    win.maxscl = maxscl
    win.averageMaxrgb = averageMaxrgb
    let pct = percentages ?? (percentiles.count == 10 ? ST2094_40Metadata.percentages10 : ST2094_40Metadata.percentages9)
    win.distribution = zip(pct, percentiles).map { ST2094_40Metadata.Distribution(percentage: $0, percentile: $1) }
    win.toneMappingFlag = toneMapping
    if toneMapping {
        win.kneePointX = knee.0
        win.kneePointY = knee.1
        win.bezierCurveAnchors = anchors
    }
    return ST2094_40Metadata(
        countryCode: 0xB5, terminalProviderCode: 0x003C, terminalProviderOrientedCode: 0x0001,
        applicationIdentifier: 4, applicationVersion: 1, numWindows: 1,
        targetedSystemDisplayMaximumLuminance: tsdml, targetedSystemDisplayActualPeakLuminanceFlag: false,
        windows: [win], masteringDisplayActualPeakLuminanceFlag: false,
        colorSaturationMappingFlag: false, colorSaturationWeight: nil)
}
