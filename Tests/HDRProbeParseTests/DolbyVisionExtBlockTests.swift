import Testing
@testable import HDRProbeBytes
@testable import HDRProbeParse
import HDRProbeTestSupport

// Extension blocks (docs/rules/dolby-vision.md §10 `ext_block_length` ue(v) / `ext_block_level` u(8) /
// fields / zero padding; §10.1 table and Rules). The hex vectors below were assembled by hand from
// the §10.1 bit widths; the bit layout is written out next to each.

private func readBlock(_ bytes: [UInt8]) throws -> (DolbyVisionExtMetadataBlock, Int) {
    var r = BitReader(bytes)
    let block = try DolbyVisionExtMetadataBlock.read(&r)
    return (block, r.bitPosition)
}

@Test func level1HandBuiltBits() throws {
    // 00110 (ue 5) | 00000001 (level 1) | 000000000001 (min_pq 1) | 110000000111 (max_pq 3079)
    // | 010011001101 (avg_pq 1229) | 0000 (padding to 5 bytes)  = 53 bits
    let (block, end) = try readBlock(hex("30 08 00 e0 3a 66 80"))
    #expect(block == .level1(DolbyVisionLevel1(minPq: 1, maxPq: 3079, avgPq: 1229)))
    #expect(end == 53)
}

@Test func level2HandBuiltBitsWithNegativeMsWeight() throws {
    // 0001100 (ue 11) | 00000010 (level 2) | target_max_pq 2081 = 100000100001 | trim_slope, trim_offset,
    // trim_power, trim_chroma_weight, trim_saturation_gain 2048 = 100000000000 each
    // | ms_weight 1111111111111 (13 bits: 8191 > 4095 → 8191 − 8192 = −1) | 000 (padding to 11 bytes) = 103 bits
    let (block, end) = try readBlock(hex("18 05 04 30 01 00 10 01 00 10 01 ff f0"))
    guard case .level2(let l2) = block else { Issue.record("not L2: \(block)"); return }
    #expect(l2 == DolbyVisionLevel2(targetMaxPq: 2081, trimSlope: 2048, trimOffset: 2048, trimPower: 2048,
                                    trimChromaWeight: 2048, trimSaturationGain: 2048, msWeight: -1))
    #expect(end == 103)
    #expect(l2.targetMaxNits.rounded() == 100)  // dovi_tool "L2 trims: 100 nits" for target 2081 (§14)
    // ms_weight 4095 stays positive (valid range −1…4095).
    var w = TestBitWriter()
    SyntheticRPU.extBlock(&w, level: 2, length: 11) { for _ in 0..<6 { $0.u(0, 12) }; $0.u(4095, 13) }
    guard case .level2(let pos) = try readBlock(w.bytes).0 else { Issue.record("not L2"); return }
    #expect(pos.msWeight == 4095)
}

@Test func level5And6HandBuiltBits() throws {
    // L5: 0001000 (ue 7) | 00000101 | left 0, right 0 (13 bits each) | top 276 = 0000100010100
    // | bottom 277 = 0000100010101 | 0000 (padding to 7 bytes) = 71 bits
    let (l5, end5) = try readBlock(hex("10 0a 00 00 00 04 50 22 a0 71"))
    #expect(l5 == .level5(DolbyVisionLevel5(left: 0, right: 0, top: 276, bottom: 277)))
    #expect(end5 == 71)
    // L6: 0001001 (ue 8) | 00000110 | max_display_mastering_luminance 1000 | min 1 | MaxCLL 1712 | MaxFALL 175
    // (16 bits each) = 79 bits
    let (l6, end6) = try readBlock(hex("12 0c 07 d0 00 02 0d 60 01 5e 79"))
    #expect(l6 == .level6(DolbyVisionLevel6(maxDisplayMasteringLuminance: 1000, minDisplayMasteringLuminance: 1,
                                            maxContentLightLevel: 1712, maxFrameAverageLightLevel: 175)))
    #expect(end6 == 79)
}

