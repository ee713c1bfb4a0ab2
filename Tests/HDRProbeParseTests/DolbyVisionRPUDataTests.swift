import Foundation
import Testing
@testable import HDRProbeParse
import HDRProbeTestSupport

// Whole-RPU parsing (mapping + DM data) of the dovi_tool assets against
// shared/external/ground-truth.json. Each fact names its source there: `test:` = asserted by
// dovi_tool's own tests, `derived` = read from the bytes by the §10 layout (also the
// docs/rules/dolby-vision.md §14 table). The vectors are in RPUVectors.swift / AV1RPUVectors.

/// Expected facts for one asset.
private struct Facts: Sendable {
    let bytes: [UInt8]
    let av1: Bool
    let profile: Int                               // dolbyVision.rpu.profile
    let enhancementLayer: DolbyVisionEnhancementLayer?   // dolbyVision.rpu.enhancementLayer
    let cmVersion: DolbyVisionCMVersion            // dolbyVision.rpu.cmVersion
    let sceneCuts: [Int]                           // dolbyVision.rpu.sceneCuts
    let vdrBitDepth: Int                           // dolbyVision.rpu.vdrBitDepth
    let trailingZeroBytes: Int                     // dolbyVision.rpu.trailingZeroBytes
    let l1: [UInt16]                               // dolbyVision.rpu.first.l1 (min, max, avg)
    let l6: [UInt16]?                              // dolbyVision.rpu.first.l6 (max_mdl, min_mdl, MaxCLL, MaxFALL)
    // §14 table columns (derived, not in ground-truth.json):
    let l5: [UInt16]?                              // left, right, top, bottom
    let sourcePq: [UInt16]                         // source_min_pq, source_max_pq
    let signalColorSpace: UInt8
    let crc: UInt32
}

