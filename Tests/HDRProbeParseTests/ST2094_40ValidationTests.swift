import Testing
@testable import HDRProbeParse
import HDRProbeTestSupport

/// HDR10+ validation (`docs/rules/hdr10plus.md` §5), the §3.1 worked example, the ToS first-frame
/// table of §10.2, and hostile-input robustness of `ST2094_40Metadata.parse`.

/// §3.1: the 64-byte payload of hdr10plus_tool `assets/hevc_tests/single-frame.hevc`.
private let workedExample = hex("""
    b5003c0001040140000c803cb019bd0d800041e4080000285f00500170c800059000125801aed00b5af81be3185b4c00
    42903c248f4a9bf942dbd837be57aa00
    """)

/// §3.1's field table as a value: TSDML 400, maxscl [7768, 6589, 6912], average 263, 9 standard
/// percentiles, knee (164, 240), 9 anchors.
private let workedExampleValues = makeST2094_40(
    tsdml: 400, maxscl: [7768, 6589, 6912], averageMaxrgb: 263,
    percentiles: [0, 6080, 92, 1, 4, 107, 726, 1784, 5843], toneMapping: true, knee: (164, 240),
    anchors: [143, 298, 447, 592, 731, 864, 891, 917, 938])

@Test func workedExampleEncodesToTheSpecBytes() throws {
    // §3.1: 505 of 512 bits used, the rest zero. Writing the table's values with the §3 layout
    // must give the published 64 bytes exactly (this also proves the test encoder).
    #expect(encodeST2094_40(workedExampleValues) == workedExample)
    #expect(try ST2094_40Metadata.parse(workedExample) == workedExampleValues)
    #expect(workedExampleValues.validationIssues.isEmpty)
    #expect(workedExampleValues.isValid)
}

@Test func workedExampleParsesFromExactlyItsBits() throws {
    // 505 bits need 64 bytes: every shorter prefix must fail, the full payload must parse.
    for n in 0..<workedExample.count {
        #expect(throws: (any Error).self, "prefix of \(n) bytes") {
            try ST2094_40Metadata.parse(Array(workedExample.prefix(n)))
        }
    }
    #expect(try ST2094_40Metadata.parse(workedExample).profile == "B")
}

// MARK: - One rule broken at a time (§5)

/// The worked example with exactly one §5 rule broken. Rules whose field is wide enough to hold
/// the bad value are also written to bytes and parsed back, so the byte path is covered too.
private func breaking(_ rule: ST2094_40ValidationRule) -> (metadata: ST2094_40Metadata, encodable: Bool) {
    var m = workedExampleValues
    switch rule {
    case .applicationIdentifier:
        m.applicationIdentifier = 5            // parse() refuses it (signature), so value-level only
        return (m, false)
    case .applicationVersion:
        m.applicationVersion = 0               // MediaInfo accepts 0; hdr10plus_tool requires 1 (§2.1)
    case .numWindows:
        m.numWindows = 2
        m.windows = [m.windows[0], m.windows[0]]
    case .targetedSystemDisplayActualPeakLuminanceFlag:
        m.targetedSystemDisplayActualPeakLuminanceFlag = true
    case .masteringDisplayActualPeakLuminanceFlag:
        m.masteringDisplayActualPeakLuminanceFlag = true
    case .colorSaturationMappingFlag:
        m.colorSaturationMappingFlag = true
        m.colorSaturationWeight = 5
    case .targetedSystemDisplayMaximumLuminance:
        m.targetedSystemDisplayMaximumLuminance = 10_001
    case .targetedSystemDisplayMaximumLuminanceProfileB:
        m.targetedSystemDisplayMaximumLuminance = 0     // tone mapping on (ToS-s02 case)
    case .targetedSystemDisplayMaximumLuminanceProfileA:
        m.windows[0].toneMappingFlag = false            // TSDML stays 400
        m.windows[0].kneePointX = 0
        m.windows[0].kneePointY = 0
        m.windows[0].bezierCurveAnchors = []
    case .maxscl:
        m.windows[0].maxscl[1] = 100_001
    case .averageMaxrgb:
        m.windows[0].averageMaxrgb = 100_001
    case .numDistributionMaxrgbPercentiles:
        m.windows[0].distribution.removeLast()
    case .distributionMaxrgbPercentages:
        m.windows[0].distribution[7] = .init(percentage: 98, percentile: 1784)  // 9 entries, 98 instead of 95
    case .distributionMaxrgbPercentiles:
        m.windows[0].distribution[8] = .init(percentage: 99, percentile: 100_001)
    case .kneePointX:
        m.windows[0].kneePointX = 4096          // does not fit u(12): value-level only
        return (m, false)
    case .kneePointY:
        m.windows[0].kneePointY = 4096
        return (m, false)
    case .numBezierCurveAnchors:
        m.windows[0].bezierCurveAnchors += [950]  // 10 anchors fit u(4)
    case .bezierCurveAnchors:
        m.windows[0].bezierCurveAnchors[3] = 1024  // does not fit u(10)
        return (m, false)
    case .payloadSyntax:
        return (m, false)                       // not a §5 rule; covered by the summary tests
    }
    return (m, true)
}