@Test func remainingLevelsDecodeFromTheTableWidths() throws {
    func block(_ level: UInt8, _ length: Int, _ fields: (inout TestBitWriter) -> Void) throws -> DolbyVisionExtMetadataBlock {
        var w = TestBitWriter()
        SyntheticRPU.extBlock(&w, level: level, length: length, fields: fields)
        let (b, end) = try readBlock(w.bytes)
        #expect(end == w.bitCount, "level \(level): the reader must stop at the block's end")
        return b
    }
    // L3: three 12-bit offsets, 2048 = none.
    #expect(try block(3, 5) { $0.u(2048, 12); $0.u(1434, 12); $0.u(1007, 12) }
            == .level3(DolbyVisionLevel3(minPqOffset: 2048, maxPqOffset: 1434, avgPqOffset: 1007)))
    // L4: anchor_pq 12, anchor_power 12.
    #expect(try block(4, 3) { $0.u(1354, 12); $0.u(577, 12) } == .level4(DolbyVisionLevel4(anchorPq: 1354, anchorPower: 577)))
    // L8 in all five lengths: the optional fields appear exactly above 10 / 12 / 13 / 19 bytes.
    for length in [10, 12, 13, 19, 25] {
        let b = try block(8, length) { w in
            w.u(48, 8)
            for v in [2049, 2050, 2051, 2052, 2053, 2054] as [UInt64] { w.u(v, 12) }
            if length > 10 { w.u(2055, 12) }
            if length > 12 { w.u(2056, 12) }
            if length > 13 { for v in 1...6 as ClosedRange<UInt64> { w.u(v, 8) } }
            if length > 19 { for v in 11...16 as ClosedRange<UInt64> { w.u(v, 8) } }
        }
        guard case .level8(let l8) = b else { Issue.record("L8 length \(length): \(b)"); continue }
        #expect(l8.length == length && l8.targetDisplayIndex == 48 && l8.targetDisplayNits == 1000)
        #expect([l8.trimSlope, l8.trimOffset, l8.trimPower, l8.trimChromaWeight, l8.trimSaturationGain, l8.msWeight]
                == [2049, 2050, 2051, 2052, 2053, 2054])
        #expect(l8.targetMidContrast == (length > 10 ? 2055 : nil))
        #expect(l8.clipTrim == (length > 12 ? 2056 : nil))
        #expect(l8.saturationVectorField == (length > 13 ? [1, 2, 3, 4, 5, 6] : nil))
        #expect(l8.hueVectorField == (length > 19 ? [11, 12, 13, 14, 15, 16] : nil))
    }
    // L9 short and long forms (index 2 = BT.2020).
    #expect(try block(9, 1) { $0.u(2, 8) } == .level9(DolbyVisionLevel9(sourcePrimaryIndex: 2)))
    guard case .level9(let l9) = try block(9, 17, { w in w.u(255, 8); for v in 1...8 as ClosedRange<UInt64> { w.u(v * 1000, 16) } })
    else { Issue.record("L9"); return }
    #expect(l9.sourcePrimaryIndex == 255 && l9.sourcePrimaryName == nil)
    #expect(l9.sourcePrimaries == DolbyVisionChromaticities(redX: 1000, redY: 2000, greenX: 3000, greenY: 4000,
                                                            blueX: 5000, blueY: 6000, whiteX: 7000, whiteY: 8000))
    #expect(DolbyVisionLevel9(sourcePrimaryIndex: 2).sourcePrimaryName == "BT.2020")
    #expect(DolbyVisionChromaticities.coordinate(32767) == 1)
    // L10 short and long forms.
    guard case .level10(let l10) = try block(10, 5, { $0.u(20, 8); $0.u(3079, 12); $0.u(7, 12); $0.u(2, 8) })
    else { Issue.record("L10"); return }
    #expect(l10.targetDisplayIndex == 20 && l10.targetMaxPq == 3079 && l10.targetMinPq == 7 && l10.targetPrimaryIndex == 2)
    #expect(l10.targetPrimaries == nil)
    guard case .level10(let l10long) = try block(10, 21, { w in
        w.u(20, 8); w.u(3079, 12); w.u(7, 12); w.u(255, 8); for _ in 0..<8 { w.u(0xFFFF, 16) }
    }) else { Issue.record("L10 long"); return }
    #expect(l10long.targetPrimaries?.whiteY == 0xFFFF && l10long.targetPrimaryIndex == 255)
    // L11: content_type 1; second byte 0b1011_0101 → whitepoint 5, reference_mode_flag 1, reserved bits 0b101.
    guard case .level11(let l11) = try block(11, 4, { $0.u(1, 8); $0.u(0b1011_0101, 8); $0.u(0, 8); $0.u(0, 8) })
    else { Issue.record("L11"); return }
    #expect(l11.contentType == 1 && l11.whitepoint == 5 && l11.referenceModeFlag && l11.reservedBits == 0b101)
    #expect(l11.reservedByte2 == 0 && l11.reservedByte3 == 0)
    // L254: dm_mode 0, dm_version_index 2 (CM v4.0.2).
    #expect(try block(254, 2) { $0.u(0, 8); $0.u(2, 8) } == .level254(DolbyVisionLevel254(dmMode: 0, dmVersionIndex: 2)))
    // L255: six bytes.
    guard case .level255(let l255) = try block(255, 6, { w in for v in 1...6 as ClosedRange<UInt64> { w.u(v, 8) } })
    else { Issue.record("L255"); return }
    #expect([l255.dmRunMode, l255.dmRunVersion, l255.dmDebug0, l255.dmDebug1, l255.dmDebug2, l255.dmDebug3] == [1, 2, 3, 4, 5, 6])
}