private let facts: [String: Facts] = [
    // profile: test:src/tests/rpu.rs::profile5; valid: same test; the rest derived.
    "profile5": Facts(bytes: RPUVectors.profile5, av1: false, profile: 5, enhancementLayer: nil, cmVersion: .v29, sceneCuts: [0],
                      vdrBitDepth: 12, trailingZeroBytes: 0, l1: [2, 3383, 819], l6: [4000, 50, 0, 0],
                      l5: [0, 0, 0, 0], sourcePq: [62, 3696], signalColorSpace: 2, crc: 0x7B68_C484),
    // profile: test:src/tests/rpu.rs::profile8; the rest derived.
    "profile8": Facts(bytes: RPUVectors.profile8, av1: false, profile: 8, enhancementLayer: nil, cmVersion: .v29, sceneCuts: [0],
                      vdrBitDepth: 12, trailingZeroBytes: 0, l1: [2, 3383, 819], l6: [4000, 50, 0, 0],
                      l5: [0, 0, 0, 0], sourcePq: [62, 3696], signalColorSpace: 0, crc: 0xD2D3_F722),
    // profile: test:src/tests/rpu.rs::p81_to_p84 + ::profile5_to_p84; the rest derived.
    "profile84": Facts(bytes: RPUVectors.profile84, av1: false, profile: 8, enhancementLayer: nil, cmVersion: .v29, sceneCuts: [0],
                       vdrBitDepth: 12, trailingZeroBytes: 0, l1: [2, 3383, 819], l6: [4000, 50, 0, 0],
                       l5: [0, 0, 0, 0], sourcePq: [62, 3696], signalColorSpace: 0, crc: 0x41E6_8E9C),
    // profile, enhancementLayer FEL, cmVersion 2.9, frames 1, L6: test:tests/rpu/info.rs::summary_p7_fel; the rest derived.
    "fel_orig": Facts(bytes: RPUVectors.felOrig, av1: false, profile: 7, enhancementLayer: .fel, cmVersion: .v29, sceneCuts: [],
                      vdrBitDepth: 12, trailingZeroBytes: 0, l1: [0, 2873, 1060], l6: [1000, 1, 1712, 175],
                      l5: [0, 0, 276, 277], sourcePq: [7, 3079], signalColorSpace: 0, crc: 0xB8F2_9D82),
    // profile: test:src/tests/rpu.rs::mel_conversions + ::p8_to_mel; MEL and the rest derived.
    "mel_orig": Facts(bytes: RPUVectors.melOrig, av1: false, profile: 7, enhancementLayer: .mel, cmVersion: .v29, sceneCuts: [0],
                      vdrBitDepth: 12, trailingZeroBytes: 0, l1: [0, 2546, 1566], l6: [1000, 1, 0, 0],
                      l5: nil, sourcePq: [7, 3079], signalColorSpace: 0, crc: 0xF91F_77EE),
    // profile: test:src/tests/rpu.rs::profile4; FEL (non-identity NLQ), no L6 and the rest derived.
    "profile4": Facts(bytes: RPUVectors.profile4, av1: false, profile: 4, enhancementLayer: .fel, cmVersion: .v29, sceneCuts: [],
                      vdrBitDepth: 14, trailingZeroBytes: 0, l1: [0, 4095, 1024], l6: nil,
                      l5: nil, sourcePq: [62, 3697], signalColorSpace: 0, crc: 0xAA9F_1DB0),
    // profile: test:src/tests/rpu.rs::trailing_bytes_rpu; trailing zeros and the rest derived.
    "trailing_bytes_rpu": Facts(bytes: RPUVectors.trailingBytes, av1: false, profile: 7, enhancementLayer: .fel, cmVersion: .v29,
                                sceneCuts: [], vdrBitDepth: 12, trailingZeroBytes: 2, l1: [12, 2452, 887],
                                l6: [4000, 50, 1069, 733], l5: [0, 0, 42, 42], sourcePq: [62, 3696], signalColorSpace: 0,
                                crc: 0x6283_4E73),
    // AV1: profile: test:src/tests/av1_rpu.rs::profile5_dolby_sample; the rest derived (§14 row p5-01-ref.bin).
    "av1 p5-01": Facts(bytes: AV1RPUVectors.p5, av1: true, profile: 5, enhancementLayer: nil, cmVersion: .v29, sceneCuts: [0],
                       vdrBitDepth: 12, trailingZeroBytes: 0, l1: [0, 3119, 1097], l6: [4000, 50, 0, 0],
                       l5: nil, sourcePq: [62, 3696], signalColorSpace: 2, crc: 0x1D44_A5F1),
    // AV1: profile: test:src/tests/av1_rpu.rs::profile_84_dolby_sample; the rest derived (§14 row p84-01-ref.bin).
    "av1 p84-01": Facts(bytes: AV1RPUVectors.p84, av1: true, profile: 8, enhancementLayer: nil, cmVersion: .v29, sceneCuts: [],
                        vdrBitDepth: 12, trailingZeroBytes: 0, l1: [62, 3287, 907], l6: [4000, 50, 0, 0],
                        l5: nil, sourcePq: [62, 3696], signalColorSpace: 0, crc: 0xC74E_E594),
]

private func parse(_ f: Facts) throws -> DolbyVisionRPU {
    f.av1 ? try DolbyVisionRPU.parse(av1T35: f.bytes) : try DolbyVisionRPU.parse(f.bytes)
}