/// The issue `breaking(rule)` must produce: the rule with the value written there (the worked
/// example has one window, so no window is named).
private func expectedIssue(_ rule: ST2094_40ValidationRule) -> ST2094_40ValidationIssue? {
    switch rule {
    case .applicationIdentifier: return .applicationIdentifier(5)
    case .applicationVersion: return .applicationVersion(0)
    case .numWindows: return .numWindows(2)
    case .targetedSystemDisplayActualPeakLuminanceFlag: return .targetedSystemDisplayActualPeakLuminanceFlag
    case .masteringDisplayActualPeakLuminanceFlag: return .masteringDisplayActualPeakLuminanceFlag
    case .colorSaturationMappingFlag: return .colorSaturationMappingFlag
    case .targetedSystemDisplayMaximumLuminance: return .targetedSystemDisplayMaximumLuminance(10_001)
    case .targetedSystemDisplayMaximumLuminanceProfileB: return .targetedSystemDisplayMaximumLuminanceProfileB(window: nil)
    case .targetedSystemDisplayMaximumLuminanceProfileA: return .targetedSystemDisplayMaximumLuminanceProfileA(window: nil)
    case .maxscl: return .maxscl(100_001, window: nil)
    case .averageMaxrgb: return .averageMaxrgb(100_001, window: nil)
    case .numDistributionMaxrgbPercentiles: return .numDistributionMaxrgbPercentiles(8, window: nil)
    case .distributionMaxrgbPercentages: return .distributionMaxrgbPercentages([1, 5, 10, 25, 50, 75, 90, 98, 99], window: nil)
    case .distributionMaxrgbPercentiles: return .distributionMaxrgbPercentile(100_001, percentage: 99, window: nil)
    case .kneePointX: return .kneePointX(4096, window: nil)
    case .kneePointY: return .kneePointY(4096, window: nil)
    case .numBezierCurveAnchors: return .numBezierCurveAnchors(10, window: nil)
    case .bezierCurveAnchors: return .bezierCurveAnchor(1024, window: nil)
    case .payloadSyntax: return nil
    }
}

@Test(arguments: ST2094_40ValidationRule.allCases.filter { $0 != .payloadSyntax })
func eachRuleBrokenAlone(_ rule: ST2094_40ValidationRule) throws {
    let (m, encodable) = breaking(rule)
    #expect(m.validationIssues.map(\.rule) == [rule])
    #expect(m.validationIssues == [expectedIssue(rule)].compactMap { $0 })
    #expect(!m.isValid)
    if encodable {
        let bytes = encodeST2094_40(m, peakTable: (rows: 2, cols: 3))
        let parsed = try ST2094_40Metadata.parse(bytes)
        #expect(parsed == m)
        #expect(parsed.validationIssues.map(\.rule) == [rule])
    }
}

@Test func perWindowRulesNameTheWindowOnlyWhenThereAreSeveral() {
    // A second window with maxscl over the limit: the issue names window 2 (1-based); the
    // sentences (hdr10plus_tool's own for the profile rules, §5) are pinned in ParserIssueTextTests.
    var m = workedExampleValues
    m.numWindows = 2
    m.applicationVersion = 2          // num_windows 2 is allowed outside version 1
    var second = m.windows[0]
    second.maxscl[0] = 100_002
    m.windows.append(second)
    #expect(m.validationIssues == [.applicationVersion(2), .maxscl(100_002, window: 2)])
    #expect(breaking(.targetedSystemDisplayMaximumLuminanceProfileB).metadata.validationIssues
            == [.targetedSystemDisplayMaximumLuminanceProfileB(window: nil)])
}

@Test func boundaryValuesAreValid() {
    // §5 limits are inclusive (≤ 10000, ≤ 100000, ≤ 4095, ≤ 9 anchors, anchor < 1024) — ToS-s58
    // (§10.2) has every field at its maximum and passes validation.
    let m = makeST2094_40(tsdml: 10_000, maxscl: [100_000, 100_000, 100_000], averageMaxrgb: 100_000,
                          percentiles: Array(repeating: 100_000, count: 10), toneMapping: true,
                          knee: (4095, 4095), anchors: Array(repeating: 1023, count: 9))
    #expect(m.validationIssues == [])
    #expect(m.profile == "B")
}