@Test func unknownLevelsAndWrongLengthsAreKeptRaw() throws {
    // Level 7 is not in the §10.1 table: kept as raw bytes, the reader still moves past it.
    var w = TestBitWriter()
    SyntheticRPU.extBlock(&w, level: 7, length: 3) { $0.u(0xABCDEF, 24) }
    let (b, end) = try readBlock(w.bytes)
    #expect(b == .unknown(DolbyVisionUnknownExtBlock(level: 7, payload: [0xAB, 0xCD, 0xEF])))
    #expect(end == w.bitCount && !b.isDecoded)
    // L1 with 6 bytes instead of 5 and L8 with 11 (not one of 10/12/13/19/25): raw.
    for (level, length) in [(1, 6), (8, 11), (9, 2), (254, 3), (6, 0)] as [(UInt8, Int)] {
        var w = TestBitWriter()
        SyntheticRPU.extBlock(&w, level: level, length: length) { _ in }
        let (b, end) = try readBlock(w.bytes)
        #expect(b == .unknown(DolbyVisionUnknownExtBlock(level: level, payload: Array(repeating: 0, count: length))))
        #expect(end == w.bitCount && b.level == level)
    }
}

@Test func blockLengthBeyondDataOrLimitThrows() {
    // ext_block_length 5 but only 2 payload bytes follow.
    var short = TestBitWriter()
    short.ue(5); short.u(1, 8); short.u(0xFFFF, 16)
    #expect(throws: BitstreamError.self) { _ = try readBlock(short.bytes) }
    // ext_block_length 4_000_000: over the 1024-byte bound, rejected before any allocation.
    var huge = TestBitWriter()
    huge.ue(4_000_000); huge.u(1, 8)
    #expect(throws: BitstreamError.invalid(.extBlockLengthOverLimit(length: 4_000_000, level: 1, limit: 1024))) {
        _ = try readBlock(huge.bytes)
    }
    // 32 leading zero bits: not a ue(v) the reader accepts.
    #expect(throws: BitReaderError.expGolombTooLong) { _ = try readBlock(Array(repeating: 0, count: 5) + [0xFF]) }
}

// MARK: - §10.1 Rules on whole hand-built RPUs

private typealias B = SyntheticRPU.Block

private func l(_ level: UInt8, _ length: Int, _ fill: UInt64 = 0) -> B {
    B(level: level, length: length) { $0.u(fill, min(64, length * 8)) }
}

private func parsed(_ v29: [B], _ v40: [B]? = nil, v29Count: UInt64? = nil, v40Count: UInt64? = nil) throws -> DolbyVisionRPU {
    try DolbyVisionRPU.parse(unescaped: SyntheticRPU.build(v29: v29, v40: v40, v29Count: v29Count, v40Count: v40Count))
}

@Test func fullCMv29ListIsValid() throws {
    // At most one each of L1, L4, L5, L6, L255 and up to 8 × L2.
    let rpu = try parsed([SyntheticRPU.l1(0, 2081, 819)] + Array(repeating: l(2, 11), count: 8)
                         + [l(4, 3), l(5, 7), l(6, 8), l(255, 6)])
    #expect(rpu.isValid, "\(rpu.issues)")
    #expect(rpu.crcValid && rpu.profile == 8 && rpu.enhancementLayer == nil)
    #expect(rpu.cmVersion == .v29 && rpu.dm?.cmV29.blocks.count == 13)
    #expect(rpu.level1 == DolbyVisionLevel1(minPq: 0, maxPq: 2081, avgPq: 819) && rpu.level2.count == 8)
    #expect(rpu.sceneRefresh == true && rpu.extraBytesBeforeCRC == 0)
    // The same RPU with emulation prevention applied parses identically through parse(_:).
    #expect(try DolbyVisionRPU.parse(SyntheticRPU.build(v29: [SyntheticRPU.l1(0, 2081, 819)]))
            == (try parsed([SyntheticRPU.l1(0, 2081, 819)])))
}