@Test(arguments: facts.keys.sorted())
func wholeRPUMatchesGroundTruth(name: String) throws {
    let f = try #require(facts[name])
    let rpu = try parse(f)
    // rpu.valid = true (test: sources above)
    #expect(rpu.isValid, "\(name): \(rpu.issues)")
    #expect(rpu.crcValid && rpu.storedCRC == f.crc)
    #expect(rpu.profile == f.profile)
    #expect(rpu.enhancementLayer == f.enhancementLayer)
    #expect(rpu.cmVersion == f.cmVersion)
    #expect(rpu.vdrBitDepth == f.vdrBitDepth)
    #expect(rpu.trailingZeroBytes == f.trailingZeroBytes)
    #expect(rpu.sceneRefresh == (f.sceneCuts == [0]))
    let l1 = try #require(rpu.level1, "\(name): no L1")
    #expect([l1.minPq, l1.maxPq, l1.avgPq] == f.l1)
    if let l6 = f.l6 {
        let got = try #require(rpu.level6, "\(name): no L6")
        #expect([got.maxDisplayMasteringLuminance, got.minDisplayMasteringLuminance,
                 got.maxContentLightLevel, got.maxFrameAverageLightLevel] == l6)
    } else {
        #expect(rpu.level6 == nil)
    }
    if let l5 = f.l5 {
        let got = try #require(rpu.level5, "\(name): no L5")
        #expect([got.activeAreaLeftOffset, got.activeAreaRightOffset, got.activeAreaTopOffset, got.activeAreaBottomOffset] == l5)
    } else {
        #expect(rpu.level5 == nil)
    }
    let signal = try #require(rpu.dm?.signal)
    #expect([signal.sourceMinPq, signal.sourceMaxPq] == f.sourcePq)
    #expect(signal.signalColorSpace == f.signalColorSpace)
    // §11.3 "observed in real assets": signal_bit_depth 12 (14 for P4), full range, diagonal 42.
    #expect(Int(signal.signalBitDepth) == f.vdrBitDepth && signal.signalFullRangeFlag == 1 && signal.sourceDiagonal == 42)
    // Every byte up to the CRC is accounted for (no "extra bytes" in these assets).
    #expect(rpu.extraBytesBeforeCRC == 0)
    #expect(rpu.dm?.compressed == false)
    #expect(rpu.mapping != nil && rpu.dm?.cmV40 == nil)

    // The summary accumulator over the file's single RPU: dolbyVision.rpu.framesWithRpu = 1
    // and the scene cut list.
    var summary = DolbyVisionRPUSummary()
    summary.add(rpu)
    #expect(summary.framesWithRpu == 1 && summary.invalidCount == 0)
    #expect(summary.sceneCutIndices == f.sceneCuts && summary.sceneCuts == f.sceneCuts.count)
    #expect(summary.cmVersion == f.cmVersion && summary.enhancementLayer == f.enhancementLayer)
    #expect(summary.profile == f.profile)
}

@Test func level3InCMv29ListIsRejected() throws {
    // st2094_10_level3.bin: rpu.valid = false, rpu.error "CM v2.9: Disallowed block level 3"
    // (test:src/tests/rpu.rs::st2094_10_level3_invalid + tests/rpu/info.rs::invalid_l3_error).
    let rpu = try DolbyVisionRPU.parse(RPUVectors.st2094_10Level3)
    #expect(!rpu.isValid)
    #expect(rpu.crcValid)  // the framing is fine: only the block rule fails
    #expect(rpu.issues.contains(.extBlocks(.disallowedLevel(.v29, level: 3))), "\(rpu.issues)")
    // The L3 block sits in the v2.9 list (it was still decoded and kept, in coded order).
    #expect(rpu.dm?.cmV29.blocks.contains { $0.level == 3 } == true)
    // A summary counts it as invalid and takes none of its metadata.
    var summary = DolbyVisionRPUSummary()
    summary.add(rpu)
    #expect(summary.framesWithRpu == 1 && summary.invalidCount == 1)
    #expect(summary.firstProblem == .issues([.extBlocks(.disallowedLevel(.v29, level: 3))]))
    #expect(summary.firstProblem?.description == "CM v2.9: Disallowed block level 3")   // dovi_tool's rpu.error
    #expect(summary.cmVersion == nil && summary.l1MaxPq.count == 0)
}

@Test func felOrigSummaryMatchesDoviToolInfo() throws {
    // tests/rpu/info.rs::summary_p7_fel (docs/rules/dolby-vision.md §14, ground-truth.json note for fel_orig.bin):
    //   Frames: 1 | Profile: 7 (FEL) | DM version: 1 (CM v2.9) | Scene/shot count: 0
    //   RPU mastering display: 0.0001/1000 nits
    //   RPU content light level (L1): MaxCLL: 630.04 nits, MaxFALL: 5.83 nits
    //   L6 metadata: Mastering display: 0.0001/1000 nits. MaxCLL: 1712 nits, MaxFALL: 175 nits
    //   L2 trims: 100 nits
    var s = DolbyVisionRPUSummary()
    s.add(try DolbyVisionRPU.parse(RPUVectors.felOrig))
    #expect(s.framesWithRpu == 1 && s.profile == 7 && s.enhancementLayer == .fel)
    #expect(s.cmVersion == .v29 && !s.cmVersionMixed && s.sceneCuts == 0)
    let minPq = try #require(s.sourceMinPq), maxPq = try #require(s.sourceMaxPq)
    #expect(String(format: "%.4f", DolbyVisionPQ.nits(code: minPq)) == "0.0001")
    #expect((DolbyVisionPQ.nits(code: maxPq) / 1000).rounded() * 1000 == 1000)  // §10.3: max rounded to a multiple of 1000
    #expect(String(format: "%.2f", try #require(s.l1MaxCLLNits)) == "630.04")
    #expect(String(format: "%.2f", try #require(s.l1MaxFALLNits)) == "5.83")
    let l6 = try #require(s.firstL6)
    #expect(String(format: "%.4f", l6.minDisplayMasteringNits) == "0.0001" && l6.maxDisplayMasteringLuminance == 1000)
    #expect(l6.maxContentLightLevel == 1712 && l6.maxFrameAverageLightLevel == 175)
    #expect(s.l2TargetMaxPqs.map { DolbyVisionPQ.nits(code: $0).rounded() } == [100])
}

