import Testing
@testable import HDRProbeParse
import HDRProbeTestSupport

/// The first 113 bytes of hdr10plus_tool `assets/hevc_tests/single-frame.hevc` (SHA-256 78a2112f…,
/// shared/external/hdr10plus_tool/hevc_tests): AUD (type 35) with a 4-byte start code, then VPS (32)
/// and SPS (33) with 3-byte start codes, cut inside the SPS' following start code. NAL types and
/// sizes cross-checked with a start-code scan of the file (AUD 3 bytes, VPS 23 bytes).
private let singleFrameHead = hex("""
    00000001 460110
    000001 40010c01ffff2408000003009db8000003000099959409
    000001 4201012408000003009db8000003000099a0050201e136595952930b9a848804db08000003000800000300c315e4b2f0000989680004c4b440
    000001 4401c073e189
    """)

@Test func annexBSplitsThreeAndFourByteStartCodes() {
    let units = NALUnitSplitter.split(singleFrameHead[...], framing: .annexB)
    #expect(units.map(\.type) == [35, 32, 33, 34])
    #expect(units.map(\.bytes.count) == [3, 23, 57, 6])
    #expect(units.allSatisfy { $0.layerID == 0 && $0.temporalIDPlus1 == 1 })
    // The whole NAL as stored: header included, emulation prevention still in (VPS keeps its 03s).
    #expect(Array(units[1].bytes.prefix(2)) == [0x40, 0x01])
    #expect(units[1].bytes.contains(0x03))
}

@Test func annexBStripsTrailingZerosAndHonoursLimit() {
    // Hand-made: a 4-byte start code, SEI prefix header 4E 01 + 2 bytes, two trailing_zero_8bits,
    // a 3-byte start code and an EOS NAL (type 36: 48 01).
    let data = hex("00000001 4e01 0580 0000 000001 4801")
    let units = NALUnitSplitter.split(data[...], framing: .annexB)
    #expect(units.count == 2)
    #expect(Array(units[0].bytes) == [0x4E, 0x01, 0x05, 0x80])
    #expect(units[1].type == 36)
    #expect(NALUnitSplitter.split(data[...], framing: .annexB, limit: 1).count == 1)
    #expect(NALUnitSplitter.split(data[...], framing: .annexB, limit: 0).isEmpty)
}

@Test func lengthPrefixedKeepsValidUnitsAndStopsOnOverrun() {
    // Hand-made 4-byte-length sample: AUD (3 bytes), then a length of 0x20 with only 4 bytes left.
    let data = hex("00000003 460110 00000020 4e010580")
    let units = NALUnitSplitter.split(data[...], framing: .lengthPrefixed(4))
    #expect(units.map(\.type) == [35])
    // 2-byte and 1-byte lengths.
    #expect(NALUnitSplitter.split(hex("0003 460110 0002 4801")[...], framing: .lengthPrefixed(2)).map(\.type) == [35, 36])
    #expect(NALUnitSplitter.split(hex("03 460110 02 4801")[...], framing: .lengthPrefixed(1)).map(\.type) == [35, 36])
    // 3-byte lengths are not a valid lengthSizeMinusOne + 1: nothing.
    #expect(NALUnitSplitter.split(data[...], framing: .lengthPrefixed(3)).isEmpty)
}

@Test func avcHeaderMode() {
    // Hand-made H.264 Annex B: SPS header byte 0x67 (nal_ref_idc 3, type 7), PPS 0x68 (type 8),
    // IDR slice 0x65 (type 5).
    let data = hex("00000001 67640015 00000001 68ebe3cb 000001 6588")
    let units = NALUnitSplitter.split(data[...], framing: .annexB, header: .avc)
    #expect(units.map(\.type) == [7, 8, 5])
    #expect(units[0].avcRefIDC == 3)
}

@Test func splitterSurvivesGarbage() {
    for seed in 1...20 as ClosedRange<UInt64> {
        let g = garbage(count: 2000, seed: seed)
        _ = NALUnitSplitter.split(g[...], framing: .annexB)
        _ = NALUnitSplitter.split(g[...], framing: .lengthPrefixed(4))
        _ = NALUnitSplitter.split(g[...], framing: .lengthPrefixed(1), header: .avc)
    }
    #expect(NALUnitSplitter.split([][...], framing: .annexB).isEmpty)
    #expect(NALUnitSplitter.split(hex("000001")[...], framing: .annexB).isEmpty)
    #expect(NALUnitSplitter.split(hex("00000180")[...], framing: .annexB).isEmpty)  // forbidden bit / 1 byte
}

// MARK: - Emulation prevention

@Test func unescapeKeepsSecondThreeInDoubleThreeCase() {
    // docs/rules/hdr10plus.md §2.2: `00 00 03 00 03` → `00 00 00 03` (the second 03 follows input bytes 03 00).
    #expect(EmulationPrevention.unescape(hex("0000030003")[...]) == hex("00000003"))
    #expect(EmulationPrevention.unescape(hex("00000300000301")[...]) == hex("0000000001"))
    #expect(EmulationPrevention.unescape(hex("000303")[...]) == hex("000303"))
    #expect(EmulationPrevention.unescape(hex("0000")[...]) == hex("0000"))
    #expect(EmulationPrevention.unescape([UInt8]()).isEmpty)
}

@Test func unescapeRealBufferingPeriodSEI() {
    // The SEI prefix NAL of hdr10plus_tool `sei-double-3byte-case.hevc` (SHA-256 dd79723f…), first
    // 16 bytes: header 4E 01, buffering_period (type 0, size 11) whose payload contains
    // `00 00 03 00 03`. Unescaped, the payload is `80 00 00 00 03 35 98 00 02 48 ac` (11 bytes), so
    // the next message (pic_timing, type 1) starts right after it.
    let nal = hex("4e01 000b 80 0000030003 3598 000248ac 0105")
    #expect(EmulationPrevention.unescape(nal[...]) == hex("4e01 000b 80 00000003 3598 000248ac 0105"))
}