@Test func severalBrokenRulesComeInSpecOrder() {
    var m = workedExampleValues
    m.windows[0].bezierCurveAnchors = Array(repeating: 1, count: 12)
    m.windows[0].maxscl[0] = 131_071
    m.targetedSystemDisplayMaximumLuminance = 20_000
    m.applicationVersion = 2
    #expect(m.validationIssues.map(\.rule)
            == [.applicationVersion, .targetedSystemDisplayMaximumLuminance, .maxscl, .numBezierCurveAnchors])
}

@Test func versionOneRulesOnlyApplyToVersionOne() {
    // §5: "version 1: num_windows == 1" etc. With version 0 only the version rule is reported.
    var m = workedExampleValues
    m.applicationVersion = 0
    m.colorSaturationMappingFlag = true
    m.colorSaturationWeight = 1
    #expect(m.validationIssues.map(\.rule) == [.applicationVersion])
    m.applicationVersion = 1
    #expect(m.validationIssues.map(\.rule) == [.colorSaturationMappingFlag])
}

@Test func threeWindowsWithFullPeakTablesParse() throws {
    // The largest structure the syntax allows: num_windows 3 (windows 2 and 3 carry geometry),
    // both actual-peak tables 31 × 31. Parsing must keep every window; validation rejects it.
    var m = workedExampleValues
    m.numWindows = 3
    var second = m.windows[0]
    second.maxscl = [90_000, 1, 2]
    second.averageMaxrgb = 55
    m.windows = [m.windows[0], second, m.windows[0]]
    m.targetedSystemDisplayActualPeakLuminanceFlag = true
    m.masteringDisplayActualPeakLuminanceFlag = true
    let bytes = encodeST2094_40(m, peakTable: (rows: 31, cols: 31))
    let parsed = try ST2094_40Metadata.parse(bytes)
    #expect(parsed == m)
    #expect(parsed.windows.map(\.averageMaxrgb) == [263, 55, 263])
    #expect(parsed.validationIssues.map(\.rule)
            == [.numWindows, .targetedSystemDisplayActualPeakLuminanceFlag, .masteringDisplayActualPeakLuminanceFlag])
}

@Test func zeroWindowsParsesAndFailsNumWindows() throws {
    // num_windows is u(2): 0 is codable. No luminance windows, no tone mapping loop, no profile.
    var m = workedExampleValues
    m.numWindows = 0
    m.windows = []
    let parsed = try ST2094_40Metadata.parse(encodeST2094_40(m))
    #expect(parsed.windows.isEmpty)
    #expect(parsed.profile == nil)
    #expect(parsed.validationIssues.map(\.rule) == [.numWindows])
}

// MARK: - Hostile bytes

@Test func everySingleBitFlipOfTheWorkedExampleIsHandled() {
    // Flip each of the 512 bits: parse must either throw or return a value whose validation
    // runs; a flip inside the 6-byte signature must be refused as "not HDR10+".
    for bit in 0..<(workedExample.count * 8) {
        var p = workedExample
        p[bit / 8] ^= UInt8(0x80 >> (bit % 8))
        if bit < 48 {
            #expect(throws: BitstreamError.invalid(.notHDR10PlusPayload)) { try ST2094_40Metadata.parse(p) }
        } else if let m = try? ST2094_40Metadata.parse(p) {
            _ = m.validationIssues
            _ = m.profile
            #expect(m.windows.count == m.numWindows)
        }
    }
}

@Test func randomPayloadsBehindTheSignatureNeverTrap() {
    var parsedCount = 0
    for seed in 1...3000 as ClosedRange<UInt64> {
        let length = Int(seed % 300)
        let bytes = ST2094_40Metadata.signature + garbage(count: length, seed: seed &* 0x9E37_79B9_7F4A_7C15)
        if let m = try? ST2094_40Metadata.parse(bytes) {
            parsedCount += 1
            #expect(m.windows.count == m.numWindows && m.numWindows <= 3)
            for w in m.windows {
                #expect(w.maxscl.count == 3 && w.distribution.count <= 15 && w.bezierCurveAnchors.count <= 15)
            }
            _ = m.validationIssues
        }
    }
    #expect(parsedCount > 0)   // the loop really exercises the full parser, not only the early exits
}

// MARK: - §10.2: ToS-sNN first frames

/// One row of the §10.2 table (hdr10plus_tool `assets/metadata/ToS-sNN.h265`, first frame in
/// display order). `validates` = the tool's test runs with validation; `profile` = the per-frame
/// profile (nil = "N/A"). Every row has num_windows 1 and fraction_bright_pixels 0; only s62 has
/// tone_mapping_flag 0 ("none").
struct ToSRow: Sendable, CustomTestStringConvertible {
    let n: Int
    let frames: Int
    let seis: Int
    let validates: Bool
    let profile: String?
    let tsdml: UInt32
    let maxscl: [UInt32]
    let avg: UInt32
    let percentiles: [UInt32]
    let toneMapping: Bool
    let knee: (UInt16, UInt16)
    let anchors: [UInt16]
    let sceneLengths: [Int]