@Test func pqToNitsMatchesPublishedValues() {
    // docs/rules/dolby-vision.md §14 "Other summaries" (computed with the §10.3 formula from the assets):
    // profile5.bin L1 MaxCLL 1976.36 / MaxFALL 2.43 nits, RPU mastering display 0.0050/4000;
    // profile4.bin MaxCLL 10000.00.
    #expect(String(format: "%.2f", DolbyVisionPQ.nits(code: 3383)) == "1976.36")
    #expect(String(format: "%.2f", DolbyVisionPQ.nits(code: 819)) == "2.43")
    #expect(String(format: "%.4f", DolbyVisionPQ.nits(code: 62)) == "0.0050")
    #expect((DolbyVisionPQ.nits(code: 3696) / 1000).rounded() * 1000 == 4000)
    #expect(String(format: "%.2f", DolbyVisionPQ.nits(code: 4095)) == "10000.00")
    #expect(DolbyVisionPQ.nits(code: 0) == 0)
    // ST 2084 reference points: signal 1.0 is the 10000 cd/m² peak; codes above 4095 clamp.
    #expect(DolbyVisionPQ.nits(signal: 1) == 10000 && DolbyVisionPQ.nits(code: 5000) == 10000)
    // Inverse, rounded half away from zero (§10.3): the L2 "100 nits" target is coded 2081 in
    // the assets, L6 1000 / 4000 cd/m² mastering goes with source_max_pq 3079 / 3696 (§14 table).
    #expect(DolbyVisionPQ.code(nits: 100) == 2081)
    #expect(DolbyVisionPQ.code(nits: 1000) == 3079)
    #expect(DolbyVisionPQ.code(nits: 4000) == 3696)
    for code: UInt16 in [1, 7, 62, 819, 2081, 3079, 4095] {
        #expect(DolbyVisionPQ.code(nits: DolbyVisionPQ.nits(code: code)) == code)
    }
}

