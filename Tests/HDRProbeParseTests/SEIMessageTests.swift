import Testing
@testable import HDRProbeParse
import HDRProbeTestSupport

/// SEI prefix NAL of hdr10plus_tool `assets/hevc_tests/sei-double-3byte-case.hevc` (SHA-256
/// dd79723f…; shared/external/hdr10plus_tool/hevc_tests), 57 bytes as stored. Per ground-truth.json
/// it carries buffering_period, pic_timing, mastering_display_colour_volume and
/// content_light_level_info; MDCV max 4000 / min 0.005 cd/m², CLL 10000 / 595.
private let doubleThreeSEI = hex("""
    4e01000b8000000300033598000248ac01050011c00068891833c286c41d4c0bb884d03e803d13404202625a00000300
    003290042710025380
    """)

@Test func parsesFourMessagesAfterUnescaping() {
    let messages = SEIMessageParser.parse(rbsp: EmulationPrevention.unescape(doubleThreeSEI[...]))
    #expect(messages.map(\.payloadType) == [0, 1, 137, 144])
    #expect(messages.map(\.payload.count) == [11, 5, 24, 4])
    let mdcv = try? MasteringDisplayColourVolumeSEI.parse(messages[2].payload)
    #expect(mdcv?.maxDisplayMasteringLuminance == 40_000_000)
    #expect(mdcv?.minDisplayMasteringLuminance == 50)
    let cll = try? ContentLightLevelInfoSEI.parse(messages[3].payload)
    #expect(cll?.report(source: .bitstream) == ContentLightLevel(maxCLL: 10000, maxFALL: 595, source: .bitstream))
}

@Test func unescapingWronglyLosesTheMessages() {
    // Sanity check of the vector: an unescaper that re-examines its output drops the second 03,
    // which shifts everything after the buffering period (docs/rules/hdr10plus.md §2.2).
    let bad = hex("4e01000b80000000 35980002 48ac0105 0011c000 68")
    #expect(SEIMessageParser.parse(rbsp: bad).map(\.payloadType) != [0, 1, 137, 144])
}

@Test func mdcvFromSingleFrameStream() throws {
    // SEI NAL 5 of hdr10plus_tool `single-frame.hevc` (SHA-256 78a2112f…): 4E 01, type 0x89 = 137,
    // size 0x18 = 24, payload, trailing 80. ground-truth.json: R x 0.68, G y 0.69, B x 0.15, white x
    // 0.3127, max 1000, min 0.0001 cd/m².
    let nal = hex("4e01891833c286c41d4c0bb884d03e803d13404200989680000003000180")
    let messages = SEIMessageParser.parse(rbsp: EmulationPrevention.unescape(nal[...]))
    #expect(messages.count == 1)
    let sei = try MasteringDisplayColourVolumeSEI.parse(messages[0].payload)
    // Stream order G, B, R: 0x33C2 = 13250 (G x 0.265), 0x1D4C = 7500 (B x 0.15), 0x84D0 = 34000 (R x 0.68).
    #expect(sei.displayPrimariesX == [13250, 7500, 34000])
    #expect(sei.displayPrimariesY == [34500, 3000, 16000])
    #expect(sei.whitePointX == 15635 && sei.whitePointY == 16450)
    let md = sei.report(source: .bitstream)
    #expect(abs(md.redX - 0.68) < 1e-9 && abs(md.greenY - 0.69) < 1e-9 && abs(md.blueX - 0.15) < 1e-9)
    #expect(abs(md.whiteX - 0.3127) < 1e-9)
    #expect(md.maxLuminance == 1000 && abs(md.minLuminance - 0.0001) < 1e-12)
    #expect(md.source == .bitstream)
}

@Test func cllFromSingleFrameStream() throws {
    // SEI NAL 4 of `single-frame.hevc`: type 0x90 = 144, size 4, 03E8 = 1000, 0190 = 400, trailing 80.
    let messages = SEIMessageParser.parse(rbsp: hex("4e01900403e8019080"))
    #expect(messages.map(\.payloadType) == [144])
    let cll = try ContentLightLevelInfoSEI.parse(messages[0].payload)
    #expect(cll.maxContentLightLevel == 1000 && cll.maxPicAverageLightLevel == 400)
    #expect(cll.report(source: .container).maxFALL == 400)
}

@Test func alternativeTransferCharacteristics() throws {
    // Hand-made: SEI prefix 4E 01, type 0x93 = 147, size 1, preferred_transfer_characteristics 18 (HLG).
    let messages = SEIMessageParser.parse(rbsp: hex("4e01930112 80"))
    #expect(messages.count == 1)
    #expect(try AlternativeTransferCharacteristicsSEI.parse(messages[0].payload).preferredTransferCharacteristics == 18)
    #expect(throws: BitstreamError.self) { try AlternativeTransferCharacteristicsSEI.parse([]) }
}

@Test func extendedTypeAndSize() {
    // Hand-made: payloadType FF FF 05 = 515, payloadSize FF 01 = 256, 256 payload bytes, then a
    // second message (type 4, size 1), trailing 80.
    var rbsp = hex("4e01 ffff05 ff01")
    rbsp += [UInt8](repeating: 0xAB, count: 256)
    rbsp += hex("0401 07 80")
    let m = SEIMessageParser.parse(rbsp: rbsp)
    #expect(m.map(\.payloadType) == [515, 4])
    #expect(m[0].payload.count == 256 && m[1].payload == [0x07])
}

@Test func overrunningSizeKeepsEarlierMessages() {
    // Hand-made: CLL (type 144, size 4) then a type-137 message claiming 24 bytes with 3 present.
    let m = SEIMessageParser.parse(rbsp: hex("4e01 9004 03e80190 8918 010203"))
    #expect(m.map(\.payloadType) == [144])
}

@Test func seiParserSurvivesGarbageAndCapsCount() {
    for seed in 1...30 as ClosedRange<UInt64> {
        _ = SEIMessageParser.parse(rbsp: garbage(count: 300, seed: seed))
    }
    #expect(SEIMessageParser.parse(rbsp: []).isEmpty)
    #expect(SEIMessageParser.parse(rbsp: hex("4e01")).isEmpty)
    #expect(SEIMessageParser.parse(rbsp: hex("4e0180")).isEmpty)
    // 100 empty messages (type 5, size 0): capped at 64.
    var many = hex("4e01")
    for _ in 0..<100 { many += [0x05, 0x00] }
    many.append(0x80)
    #expect(SEIMessageParser.parse(rbsp: many).count == 64)
    #expect(throws: BitstreamError.self) { try MasteringDisplayColourVolumeSEI.parse([1, 2, 3]) }
    #expect(throws: BitstreamError.self) { try ContentLightLevelInfoSEI.parse([1, 2, 3]) }
}