    var testDescription: String { "ToS-s\(n)" }

    var metadata: ST2094_40Metadata {
        makeST2094_40(tsdml: tsdml, maxscl: maxscl, averageMaxrgb: avg, percentiles: percentiles,
                      toneMapping: toneMapping, knee: knee, anchors: anchors)
    }
}

let tosRows: [ToSRow] = [
    ToSRow(n: 1, frames: 6, seis: 1, validates: true, profile: "B", tsdml: 400, maxscl: [17830, 16895, 14252], avg: 1037, percentiles: [3, 14024, 43, 56, 219, 1036, 2714, 4668, 14445], toneMapping: true, knee: (17, 64), anchors: [265, 666, 741, 800, 848, 887, 920, 945, 957], sceneLengths: [6]),
    ToSRow(n: 2, frames: 6, seis: 1, validates: false, profile: nil, tsdml: 0, maxscl: [0, 0, 0], avg: 0, percentiles: [3, 14024, 43, 56, 219, 1036, 2714, 4668, 14445], toneMapping: true, knee: (0, 0), anchors: [265, 666, 741, 800, 848, 887, 920, 945, 957], sceneLengths: [6]),
    ToSRow(n: 3, frames: 6, seis: 1, validates: false, profile: nil, tsdml: 0, maxscl: [0, 1, 0], avg: 12, percentiles: [3, 14024, 43, 56, 219, 1036, 2714, 4668, 14445], toneMapping: true, knee: (0, 0), anchors: [265, 666, 741, 800, 848, 887, 920, 945, 957], sceneLengths: [6]),
    ToSRow(n: 4, frames: 6, seis: 1, validates: true, profile: "B", tsdml: 10, maxscl: [0, 1, 0], avg: 1, percentiles: [0, 14024, 43, 56, 219, 0, 2714, 4668, 14445], toneMapping: true, knee: (1, 0), anchors: [0, 666, 741, 0, 848, 887, 920, 945, 957], sceneLengths: [6]),
    ToSRow(n: 5, frames: 11, seis: 1, validates: true, profile: "B", tsdml: 500, maxscl: [0, 0, 0], avg: 0, percentiles: [0, 0, 100, 3, 4, 5, 6, 7, 8], toneMapping: true, knee: (0, 0), anchors: [102, 205, 307, 410, 512, 614, 717, 819, 922], sceneLengths: [11]),
    ToSRow(n: 6, frames: 11, seis: 1, validates: true, profile: "B", tsdml: 500, maxscl: [1, 3, 6], avg: 1, percentiles: [0, 0, 100, 3, 4, 5, 6, 7, 8], toneMapping: true, knee: (2048, 85), anchors: [102, 205, 307, 410, 512, 614, 717, 819, 922], sceneLengths: [11]),
    ToSRow(n: 7, frames: 9, seis: 9, validates: true, profile: "B", tsdml: 400, maxscl: [3790, 5508, 3584], avg: 12, percentiles: [0, 572, 100, 1, 1, 2, 12, 35, 491], toneMapping: true, knee: (0, 0), anchors: [102, 205, 307, 410, 512, 614, 717, 819, 922], sceneLengths: [8, 1]),
    ToSRow(n: 8, frames: 9, seis: 9, validates: true, profile: "B", tsdml: 400, maxscl: [0, 0, 0], avg: 3, percentiles: [0, 572, 100, 1, 1, 2, 12, 35, 491], toneMapping: true, knee: (0, 0), anchors: [102, 205, 307, 410, 512, 614, 717, 819, 922], sceneLengths: [8, 1]),
    ToSRow(n: 9, frames: 9, seis: 9, validates: false, profile: nil, tsdml: 0, maxscl: [0, 0, 0], avg: 3, percentiles: [0, 572, 100, 1, 1, 2, 12, 35, 491], toneMapping: true, knee: (0, 0), anchors: [102, 205, 307, 410, 512, 614, 717, 819, 922], sceneLengths: [8, 1]),
    ToSRow(n: 10, frames: 3, seis: 3, validates: false, profile: nil, tsdml: 0, maxscl: [1, 3, 6], avg: 13, percentiles: [0, 572, 100, 1, 1, 2, 12, 35, 491], toneMapping: true, knee: (1, 1), anchors: [102, 205, 307, 410, 512, 614, 717, 819, 922], sceneLengths: [3]),
    ToSRow(n: 11, frames: 3, seis: 3, validates: false, profile: nil, tsdml: 0, maxscl: [69700, 67280, 89012], avg: 0, percentiles: [0, 572, 100, 1, 1, 2, 12, 35, 491], toneMapping: true, knee: (0, 0), anchors: [102, 205, 307, 410, 512, 614, 717, 819, 922], sceneLengths: [3]),
    ToSRow(n: 12, frames: 3, seis: 3, validates: false, profile: nil, tsdml: 0, maxscl: [0, 0, 0], avg: 0, percentiles: [0, 572, 100, 1, 1, 2, 12, 35, 491], toneMapping: true, knee: (0, 0), anchors: [102, 205, 307, 410, 512, 614, 717, 819, 922], sceneLengths: [3]),
    ToSRow(n: 13, frames: 3, seis: 3, validates: false, profile: nil, tsdml: 0, maxscl: [69700, 67280, 89012], avg: 78023, percentiles: [0, 572, 100, 1, 1, 2, 12, 35, 491], toneMapping: true, knee: (2305, 1203), anchors: [102, 205, 307, 410, 512, 614, 717, 819, 922], sceneLengths: [3]),
    ToSRow(n: 14, frames: 3, seis: 3, validates: true, profile: "B", tsdml: 9998, maxscl: [69700, 67280, 89012], avg: 78023, percentiles: [0, 572, 100, 1, 1, 2, 12, 35, 491], toneMapping: true, knee: (2305, 1203), anchors: [102, 205, 307, 410, 512, 614, 717, 819, 922], sceneLengths: [3]),
    ToSRow(n: 15, frames: 1, seis: 1, validates: true, profile: nil, tsdml: 9998, maxscl: [0, 0, 0], avg: 0, percentiles: [0, 0, 0, 0, 0, 0, 0, 0, 0], toneMapping: true, knee: (0, 0), anchors: [], sceneLengths: [1]),
    ToSRow(n: 16, frames: 3, seis: 1, validates: true, profile: "B", tsdml: 400, maxscl: [450, 26, 0], avg: 1, percentiles: [0, 9791, 100, 0, 1, 9, 32, 56, 9740], toneMapping: true, knee: (35, 86), anchors: [203, 411, 624, 721, 773, 821, 875, 924, 953], sceneLengths: [3]),
    ToSRow(n: 17, frames: 3, seis: 1, validates: true, profile: "B", tsdml: 400, maxscl: [0, 0, 3584], avg: 11, percentiles: [0, 9791, 100, 0, 1, 9, 32, 56, 9740], toneMapping: true, knee: (0, 0), anchors: [102, 205, 307, 410, 512, 614, 717, 819, 922], sceneLengths: [3]),
    ToSRow(n: 18, frames: 3, seis: 1, validates: false, profile: nil, tsdml: 0, maxscl: [0, 0, 8], avg: 3584, percentiles: [0, 9791, 100, 0, 1, 9, 32, 56, 9740], toneMapping: true, knee: (0, 0), anchors: [102, 205, 307, 410, 512, 614, 717, 819, 922], sceneLengths: [3]),
    ToSRow(n: 19, frames: 3, seis: 1, validates: true, profile: "B", tsdml: 4096, maxscl: [4096, 8192, 16384], avg: 0, percentiles: [0, 9791, 100, 0, 1, 9, 32, 56, 9740], toneMapping: true, knee: (3823, 1490), anchors: [102, 205, 307, 410, 512, 614, 717, 819, 922], sceneLengths: [3]),
    ToSRow(n: 20, frames: 3, seis: 1, validates: false, profile: nil, tsdml: 0, maxscl: [0, 5582, 0], avg: 0, percentiles: [0, 0, 100, 0, 0, 0, 0, 0, 0], toneMapping: true, knee: (0, 0), anchors: [], sceneLengths: [3]),
    ToSRow(n: 21, frames: 3, seis: 1, validates: false, profile: nil, tsdml: 0, maxscl: [0, 0, 3584], avg: 9, percentiles: [0, 0, 100, 0, 0, 0, 0, 0, 0], toneMapping: true, knee: (0, 0), anchors: [], sceneLengths: [3]),
    ToSRow(n: 22, frames: 3, seis: 1, validates: false, profile: nil, tsdml: 0, maxscl: [7, 0, 3584], avg: 12, percentiles: [0, 0, 100, 0, 0, 0, 0, 0, 0], toneMapping: true, knee: (0, 0), anchors: [], sceneLengths: [3]),
    ToSRow(n: 23, frames: 3, seis: 1, validates: false, profile: nil, tsdml: 0, maxscl: [1, 0, 6], avg: 12, percentiles: [0, 0, 100, 0, 0, 0, 0, 0, 0], toneMapping: true, knee: (0, 0), anchors: [], sceneLengths: [3]),
    ToSRow(n: 24, frames: 3, seis: 1, validates: true, profile: nil, tsdml: 1, maxscl: [0, 5582, 0], avg: 1024, percentiles: [0, 0, 100, 0, 0, 0, 0, 0, 0], toneMapping: true, knee: (0, 0), anchors: [], sceneLengths: [3]),
    ToSRow(n: 25, frames: 3, seis: 1, validates: false, profile: nil, tsdml: 0, maxscl: [3584, 0, 3584], avg: 1024, percentiles: [0, 0, 100, 0, 0, 0, 0, 0, 0], toneMapping: true, knee: (0, 0), anchors: [], sceneLengths: [3]),
    ToSRow(n: 26, frames: 3, seis: 1, validates: true, profile: nil, tsdml: 10000, maxscl: [2048, 2048, 0], avg: 100000, percentiles: [0, 0, 100, 0, 0, 0, 0, 0, 0], toneMapping: true, knee: (0, 0), anchors: [], sceneLengths: [3]),
    ToSRow(n: 27, frames: 3, seis: 1, validates: true, profile: nil, tsdml: 10000, maxscl: [2048, 2048, 0], avg: 12, percentiles: [0, 0, 100, 0, 0, 0, 0, 0, 0], toneMapping: true, knee: (0, 0), anchors: [], sceneLengths: [3]),
    ToSRow(n: 28, frames: 3, seis: 1, validates: true, profile: nil, tsdml: 10000, maxscl: [2048, 2048, 2048], avg: 12, percentiles: [0, 0, 100, 0, 0, 0, 0, 0, 0], toneMapping: true, knee: (0, 0), anchors: [], sceneLengths: [3]),
    ToSRow(n: 29, frames: 3, seis: 1, validates: true, profile: nil, tsdml: 10000, maxscl: [2049, 0, 0], avg: 1024, percentiles: [0, 0, 100, 0, 0, 0, 0, 0, 0], toneMapping: true, knee: (0, 0), anchors: [], sceneLengths: [3]),
    ToSRow(n: 30, frames: 3, seis: 1, validates: false, profile: nil, tsdml: 0, maxscl: [12, 3, 0], avg: 1024, percentiles: [0, 0, 100, 0, 0, 0, 0, 0, 0], toneMapping: true, knee: (0, 0), anchors: [], sceneLengths: [3]),
    ToSRow(n: 31, frames: 3, seis: 1, validates: false, profile: nil, tsdml: 0, maxscl: [1, 0, 0], avg: 1024, percentiles: [0, 0, 100, 0, 0, 0, 0, 0, 0], toneMapping: true, knee: (0, 0), anchors: [], sceneLengths: [3]),
    ToSRow(n: 32, frames: 3, seis: 1, validates: false, profile: nil, tsdml: 0, maxscl: [1152, 2, 0], avg: 11, percentiles: [0, 0, 100, 0, 0, 0, 0, 0, 0], toneMapping: true, knee: (0, 0), anchors: [], sceneLengths: [3]),
    ToSRow(n: 33, frames: 3, seis: 1, validates: false, profile: nil, tsdml: 0, maxscl: [32768, 0, 0], avg: 1024, percentiles: [0, 0, 100, 0, 0, 0, 0, 0, 0], toneMapping: true, knee: (0, 0), anchors: [], sceneLengths: [3]),
    ToSRow(n: 34, frames: 3, seis: 1, validates: false, profile: nil, tsdml: 0, maxscl: [1, 2304, 0], avg: 1024, percentiles: [0, 0, 100, 0, 0, 0, 0, 0, 0], toneMapping: true, knee: (0, 0), anchors: [], sceneLengths: [3]),
    ToSRow(n: 35, frames: 3, seis: 1, validates: true, profile: nil, tsdml: 8192, maxscl: [158, 1, 1], avg: 11, percentiles: [0, 0, 100, 0, 0, 0, 0, 0, 0], toneMapping: true, knee: (0, 0), anchors: [], sceneLengths: [3]),
    ToSRow(n: 36, frames: 3, seis: 1, validates: true, profile: nil, tsdml: 8192, maxscl: [4096, 0, 0], avg: 11, percentiles: [0, 0, 100, 0, 0, 0, 0, 0, 0], toneMapping: true, knee: (0, 0), anchors: [], sceneLengths: [3]),
    ToSRow(n: 37, frames: 3, seis: 1, validates: true, profile: nil, tsdml: 8192, maxscl: [0, 0, 0], avg: 1024, percentiles: [0, 0, 100, 0, 0, 0, 0, 0, 0], toneMapping: true, knee: (0, 0), anchors: [], sceneLengths: [3]),
    ToSRow(n: 38, frames: 3, seis: 1, validates: true, profile: nil, tsdml: 8192, maxscl: [0, 2048, 0], avg: 1024, percentiles: [0, 0, 100, 0, 0, 0, 0, 0, 0], toneMapping: true, knee: (0, 0), anchors: [], sceneLengths: [3]),
    ToSRow(n: 39, frames: 3, seis: 1, validates: true, profile: nil, tsdml: 8192, maxscl: [0, 98304, 98304], avg: 1024, percentiles: [0, 0, 100, 0, 0, 0, 0, 0, 0], toneMapping: true, knee: (0, 0), anchors: [], sceneLengths: [3]),
    ToSRow(n: 40, frames: 3, seis: 1, validates: true, profile: nil, tsdml: 8192, maxscl: [0, 70000, 0], avg: 1024, percentiles: [0, 0, 100, 0, 0, 0, 0, 0, 0], toneMapping: true, knee: (0, 0), anchors: [], sceneLengths: [3]),
    ToSRow(n: 41, frames: 3, seis: 1, validates: true, profile: nil, tsdml: 1, maxscl: [32768, 98304, 0], avg: 12, percentiles: [0, 0, 100, 0, 0, 0, 0, 0, 0], toneMapping: true, knee: (0, 0), anchors: [], sceneLengths: [3]),
    ToSRow(n: 42, frames: 3, seis: 1, validates: false, profile: nil, tsdml: 0, maxscl: [98304, 98304, 0], avg: 1024, percentiles: [0, 0, 100, 0, 0, 0, 0, 0, 0], toneMapping: true, knee: (0, 0), anchors: [], sceneLengths: [3]),
    ToSRow(n: 43, frames: 3, seis: 1, validates: true, profile: nil, tsdml: 1, maxscl: [65536, 0, 0], avg: 1024, percentiles: [0, 0, 100, 0, 0, 0, 0, 0, 0], toneMapping: true, knee: (0, 0), anchors: [], sceneLengths: [3]),
    ToSRow(n: 44, frames: 3, seis: 1, validates: true, profile: nil, tsdml: 10000, maxscl: [0, 4097, 0], avg: 65535, percentiles: [0, 0, 100, 0, 0, 0, 0, 0, 0], toneMapping: true, knee: (0, 0), anchors: [], sceneLengths: [3]),
    ToSRow(n: 45, frames: 3, seis: 1, validates: true, profile: nil, tsdml: 4096, maxscl: [0, 65536, 0], avg: 1, percentiles: [0, 0, 100, 0, 0, 0, 0, 0, 0], toneMapping: true, knee: (0, 0), anchors: [], sceneLengths: [3]),
    ToSRow(n: 46, frames: 3, seis: 1, validates: true, profile: nil, tsdml: 4096, maxscl: [0, 65536, 0], avg: 65536, percentiles: [0, 0, 100, 0, 0, 0, 0, 0, 0], toneMapping: true, knee: (0, 0), anchors: [], sceneLengths: [3]),
    ToSRow(n: 47, frames: 3, seis: 1, validates: true, profile: nil, tsdml: 8192, maxscl: [32768, 0, 0], avg: 65536, percentiles: [0, 0, 100, 0, 0, 0, 0, 0, 0], toneMapping: true, knee: (0, 0), anchors: [], sceneLengths: [3]),
    ToSRow(n: 48, frames: 3, seis: 1, validates: true, profile: nil, tsdml: 8192, maxscl: [0, 65536, 0], avg: 65536, percentiles: [0, 0, 100, 0, 0, 0, 0, 0, 0], toneMapping: true, knee: (0, 0), anchors: [], sceneLengths: [3]),
    ToSRow(n: 49, frames: 3, seis: 1, validates: true, profile: nil, tsdml: 8192, maxscl: [99000, 98304, 0], avg: 12, percentiles: [0, 0, 100, 0, 0, 0, 0, 0, 0], toneMapping: true, knee: (0, 0), anchors: [], sceneLengths: [3]),
    ToSRow(n: 50, frames: 3, seis: 1, validates: true, profile: nil, tsdml: 8192, maxscl: [99000, 98304, 0], avg: 99999, percentiles: [0, 0, 100, 0, 0, 0, 0, 0, 0], toneMapping: true, knee: (0, 0), anchors: [], sceneLengths: [3]),
    ToSRow(n: 51, frames: 3, seis: 1, validates: true, profile: nil, tsdml: 400, maxscl: [32768, 32768, 0], avg: 32847, percentiles: [0, 0, 100, 0, 0, 0, 0, 0, 0], toneMapping: true, knee: (0, 0), anchors: [], sceneLengths: [3]),
    ToSRow(n: 52, frames: 3, seis: 1, validates: true, profile: nil, tsdml: 400, maxscl: [0, 0, 0], avg: 0, percentiles: [0, 0, 100, 0, 0, 0, 0, 0, 0], toneMapping: true, knee: (0, 0), anchors: [], sceneLengths: [3]),
    ToSRow(n: 53, frames: 3, seis: 1, validates: true, profile: nil, tsdml: 400, maxscl: [0, 99999, 0], avg: 100000, percentiles: [0, 0, 100, 0, 0, 0, 0, 0, 0], toneMapping: true, knee: (0, 0), anchors: [], sceneLengths: [3]),
    ToSRow(n: 54, frames: 3, seis: 1, validates: true, profile: nil, tsdml: 10000, maxscl: [0, 0, 0], avg: 100000, percentiles: [0, 0, 100, 0, 0, 0, 0, 0, 0], toneMapping: true, knee: (0, 0), anchors: [], sceneLengths: [3]),
    ToSRow(n: 55, frames: 2, seis: 1, validates: true, profile: "B", tsdml: 350, maxscl: [4425, 3984, 3292], avg: 1, percentiles: [0, 0, 0, 0, 0, 0, 0, 1, 5, 2756], toneMapping: true, knee: (0, 0), anchors: [256, 512, 767], sceneLengths: [2]),
    ToSRow(n: 56, frames: 2, seis: 1, validates: true, profile: "B", tsdml: 350, maxscl: [0, 65536, 0], avg: 1, percentiles: [0, 0, 0, 0, 0, 0, 0, 1, 5, 2756], toneMapping: true, knee: (0, 0), anchors: [256, 512, 767], sceneLengths: [2]),
    ToSRow(n: 57, frames: 1, seis: 1, validates: true, profile: "B", tsdml: 9998, maxscl: [0, 0, 0], avg: 0, percentiles: [0, 0, 0, 0, 0, 0, 0, 0, 0], toneMapping: true, knee: (0, 0), anchors: [0, 0, 0], sceneLengths: [1]),
    ToSRow(n: 58, frames: 1, seis: 1, validates: true, profile: "B", tsdml: 10000, maxscl: [100000, 100000, 100000], avg: 100000, percentiles: [100000, 100000, 100000, 100000, 100000, 100000, 100000, 100000, 100000, 100000], toneMapping: true, knee: (4095, 4095), anchors: [1023, 1023, 1023, 1023, 1023, 1023, 1023, 1023, 1023], sceneLengths: [1]),
    ToSRow(n: 59, frames: 1, seis: 1, validates: true, profile: "B", tsdml: 10000, maxscl: [0, 0, 0], avg: 100000, percentiles: [100000, 100000, 100000, 100000, 100000, 100000, 100000, 100000, 100000, 100000], toneMapping: true, knee: (4095, 4095), anchors: [1023, 1023, 1023, 1023, 1023, 1023, 1023, 1023, 1023], sceneLengths: [1]),
    ToSRow(n: 60, frames: 6, seis: 6, validates: true, profile: "B", tsdml: 400, maxscl: [0, 0, 0], avg: 0, percentiles: [0, 0, 100, 0, 0, 0, 0, 0, 0], toneMapping: true, knee: (0, 0), anchors: [102, 205, 307, 410, 512, 614, 717, 819, 922], sceneLengths: [5, 1]),
    ToSRow(n: 61, frames: 9, seis: 9, validates: true, profile: "B", tsdml: 400, maxscl: [17830, 16895, 14252], avg: 1037, percentiles: [3, 14024, 43, 56, 219, 1036, 2714, 4668, 14445], toneMapping: true, knee: (17, 64), anchors: [265, 666, 741, 800, 848, 887, 920, 945, 957], sceneLengths: [3, 3, 3]),
    ToSRow(n: 62, frames: 9, seis: 9, validates: true, profile: "A", tsdml: 0, maxscl: [17830, 16895, 14252], avg: 1037, percentiles: [3, 14024, 43, 56, 219, 1036, 2714, 4668, 14445], toneMapping: false, knee: (0, 0), anchors: [], sceneLengths: [3, 3, 3]),
]