@Test func mappingShapesMatchTheAssetDescriptions() throws {
    // profile84.bin: "the tests assert dovi_profile 8 and luma num_pivots_minus2 = 7"
    // (ground-truth.json note); §11.1: dovi_tool's 8.4 mapping = luma 9 pivots coded
    // [63, 69, 230, 256, 256, 37, 16, 8, 7], 8 second-order polynomials, chroma MMR order 3.
    let p84 = try #require(try DolbyVisionRPU.parse(RPUVectors.profile84).mapping)
    #expect(p84.curves[0].codedPivots == [63, 69, 230, 256, 256, 37, 16, 8, 7])
    #expect(p84.curves[0].pieces == Array(repeating: .polynomial(order: 2), count: 8))
    #expect(p84.curves[1].pieces == [.mmr(order: 3)] && p84.curves[2].pieces == [.mmr(order: 3)])
    #expect(p84.nlq == nil && p84.nlqMethodIDC == nil)
    // Pivot positions are the running sum of the coded values (first absolute, then deltas).
    #expect(p84.curves[0].pivots == [63, 132, 362, 618, 874, 911, 927, 935, 942])
    // profile8.bin: "identity luma/chroma mapping" (ground-truth.json description): 2 pivots 0 / 1023, one
    // linear polynomial per component.
    let p8 = try #require(try DolbyVisionRPU.parse(RPUVectors.profile8).mapping)
    for c in p8.curves { #expect(c.codedPivots == [0, 1023] && c.pieces == [.polynomial(order: 1)]) }
    // fel_orig.bin: "9-pivot polynomial luma, MMR chroma, non-identity NLQ" (ground-truth.json description);
    // §11.3: profile 7 nlq_pred_pivot_value adds up to 1023.
    let fel = try #require(try DolbyVisionRPU.parse(RPUVectors.felOrig).mapping)
    #expect(fel.curves[0].codedPivots.count == 9)
    #expect(fel.curves[0].pieces.allSatisfy { if case .polynomial = $0 { true } else { false } })
    #expect(fel.curves[1].pieces.allSatisfy { if case .mmr = $0 { true } else { false } })
    #expect(fel.nlqPredPivotValue.map { $0.reduce(0) { $0 + Int($1) } } == 1023)
    #expect(fel.nlq?.count == 3 && fel.nlq?.contains { !$0.isIdentity } == true)
    // mel_orig.bin: "identity NLQ" → every parameter is the §11.2 identity.
    let mel = try #require(try DolbyVisionRPU.parse(RPUVectors.melOrig).mapping)
    let identity = DolbyVisionRPUDataMapping.NLQ(nlqOffset: 0, vdrInMaxInt: 1, vdrInMax: 0, linearDeadzoneSlopeInt: 0,
                                                 linearDeadzoneSlope: 0, linearDeadzoneThresholdInt: 0, linearDeadzoneThreshold: 0)
    #expect(mel.nlq == [identity, identity, identity])
    // p84-01.bin: "9-pivot polynomial luma, MMR chroma" (ground-truth.json description).
    let av1 = try #require(try DolbyVisionRPU.parse(av1T35: AV1RPUVectors.p84).mapping)
    #expect(av1.curves[0].codedPivots.count == 9 && av1.curves[1].pieces.allSatisfy { if case .mmr = $0 { true } else { false } })
}

@Test func melFelDecisionFollowsEveryNLQParameter() {
    // §11.2: any single non-identity parameter of any component makes the EL full.
    let identity = DolbyVisionRPUDataMapping.NLQ(nlqOffset: 0, vdrInMaxInt: 1, vdrInMax: 0, linearDeadzoneSlopeInt: 0,
                                                 linearDeadzoneSlope: 0, linearDeadzoneThresholdInt: 0, linearDeadzoneThreshold: 0)
    let curve = DolbyVisionRPUDataMapping.Curve(codedPivots: [0, 1023], pieces: [.polynomial(order: 1)])
    func el(_ nlq: [DolbyVisionRPUDataMapping.NLQ]?) -> DolbyVisionEnhancementLayer? {
        DolbyVisionRPUDataMapping(vdrRpuID: 0, mappingColorSpace: 0, mappingChromaFormatIDC: 0, curves: [curve, curve, curve],
                                  numXPartitionsMinus1: 0, numYPartitionsMinus1: 0, nlqMethodIDC: nlq == nil ? nil : 0,
                                  nlqPredPivotValue: nlq == nil ? nil : [0, 1023], nlq: nlq).enhancementLayer
    }
    #expect(el(nil) == nil)
    #expect(el([identity, identity, identity]) == .mel)
    let changes: [(inout DolbyVisionRPUDataMapping.NLQ) -> Void] = [
        { $0.nlqOffset = 1 }, { $0.vdrInMaxInt = 0 }, { $0.vdrInMax = 1 }, { $0.linearDeadzoneSlopeInt = 1 },
        { $0.linearDeadzoneSlope = 1 }, { $0.linearDeadzoneThresholdInt = 1 }, { $0.linearDeadzoneThreshold = 1 },
        { $0.vdrInMaxInt = nil },
    ]
    for change in changes {
        var changed = identity
        change(&changed)
        #expect(el([identity, identity, changed]) == .fel)
    }
}

@Test func summaryAccumulatesAcrossRPUs() throws {
    // Expected values come from the per-asset facts above (ground-truth.json), combined by hand.
    var s = DolbyVisionRPUSummary()
    s.add(try DolbyVisionRPU.parse(RPUVectors.profile5))         // scene cut, L1 2/3383/819, L5 0000, L6 4000/50/0/0
    s.add(try DolbyVisionRPU.parse(RPUVectors.felOrig))          // no cut, L1 0/2873/1060, L5 0/0/276/277, L6 1000/1/1712/175, FEL
    s.add(try DolbyVisionRPU.parse(RPUVectors.melOrig))          // cut, L1 0/2546/1566, no L5, L6 1000/1/0/0, MEL
    s.add(try DolbyVisionRPU.parse(RPUVectors.st2094_10Level3))  // invalid
    s.addUnparsable(BitstreamError.invalid(.rpuLastByte(129)))
    s.add(try DolbyVisionRPU.parse(RPUVectors.trailingBytes))    // no cut, L1 12/2452/887, FEL
    #expect(s.framesWithRpu == 6 && s.invalidCount == 2)
    #expect(s.firstProblem == .issues([.extBlocks(.disallowedLevel(.v29, level: 3))]))
    #expect(s.sceneCuts == 2 && s.sceneCutIndices == [0, 2])
    #expect(s.cmV29Count == 4 && s.cmV40Count == 0 && s.withoutDMCount == 0 && s.cmVersion == .v29)
    #expect(s.felCount == 2 && s.melCount == 1 && s.enhancementLayer == .fel)
    #expect(s.profile == 5 && s.profileChanges)
    #expect(s.l1MinPq.min == 0 && s.l1MinPq.max == 12)
    #expect(s.l1MaxPq.min == 2452 && s.l1MaxPq.max == 3383 && s.l1MaxPq.count == 4)
    #expect(s.l1AvgPq.min == 819 && s.l1AvgPq.max == 1566)
    #expect(s.l1AvgPq.average == Double(819 + 1060 + 1566 + 887) / 4)
    #expect(s.firstL5 == DolbyVisionLevel5(left: 0, right: 0, top: 0, bottom: 0) && s.l5Changes && s.framesWithL5 == 3)
    #expect(s.firstL6 == DolbyVisionLevel6(maxDisplayMasteringLuminance: 4000, minDisplayMasteringLuminance: 50,
                                           maxContentLightLevel: 0, maxFrameAverageLightLevel: 0))
    #expect(s.l6Changes && s.framesWithL6 == 4)
    #expect(s.sourceMinPq == 62 && s.sourceMaxPq == 3696)   // the first valid RPU's (profile5.bin)

    // Unchanging metadata: the same RPU twice.
    var same = DolbyVisionRPUSummary()
    for _ in 0..<2 { same.add(try DolbyVisionRPU.parse(RPUVectors.felOrig)) }
    #expect(!same.l5Changes && !same.l6Changes && !same.profileChanges && same.sceneCuts == 0)
    #expect(same.l1MaxPq.average == 2873)
    // Codable (the summary goes into reports).
    let decoded = try JSONDecoder().decode(DolbyVisionRPUSummary.self, from: JSONEncoder().encode(s))
    #expect(decoded == s)
}