@Test func cmv29RuleViolations() throws {
    let l1 = SyntheticRPU.l1(0, 2081, 819)
    let cases: [([B], DolbyVisionDMDataPayload.Issue)] = [
        ([l1, l(3, 5)], .disallowedLevel(.v29, level: 3)),
        ([l1, l(8, 10)], .disallowedLevel(.v29, level: 8)),
        ([l1, l(254, 2)], .disallowedLevel(.v29, level: 254)),
        ([l1, l(7, 4)], .unknownLevel(.v29, level: 7)),
        ([l1, l1], .tooMany(.v29, level: 1, allowed: 1, found: 2)),
        ([l1] + Array(repeating: l(2, 11), count: 9), .tooMany(.v29, level: 2, allowed: 8, found: 9)),
        ([l1, l(6, 8), l(6, 8)], .tooMany(.v29, level: 6, allowed: 1, found: 2)),
        ([l1, l(5, 6)], .lengthMismatch(.v29, level: 5, length: 6)),
    ]
    for (blocks, issue) in cases {
        let rpu = try parsed(blocks)
        #expect(!rpu.isValid && rpu.crcValid)
        #expect(rpu.issues.contains(.extBlocks(issue)), "expected \(issue), got \(rpu.issues)")
        // The list was still read to its end: every block is there and the CRC follows.
        #expect(rpu.dm?.cmV29.blocks.count == blocks.count && rpu.extraBytesBeforeCRC == 0)
    }
}

@Test func cmv40ListRulesAndOrder() throws {
    let v29 = [SyntheticRPU.l1(0, 3079, 2209)]
    // A full v4.0 list: L254 + L3 + 5 × L8 (unordered target displays kept in coded order) + L9 + 4 × L10 + L11.
    let l8s = [48, 1, 27, 48, 16].map { idx in B(level: 8, length: 10) { $0.u(UInt64(idx), 8) } }
    let full = [SyntheticRPU.l254(), l(3, 5)] + l8s + [l(9, 1), l(10, 5), l(10, 5), l(10, 21), l(10, 5), l(11, 4)]
    let rpu = try parsed(v29, full)
    #expect(rpu.isValid, "\(rpu.issues)")
    #expect(rpu.cmVersion == .v40 && rpu.level254 == DolbyVisionLevel254(dmMode: 0, dmVersionIndex: 2))
    #expect(rpu.level8.map(\.targetDisplayIndex) == [48, 1, 27, 48, 16])
    #expect(rpu.level8.map(\.targetDisplayNits) == [1000, 100, 600, 1000, 48])   // §10.1 index → nits
    #expect(rpu.dm?.cmV29.blocks.count == 1 && rpu.dm?.cmV40?.blocks.count == 13 && rpu.extraBytesBeforeCRC == 0)

    let cases: [([B], DolbyVisionDMDataPayload.Issue)] = [
        ([l(3, 5)], .countNotExact(.v40, level: 254, required: 1, found: 0)),
        ([SyntheticRPU.l254(), SyntheticRPU.l254()], .countNotExact(.v40, level: 254, required: 1, found: 2)),
        ([SyntheticRPU.l254(), l(1, 5)], .disallowedLevel(.v40, level: 1)),
        ([SyntheticRPU.l254(), l(6, 8)], .disallowedLevel(.v40, level: 6)),
        ([SyntheticRPU.l254(), l(200, 2)], .unknownLevel(.v40, level: 200)),
        ([SyntheticRPU.l254()] + Array(repeating: l(8, 10), count: 6), .tooMany(.v40, level: 8, allowed: 5, found: 6)),
        ([SyntheticRPU.l254()] + Array(repeating: l(10, 5), count: 5), .tooMany(.v40, level: 10, allowed: 4, found: 5)),
        ([SyntheticRPU.l254(), l(3, 5), l(3, 5)], .tooMany(.v40, level: 3, allowed: 1, found: 2)),
        ([SyntheticRPU.l254(), l(9, 1), l(9, 17)], .tooMany(.v40, level: 9, allowed: 1, found: 2)),
        ([SyntheticRPU.l254(), l(11, 4), l(11, 4)], .tooMany(.v40, level: 11, allowed: 1, found: 2)),
        ([SyntheticRPU.l254(), l(8, 11)], .lengthMismatch(.v40, level: 8, length: 11)),
    ]
    for (blocks, issue) in cases {
        let rpu = try parsed(v29, blocks)
        #expect(!rpu.isValid && rpu.cmVersion == .v40)
        #expect(rpu.issues.contains(.extBlocks(issue)), "expected \(issue), got \(rpu.issues)")
    }
}

