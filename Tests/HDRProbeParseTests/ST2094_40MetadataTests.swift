import Testing
@testable import HDRProbeParse
import HDRProbeTestSupport

/// The 64-byte T.35 payload of hdr10plus_tool `assets/hevc_tests/single-frame.hevc` (SHA-256
/// 78a2112f…): docs/rules/hdr10plus.md §3.1 gives it byte for byte with the expected field values (= the
/// tool's `single-frame-metadata.json`): profile B.
private let singleFramePayload = hex("""
    b5003c0001040140000c803cb019bd0d800041e4080000285f00500170c800059000125801aed00b5af81be3185b4c00
    42903c248f4a9bf942dbd837be57aa00
    """)

@Test func singleFrameWorkedExample() throws {
    #expect(ST2094_40Metadata.isHDR10Plus(t35: singleFramePayload))
    let m = try ST2094_40Metadata.parse(singleFramePayload)
    #expect(m.countryCode == 0xB5 && m.terminalProviderCode == 0x003C && m.terminalProviderOrientedCode == 1)
    #expect(m.applicationIdentifier == 4 && m.applicationVersion == 1)
    #expect(m.numWindows == 1 && m.windows.count == 1)
    #expect(m.targetedSystemDisplayMaximumLuminance == 400)
    #expect(!m.targetedSystemDisplayActualPeakLuminanceFlag)
    let w = m.windows[0]
    #expect(w.maxscl == [7768, 6589, 6912])
    #expect(w.averageMaxrgb == 263)
    #expect(w.distribution.map(\.percentage) == [1, 5, 10, 25, 50, 75, 90, 95, 99])
    #expect(w.distribution.map(\.percentile) == [0, 6080, 92, 1, 4, 107, 726, 1784, 5843])
    #expect(w.fractionBrightPixels == 0)
    #expect(!m.masteringDisplayActualPeakLuminanceFlag)
    #expect(w.toneMappingFlag && w.kneePointX == 164 && w.kneePointY == 240)
    #expect(w.bezierCurveAnchors == [143, 298, 447, 592, 731, 864, 891, 917, 938])
    #expect(!m.colorSaturationMappingFlag && m.colorSaturationWeight == nil)
    #expect(m.profile == "B")
}

@Test func payloadInsideMultiMessageSEI() throws {
    // SEI prefix NAL 5 of hdr10plus_tool `multimsg-sei.hevc` (SHA-256 2b3548af…), 102 bytes:
    // MDCV (137, 24 bytes, escaped 00 00 03 00), HDR10+ (type 4, 0x40 = 64 bytes: the same payload
    // as single-frame.hevc), CLL (144: 0x0726 = 1830, 0x0223 = 547 — ground-truth.json), trailing 80.
    let nal = hex("""
        4e01891833c286c41d4c0bb884d03e803d1340420098968000000300010440b5003c0001040140000c803cb019bd0d80
        0041e4080000285f00500170c800059000125801aed00b5af81be3185b4c0042903c248f4a9bf942dbd837be57aa0090
        040726022380
        """)
    let messages = SEIMessageParser.parse(rbsp: EmulationPrevention.unescape(nal[...]))
    #expect(messages.map(\.payloadType) == [137, 4, 144])
    #expect(messages[1].payload == singleFramePayload)
    #expect(try ST2094_40Metadata.parse(messages[1].payload).profile == "B")
    #expect(try ContentLightLevelInfoSEI.parse(messages[2].payload).maxContentLightLevel == 1830)
}

@Test func profileAFromRegularStream() throws {
    // First HDR10+ SEI NAL of hdr10plus_tool `regular.hevc` (SHA-256 592926ff…): 4E 01, type 4,
    // size 0x31 = 49, payload with one emulation-prevention byte, trailing 80. regular_metadata.json
    // (ground-truth.json): profile A, TSDML 0, MaxScl [17830, 16895, 14252], AverageRGB 1037;
    // percentiles as ToS-s62 (docs/rules/hdr10plus.md §10.2).
    let nal = hex("4e010431b5003c0001040140000003008b4c41ff1bd601036408000c28db205000acc800e190036e581032d02a6af848f318e1b4000080")
    let messages = SEIMessageParser.parse(rbsp: EmulationPrevention.unescape(nal[...]))
    #expect(messages.map(\.payloadType) == [4])
    let m = try ST2094_40Metadata.parse(messages[0].payload)
    #expect(m.targetedSystemDisplayMaximumLuminance == 0)
    #expect(m.windows[0].maxscl == [17830, 16895, 14252])
    #expect(m.windows[0].averageMaxrgb == 1037)
    #expect(m.windows[0].distribution.map(\.percentile) == [3, 14024, 43, 56, 219, 1036, 2714, 4668, 14445])
    #expect(!m.windows[0].toneMappingFlag)
    #expect(m.profile == "A")
}

@Test func profileNAWhenToneMappingWithoutTSDML() throws {
    // The single-frame payload with TSDML forced to 0 (ToS-s02 case, docs/rules/hdr10plus.md §4): bits 2..28
    // after the version byte hold TSDML; clearing them keeps the rest of the layout.
    var p = singleFramePayload
    p[7] &= 0xC0       // top 2 bits: num_windows; low 6 bits: TSDML bits 26..21
    p[8] = 0
    p[9] = 0
    p[10] &= 0x07      // TSDML's last 5 bits; keep the actual-peak flag and maxscl bits
    let m = try ST2094_40Metadata.parse(p)
    #expect(m.targetedSystemDisplayMaximumLuminance == 0)
    #expect(m.windows[0].toneMappingFlag)
    #expect(m.profile == nil)
}

@Test func hdr10PlusRejectsOtherAndTruncatedPayloads() {
    // Dolby Vision's AV1 T.35 provider code 0x003B (docs/rules/dolby-vision.md §13) is not HDR10+.
    #expect(!ST2094_40Metadata.isHDR10Plus(t35: hex("b5003b00000800")))
    #expect(!ST2094_40Metadata.isHDR10Plus(t35: hex("b5003c0001")))
    #expect(throws: BitstreamError.self) { try ST2094_40Metadata.parse(hex("b5003b0000080037cd08")) }
    for n in 0..<singleFramePayload.count - 2 {
        _ = try? ST2094_40Metadata.parse(Array(singleFramePayload.prefix(n)))
    }
    #expect(throws: (any Error).self) { try ST2094_40Metadata.parse(Array(singleFramePayload.prefix(20))) }
    for seed in 1...20 as ClosedRange<UInt64> {
        _ = try? ST2094_40Metadata.parse(ST2094_40Metadata.signature + garbage(count: 80, seed: seed))
    }
}