@Test func reportedBlockStructsEncodeWithContractNames() throws {
    // ground-truth.json names the L1 / L6 fields minPq/maxPq/avgPq and
    // maxDisplayMasteringLuminance/minDisplayMasteringLuminance/maxContentLightLevel/maxFrameAverageLightLevel.
    let rpu = try DolbyVisionRPU.parse(RPUVectors.felOrig)
    let l1 = try JSONSerialization.jsonObject(with: JSONEncoder().encode(try #require(rpu.level1))) as? [String: Int]
    #expect(l1 == ["minPq": 0, "maxPq": 2873, "avgPq": 1060])
    let l6 = try JSONSerialization.jsonObject(with: JSONEncoder().encode(try #require(rpu.level6))) as? [String: Int]
    #expect(l6 == ["maxDisplayMasteringLuminance": 1000, "minDisplayMasteringLuminance": 1,
                   "maxContentLightLevel": 1712, "maxFrameAverageLightLevel": 175])
    // The block enum round-trips.
    let blocks = try #require(rpu.dm?.allBlocks)
    #expect(try JSONDecoder().decode([DolbyVisionExtMetadataBlock].self, from: JSONEncoder().encode(blocks)) == blocks)
}

@Test func headerOnlyAPIStillAgrees() throws {
    // The existing public API (profile, crcValid, issues, header fields) is unchanged by the
    // body parse: the NAL-header and start-code forms still give identical values.
    let viaNAL = try DolbyVisionRPU.parse([0x7C, 0x01] + RPUVectors.felOrig)
    let plain = try DolbyVisionRPU.parse(RPUVectors.felOrig)
    #expect(viaNAL == plain && plain.issues.isEmpty && plain.crcValid && plain.profile == 7)
}