@Test func tosTableIsComplete() {
    #expect(tosRows.map(\.n) == Array(1...62))
}

@Test(arguments: tosRows)
func tosFirstFrame(_ row: ToSRow) throws {
    let m = row.metadata
    let parsed = try ST2094_40Metadata.parse(encodeST2094_40(m))
    #expect(parsed == m)
    #expect(parsed.profile == row.profile)
    #expect(parsed.isValid == row.validates)
    if !row.validates {
        // §10.2: every sample tested with --skip-validation fails on "TSDML 0 with tone mapping".
        #expect(parsed.validationIssues.map(\.rule) == [.targetedSystemDisplayMaximumLuminanceProfileB])
    }
    // Stream-level profile per §4/§5 over the frames: one payload followed by gap-filled frames,
    // or the same payload on every frame (single-scene rows; multi-scene rows need the later
    // frames' values, which §10.2 does not give).
    guard row.seis == 1 || row.sceneLengths.count == 1 else { return }
    var summary = HDR10PlusSummary()
    for i in 0..<row.frames {
        if i == 0 || row.seis == row.frames { summary.add(parsed) } else { summary.addFrameWithoutMetadata() }
    }
    #expect(summary.framesScanned == row.frames)
    #expect(summary.framesWithMetadata == row.seis)
    #expect(summary.sceneCount == row.sceneLengths.count)
    #expect(summary.profile == row.profile)
    #expect(summary.invalidPayloadCount == (row.validates ? 0 : row.seis))
}