@Test func extBlockCountLimits() throws {
    let l1 = SyntheticRPU.l1(0, 2081, 819)
    // num_ext_blocks 65 (> 64): rejected before the loop; the RPU is invalid, nothing crashes.
    let over = try parsed([l1], v29Count: 65)
    #expect(!over.isValid && over.dm == nil)
    #expect(over.issues.contains(.stopped(.vdrDMDataPayload, .bitstream(.invalid(.numExtBlocks(.v29, count: 65, limit: 64))))),
            "\(over.issues)")
    // A huge count (2^32 − 2, the largest ue(v) the reader accepts) is rejected the same way.
    let huge = try parsed([l1], v29Count: 4_294_967_294)
    #expect(huge.issues.contains(.stopped(.vdrDMDataPayload, .bitstream(.invalid(.numExtBlocks(.v29, count: 4_294_967_294, limit: 64))))))
    // num_ext_blocks 10 with one block written: the data runs out → an issue, not a crash.
    let short = try parsed([l1], v29Count: 10)
    #expect(!short.isValid && short.dm == nil && short.issues.contains { if case .stopped(.vdrDMDataPayload, _) = $0 { true } else { false } })
    // A v4.0 count over the limit.
    let over40 = try parsed([l1], [SyntheticRPU.l254()], v40Count: 1000)
    #expect(over40.issues.contains(.stopped(.vdrDMDataPayload, .bitstream(.invalid(.numExtBlocks(.v40, count: 1000, limit: 64))))))
    // 64 blocks is still read (and then fails the count rules).
    let many = try parsed(Array(repeating: l1, count: 64))
    #expect(many.dm?.cmV29.blocks.count == 64 && many.issues.contains(.extBlocks(.tooMany(.v29, level: 1, allowed: 1, found: 64))))
}

@Test func dmDataVariants() throws {
    // scene_refresh_flag 0 → no scene cut.
    let noCut = try DolbyVisionRPU.parse(unescaped: SyntheticRPU.build(v29: [SyntheticRPU.l1(0, 1, 2)], sceneRefresh: 0))
    #expect(noCut.isValid && noCut.sceneRefresh == false)
    // "Compressed" DM (reserved_zero_3bits == 1): only the three ids, then the block lists (§10).
    let compressed = try DolbyVisionRPU.parse(unescaped: SyntheticRPU.build(v29: [SyntheticRPU.l1(0, 1, 2)], compressed: true))
    #expect(compressed.reservedZero3Bits == 1 && compressed.dm?.compressed == true && compressed.dm?.signal == nil)
    #expect(compressed.level1 == DolbyVisionLevel1(minPq: 0, maxPq: 1, avgPq: 2) && compressed.isValid, "\(compressed.issues)")
    // §11.3 DM validation.
    let badID = try DolbyVisionRPU.parse(unescaped: SyntheticRPU.build(v29: [], affectedID: 16))
    #expect(badID.issues == [.dm(.affectedDMMetadataID(16))])
    let badEOTF = try DolbyVisionRPU.parse(unescaped: SyntheticRPU.build(v29: [], signalEOTF: 0))
    #expect(badEOTF.issues == [.dm(.signalEOTF(0))])
    let badDepth = try DolbyVisionRPU.parse(unescaped: SyntheticRPU.build(v29: [], signalBitDepth: 17))
    #expect(badDepth.issues == [.dm(.signalBitDepth(17))])
    // An empty v2.9 list is valid CM v2.9 (empty_dmv1_blocks.bin in §14: "2.9 (0 blocks)").
    let empty = try DolbyVisionRPU.parse(unescaped: SyntheticRPU.build(v29: []))
    #expect(empty.isValid && empty.cmVersion == .v29 && empty.dm?.cmV29.blocks.isEmpty == true && empty.level1 == nil)
}

@Test func nonZeroAlignmentBitsAreReported() throws {
    // The test only means something if alignment bits follow num_ext_blocks in this layout
    // (otherwise both builds are identical).
    let bytes = SyntheticRPU.build(v29: [SyntheticRPU.l1(0, 1, 2)], badAlignment: true)
    let clean = SyntheticRPU.build(v29: [SyntheticRPU.l1(0, 1, 2)])
    try #require(bytes != clean, "no alignment bits after num_ext_blocks in this layout")
    let rpu = try DolbyVisionRPU.parse(unescaped: bytes)
    #expect(rpu.issues == [.extBlocks(.alignmentZeroBit(.v29))])
    #expect(rpu.level1 == DolbyVisionLevel1(minPq: 0, maxPq: 1, avgPq: 2))
}
