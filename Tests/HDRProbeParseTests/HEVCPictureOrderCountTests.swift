import Testing
@testable import HDRProbeParse
import HDRProbeTestSupport

// Picture order count (ITU-T H.265 §8.3.1), the PPS / slice segment header fields it reads
// (§7.3.2.3.1, §7.3.6.1), access unit grouping (§7.4.2.4.4) and display order
// (docs/rules/dolby-vision.md §12). Bit patterns are written by hand from the syntax tables.

/// The SPS (55 bytes, escaped) and PPS (7 bytes) of dovi_tool `assets/hevc_tests/regular.hevc`
/// (SHA-256 23cd8db3…), as carried in its hvcC (`HEVCParameterSetTests.swift`) and in the stream.
/// x265 defaults: log2_max_pic_order_cnt_lsb = 8; PPS 0 → SPS 0, no extra slice header bits.
private let regularSPS = hex("""
    420101222000000300900000030000030099a00808091365959a4932b9a848804db0800001f480002ee0315e4b2f00009896
    80004c4b44
    """)
private let regularPPS = hex("4401c172bc6240")
/// The first 10 bytes of the first slice NAL units of the same stream: the IDR_N_LP (20) and the
/// two following TRAIL_R (1) pictures.
private let regularIDRHead = hex("2801af06bd96f0806435")
private let regularTrail1Head = hex("0201d0294be10c60d736")
private let regularTrail2Head = hex("0201e0649d7860cf36d4")

private func unit(_ bytes: [UInt8]) -> NALUnit { NALUnit.hevc(bytes[...])! }

private func regularParameterSets() throws -> (HEVCSequenceParameterSet, HEVCPictureParameterSet) {
    (try HEVCSequenceParameterSet.parse(EmulationPrevention.unescape(regularSPS)),
     try HEVCPictureParameterSet.parse(EmulationPrevention.unescape(regularPPS)))
}

/// A first slice segment (or, with `first: false`, a following one) written from §7.3.6.1 for a
/// PPS without extra bits / output flag and an SPS with log2_max_pic_order_cnt_lsb = `log2`,
/// followed by one byte of "slice data" and the trailing bits; escaped.
private func slice(_ type: UInt8, lsb: UInt64 = 0, temporalID: UInt8 = 0, layerID: UInt8 = 0, first: Bool = true,
                   ppsID: UInt64 = 0, sliceType: UInt64 = 1, log2: Int = 8) -> [UInt8] {
    var w = TestBitWriter(hevcNALHeader(type: type, layerID: layerID, temporalIDPlus1: temporalID + 1))
    w.flag(first)
    if (16...23).contains(type) { w.flag(false) }       // no_output_of_prior_pics_flag
    w.ue(ppsID)
    if first {
        w.ue(sliceType)
        if type != 19 && type != 20 { w.u(lsb, log2) }   // slice_pic_order_cnt_lsb
    } else {
        w.u(0, 4)                                         // slice_segment_address (some bits)
    }
    w.u(0x5A, 8)
    w.trailingBits()
    return escapeRBSP(w.bytes)
}

private let aud = hevcNALHeader(type: 35) + [0x50]
private let eos = hevcNALHeader(type: 36)
private let rpu = hevcNALHeader(type: 62) + [0x19, 0x08, 0x09, 0x80]
private let prefixSEI = hevcNALHeader(type: 39) + [0x05, 0x01, 0x00, 0x80]
private let suffixSEI = hevcNALHeader(type: 40) + [0x05, 0x01, 0x00, 0x80]

/// Feeds each access unit (a list of NAL units as bytes) and returns the POCs of the pictures.
private func pocs(_ accessUnits: [[[UInt8]]], counter: inout HEVCPictureOrderCounter)
    -> [HEVCPictureOrderCounter.Picture]
{
    accessUnits.compactMap { counter.feed(accessUnit: $0.map(unit)) }
}

private func pocs(_ accessUnits: [[[UInt8]]]) -> [Int?] {
    var counter = HEVCPictureOrderCounter()
    return pocs(accessUnits, counter: &counter).map(\.picOrderCount)
}

// MARK: - PPS

@Test func ppsHandBuiltFields() throws {
    // pps_pic_parameter_set_id ue 3 = 00100, pps_seq_parameter_set_id ue 1 = 010,
    // dependent_slice_segments_enabled_flag 1, output_flag_present_flag 1,
    // num_extra_slice_header_bits 010, then a stop bit: 0010 0010 1101 0100 = 22 D4.
    let pps = try HEVCPictureParameterSet.parse(hex("4401 22d4"))
    #expect(pps == HEVCPictureParameterSet(picParameterSetID: 3, seqParameterSetID: 1,
                                           dependentSliceSegmentsEnabledFlag: true, outputFlagPresentFlag: true,
                                           numExtraSliceHeaderBits: 2))
    // The same built with the writer, ids at the top of their ranges: 63 and 15.
    var w = TestBitWriter(hevcNALHeader(type: 34))
    w.ue(63); w.ue(15); w.flag(false); w.flag(false); w.u(7, 3); w.trailingBits()
    let top = try HEVCPictureParameterSet.parse(w.bytes)
    #expect(top.picParameterSetID == 63 && top.seqParameterSetID == 15 && top.numExtraSliceHeaderBits == 7)
    #expect(!top.dependentSliceSegmentsEnabledFlag && !top.outputFlagPresentFlag)
}

@Test func ppsFromRegularHEVC() throws {
    // C1 = 1 1 0 0 000 1: ids 0 and 0, both flags 0, no extra bits.
    let (_, pps) = try regularParameterSets()
    #expect(pps == HEVCPictureParameterSet(picParameterSetID: 0, seqParameterSetID: 0))
}

@Test func ppsRejectsOutOfRangeIDsAndWrongTypes() {
    var w = TestBitWriter(hevcNALHeader(type: 34))
    w.ue(64); w.ue(0); w.u(0, 5); w.trailingBits()
    #expect(throws: BitstreamError.invalid(.ppsPicParameterSetID(64))) { try HEVCPictureParameterSet.parse(w.bytes) }
    var v = TestBitWriter(hevcNALHeader(type: 34))
    v.ue(0); v.ue(16); v.u(0, 5); v.trailingBits()
    #expect(throws: BitstreamError.invalid(.ppsSeqParameterSetID(16))) { try HEVCPictureParameterSet.parse(v.bytes) }
    #expect(throws: BitstreamError.invalid(.nalUnitType(33, expected: .hevcPPS))) { try HEVCPictureParameterSet.parse(hex("4201 22d4")) }  // an SPS header
    #expect(throws: BitstreamError.invalid(.forbiddenZeroBit)) { try HEVCPictureParameterSet.parse(hex("c401 22d4")) }  // forbidden bit
    #expect(throws: (any Error).self) { try HEVCPictureParameterSet.parse(hex("4401 00")) }       // ue runs off the end
}

// MARK: - Slice segment header

@Test func sliceHeaderHandBuiltTrailWithExtraBitsAndOutputFlag() throws {
    let sps = try regularParameterSets().0
    let pps = HEVCPictureParameterSet(picParameterSetID: 3, seqParameterSetID: 0, outputFlagPresentFlag: true,
                                      numExtraSliceHeaderBits: 2)
    // TRAIL_R (02 01): first_slice_segment_in_pic_flag 1, slice_pic_parameter_set_id ue 3 = 00100,
    // slice_reserved_flag × 2 = 10, slice_type ue 0 = 1 (B), pic_output_flag 0,
    // slice_pic_order_cnt_lsb u(8) = 5 = 00000101, then 1 and padding:
    // 1001 0010 1000 0001 0110 0000 = 92 81 60.
    let h = try HEVCSliceSegmentHeader.parse(hex("0201 928160"), pps: pps, sps: sps)
    #expect(h == HEVCSliceSegmentHeader(nalUnitType: 1, noOutputOfPriorPicsFlag: nil, slicePicParameterSetID: 3,
                                        seqParameterSetID: 0, sliceReservedFlags: 2, sliceType: 0,
                                        picOutputFlag: false, colourPlaneID: nil, slicePicOrderCntLsb: 5,
                                        log2MaxPicOrderCntLsb: 8))
}

@Test func sliceHeaderHandBuiltIDRWithColourPlane() throws {
    let (base, pps) = try regularParameterSets()
    var sps = base
    sps.separateColourPlaneFlag = true
    // IDR_W_RADL (26 01): first 1, no_output_of_prior_pics_flag 1, pps ue 0 = 1,
    // slice_type ue 2 = 011 (I), colour_plane_id 10, no POC lsb: 1110 1110, then 80.
    let h = try HEVCSliceSegmentHeader.parse(hex("2601 ee80"), pps: pps, sps: sps)
    #expect(h.noOutputOfPriorPicsFlag == true)
    #expect(h.sliceType == 2 && h.colourPlaneID == 2 && h.picOutputFlag)
    #expect(h.slicePicOrderCntLsb == 0)
}

@Test func sliceHeaderHandBuiltCRAWithShortLsb() throws {
    let (base, pps) = try regularParameterSets()
    var sps = base
    sps.log2MaxPicOrderCntLsb = 4
    // CRA_NUT (2A 01): first 1, no_output_of_prior_pics_flag 0, pps ue 0 = 1, slice_type ue 2 = 011,
    // slice_pic_order_cnt_lsb u(4) = 1111: 1010 1111 11 + stop bit = AF E0.
    let h = try HEVCSliceSegmentHeader.parse(hex("2a01 afe0"), pps: pps, sps: sps)
    #expect(h.noOutputOfPriorPicsFlag == false)
    #expect(h.sliceType == 2 && h.slicePicOrderCntLsb == 15 && h.log2MaxPicOrderCntLsb == 4)
}

@Test func sliceHeadersFromRegularHEVC() throws {
    let (sps, pps) = try regularParameterSets()
    #expect(sps.log2MaxPicOrderCntLsb == 8 && !sps.separateColourPlaneFlag)
    // IDR: AF = 1 0 1 011 11: no_output_of_prior_pics 0, pps 0, I slice.
    let idr = try HEVCSliceSegmentHeader.parse(EmulationPrevention.unescape(regularIDRHead), pps: pps, sps: sps)
    #expect(idr.nalUnitType == 20 && idr.noOutputOfPriorPicsFlag == false && idr.sliceType == 2)
    #expect(idr.slicePicOrderCntLsb == 0)
    // D0 29 = 1 1 010 000|0010 1…: P slice, lsb 00000101 = 5.
    let p = try HEVCSliceSegmentHeader.parse(EmulationPrevention.unescape(regularTrail1Head), pps: pps, sps: sps)
    #expect(p.sliceType == 1 && p.slicePicOrderCntLsb == 5)
    // E0 64 = 1 1 1 00000|011…: B slice, lsb 3.
    let b = try HEVCSliceSegmentHeader.parse(EmulationPrevention.unescape(regularTrail2Head), pps: pps, sps: sps)
    #expect(b.sliceType == 0 && b.slicePicOrderCntLsb == 3)
    #expect(HEVCSliceSegmentHeader.firstSliceSegmentInPicFlag(unit(regularTrail2Head)) == true)
}

@Test func sliceHeaderNeedsItsParameterSets() throws {
    let (sps, pps) = try regularParameterSets()
    let bytes = EmulationPrevention.unescape(regularTrail1Head)
    #expect(throws: BitstreamError.invalid(.sliceNamesNoPPS(0))) {
        try HEVCSliceSegmentHeader.parse(bytes, pictureParameterSet: { _ in nil }, sequenceParameterSet: { _ in sps })
    }
    #expect(throws: BitstreamError.invalid(.ppsNamesNoSPS(0))) {
        try HEVCSliceSegmentHeader.parse(bytes, pictureParameterSet: { _ in pps }, sequenceParameterSet: { _ in nil })
    }
    var noLsb = sps
    noLsb.log2MaxPicOrderCntLsb = nil
    #expect(throws: BitstreamError.invalid(.spsWithoutPicOrderCntLsb(0))) { try HEVCSliceSegmentHeader.parse(bytes, pps: pps, sps: noLsb) }
    // Not a first slice segment: rejected (slice_segment_address needs CTB sizes).
    #expect(throws: BitstreamError.unsupported(.notFirstSliceSegment)) {
        try HEVCSliceSegmentHeader.parse(slice(1, first: false), pps: pps, sps: sps)
    }
    #expect(HEVCSliceSegmentHeader.firstSliceSegmentInPicFlag(unit(slice(1, first: false))) == false)
    // slice_type 3 and slice_pic_parameter_set_id 64 are out of range.
    #expect(throws: BitstreamError.invalid(.sliceType(3))) { try HEVCSliceSegmentHeader.parse(slice(1, sliceType: 3), pps: pps, sps: sps) }
    #expect(throws: BitstreamError.invalid(.slicePicParameterSetID(64))) {
        try HEVCSliceSegmentHeader.parse(slice(1, ppsID: 64), pictureParameterSet: { _ in pps },
                                         sequenceParameterSet: { _ in sps })
    }
    #expect(throws: BitstreamError.invalid(.nalUnitType(34, expected: .hevcSliceSegment))) { try HEVCSliceSegmentHeader.parse(regularPPS, pps: pps, sps: sps) }
}

// MARK: - Picture order count

@Test func pocWithinOneGOP() {
    // IDR, then P at lsb 4, B at 2, b (TRAIL_N) at 1 and 3: POC = lsb.
    let params = [regularSPS, regularPPS]
    let result = pocs([params + [slice(20)], [slice(1, lsb: 4)], [slice(1, lsb: 2)], [slice(0, lsb: 1)],
                       [slice(0, lsb: 3)]])
    #expect(result == [0, 4, 2, 1, 3])
}

@Test func pocMsbWrapsBothWays() {
    // MaxPicOrderCntLsb 256. 100 → 200 → 44: 44 < 200 and 200 − 44 ≥ 128, so MSB = 256, POC 300.
    // Then a TRAIL_N at lsb 250: 250 > 44 and 250 − 44 > 128, so MSB = 256 − 256 = 0, POC 250.
    // A further TRAIL_R at 60 uses the TRAIL_R at 44 (MSB 256): POC 316.
    let params = [regularSPS, regularPPS]
    let result = pocs([params + [slice(19)], [slice(1, lsb: 100)], [slice(1, lsb: 200)], [slice(1, lsb: 44)],
                       [slice(0, lsb: 250)], [slice(1, lsb: 60)]])
    #expect(result == [0, 100, 200, 300, 250, 316])
}

@Test func prevTid0PicSkipsSubLayerNonReferenceRASLRADLAndHigherTemporalIDs() {
    // MaxPicOrderCntLsb 256. prevTid0Pic is the TRAIL_R at lsb 120 (POC 120). Each candidate at
    // lsb 250 gets POC −6 (250 − 120 > 128, MSB −256). The last picture, lsb 140, has POC 140
    // relative to lsb 120 — but −116 if the candidate had become prevTid0Pic (140 < 250, MSB −256).
    let params = [regularSPS, regularPPS]
    let base: [[[UInt8]]] = [params + [slice(19)], [slice(1, lsb: 120)]]
    for excluded in [slice(0, lsb: 250),                   // TRAIL_N (sub-layer non-reference)
                     slice(2, lsb: 250, temporalID: 1),    // TSA_N
                     slice(1, lsb: 250, temporalID: 1),    // TRAIL_R with TemporalId 1
                     slice(6, lsb: 250),                   // RADL_N
                     slice(7, lsb: 250),                   // RADL_R
                     slice(9, lsb: 250)]                   // RASL_R
    {
        #expect(pocs(base + [[excluded], [slice(1, lsb: 140)]]) == [0, 120, -6, 140])
    }
    // A reserved VCL type (RSV_VCL_N14) is no picture at all.
    #expect(pocs(base + [[slice(14, lsb: 250)], [slice(1, lsb: 140)]]) == [0, 120, 140])
    // Control: a TRAIL_R with TemporalId 0 at lsb 250 does become prevTid0Pic.
    #expect(pocs(base + [[slice(1, lsb: 250)], [slice(1, lsb: 140)]]) == [0, 120, -6, -116])
}

@Test func craFirstInStreamHasNoRaslOutputAndItsRASLPicturesAreNotOutput() {
    var counter = HEVCPictureOrderCounter()
    let pics = pocs([[regularSPS, regularPPS, slice(21, lsb: 200, sliceType: 2)], [slice(8, lsb: 196)],
                     [slice(1, lsb: 204)]], counter: &counter)
    #expect(pics.map(\.picOrderCount) == [200, 196, 204])
    #expect(pics[0].isIRAP && pics[0].noRaslOutputFlag)
    #expect(pics.map(\.picOutputFlag) == [true, false, true])
    #expect(pics.map(\.decodeIndex) == [0, 1, 2])
}

@Test func craMidStreamContinuesPOCButAfterEOSRestartsIt() {
    let params = [regularSPS, regularPPS]
    let head: [[[UInt8]]] = [params + [slice(19)], [slice(1, lsb: 100)], [slice(1, lsb: 200)], [slice(1, lsb: 40)]]
    // Without EOS: the CRA (lsb 80) follows the TRAIL_R at 40 with MSB 256 → POC 336; RASL 326 output.
    var a = HEVCPictureOrderCounter()
    let plain = pocs(head + [[slice(21, lsb: 80, sliceType: 2)], [slice(8, lsb: 70)]], counter: &a)
    #expect(plain.map(\.picOrderCount) == [0, 100, 200, 296, 336, 326])
    #expect(plain[4].isIRAP && !plain[4].noRaslOutputFlag && plain[5].picOutputFlag)
    // EOS at the end of the previous access unit: the CRA gets NoRaslOutputFlag 1, MSB 0.
    var b = HEVCPictureOrderCounter()
    var withEOS = head
    withEOS[3].append(eos)
    let after = pocs(withEOS + [[slice(21, lsb: 80, sliceType: 2)], [slice(8, lsb: 70)], [slice(1, lsb: 90)]],
                     counter: &b)
    #expect(after.map(\.picOrderCount) == [0, 100, 200, 296, 80, 70, 90])
    #expect(after[4].noRaslOutputFlag && !after[5].picOutputFlag)
    // BLA: always MSB 0.
    #expect(pocs(head + [[slice(16, lsb: 80, sliceType: 2)], [slice(1, lsb: 84)]]) == [0, 100, 200, 296, 80, 84])
}

@Test func pocUnknownWithoutParameterSetsOrFirstSlice() {
    var counter = HEVCPictureOrderCounter()
    // A slice before any SPS/PPS: a picture, POC nil. An IDR without them: POC 0 all the same
    // (lsb absent, MSB 0). The TRAIL_R after it: nil (no PPS); it clears prevTid0Pic, so the next
    // TRAIL_R stays nil even once the parameter sets arrive; the CRA after that restarts (handled as BLA).
    let pics = pocs([[slice(1, lsb: 3)], [slice(20)], [slice(1, lsb: 4)], [regularSPS, regularPPS, slice(1, lsb: 8)],
                     [slice(21, lsb: 16, sliceType: 2)], [slice(1, lsb: 20)]], counter: &counter)
    #expect(pics.map(\.picOrderCount) == [nil, 0, nil, nil, 16, 20])
    #expect(pics[4].noRaslOutputFlag)
    // An access unit whose only slice segment is not the first of its picture: POC nil.
    #expect(counter.feed(accessUnit: [unit(slice(1, lsb: 24, first: false))])?.picOrderCount == nil)
    // No VCL at all: no picture; higher layers and nuh_temporal_id_plus1 = 0 are ignored.
    #expect(counter.feed(accessUnit: [unit(aud), unit(prefixSEI)]) == nil)
    #expect(counter.feed(accessUnit: [unit(slice(1, lsb: 28, layerID: 1))]) == nil)
    #expect(counter.feed(accessUnit: [unit(hevcNALHeader(type: 1, temporalIDPlus1: 0) + [0xD0, 0x80])]) == nil)
    #expect(counter.pictureCount == 7)
}

@Test func counterKeepsParameterSetTablesByID() {
    var counter = HEVCPictureOrderCounter()
    // PPS 5 → SPS 0 with 2 extra slice header bits and an output flag.
    var w = TestBitWriter(hevcNALHeader(type: 34))
    w.ue(5); w.ue(0); w.flag(false); w.flag(true); w.u(2, 3); w.trailingBits()
    _ = counter.feed(accessUnit: [unit(regularSPS), unit(regularPPS), unit(w.bytes)])
    #expect(counter.pictureParameterSet(id: 5)?.numExtraSliceHeaderBits == 2)
    #expect(counter.pictureParameterSet(id: 0) == HEVCPictureParameterSet(picParameterSetID: 0, seqParameterSetID: 0))
    #expect(counter.pictureParameterSet(id: 64) == nil && counter.sequenceParameterSet(id: 16) == nil)
    #expect(counter.sequenceParameterSet(id: 0)?.log2MaxPicOrderCntLsb == 8)
    // A slice on PPS 5: reserved bits 11, slice_type ue 2 = 011, pic_output_flag 0, lsb u(8).
    var s = TestBitWriter(hevcNALHeader(type: 1))
    s.flag(true); s.ue(5); s.u(3, 2); s.ue(2); s.flag(false); s.u(0, 8); s.trailingBits()
    let idr = counter.feed(accessUnit: [unit(slice(20))])
    #expect(idr?.picOrderCount == 0)
    let pic = counter.feed(accessUnit: [unit(escapeRBSP(s.bytes))])
    #expect(pic?.sliceHeader?.sliceReservedFlags == 3 && pic?.picOutputFlag == false)
    #expect(pic?.picOrderCount == 0)
    // A corrupt PPS 0 leaves the table entry as it was.
    _ = counter.feed(accessUnit: [unit(hex("4401 00"))])
    #expect(counter.pictureParameterSet(id: 0) == HEVCPictureParameterSet(picParameterSetID: 0, seqParameterSetID: 0))
}

// MARK: - Access units

@Test func accessUnitsSplitAtAUDParameterSetsPrefixSEIAndFirstSlices() {
    let stream: [[UInt8]] = [
        aud, regularSPS, regularPPS, prefixSEI, slice(19), rpu,        // AU 0: RPU stays with its picture
        aud, prefixSEI, slice(1, lsb: 4), suffixSEI, rpu,              // AU 1: suffix SEI stays
        prefixSEI, slice(1, lsb: 2), slice(1, lsb: 2, first: false), rpu,  // AU 2: opened by the SEI
        slice(0, lsb: 1), eos, rpu,                                    // AU 3: opened by a first slice
        slice(0, lsb: 3),                                              // AU 4
    ]
    let units = NALUnitSplitter.split(annexB(stream)[...], framing: .annexB)
    #expect(units.count == stream.count)
    let aus = HEVCAccessUnitSplitter.split(units)
    #expect(aus.map { $0.map(\.type) } == [[35, 33, 34, 39, 19, 62], [35, 39, 1, 40, 62], [39, 1, 1, 62], [0, 36, 62], [0]])
    var counter = HEVCPictureOrderCounter()
    let pics = aus.compactMap { counter.feed(accessUnit: $0) }
    #expect(pics.map(\.picOrderCount) == [0, 4, 2, 1, 3])
    #expect(DisplayOrder.decodeIndicesInDisplayOrder(pics.map(\.displayOrderEntry)) == [0, 3, 2, 4, 1])
    // Streaming use gives the same groups; a limit stops early.
    var splitter = HEVCAccessUnitSplitter()
    var streamed: [[NALUnit]] = units.compactMap { splitter.append($0) }
    if let last = splitter.finish() { streamed.append(last) }
    #expect(streamed == aus)
    #expect(splitter.finish() == nil)
    #expect(HEVCAccessUnitSplitter.split(units, limit: 2).count == 2)
    #expect(HEVCAccessUnitSplitter.split(units, limit: 0).isEmpty)
}

@Test func accessUnitSplitterCapsUnitsPerAccessUnit() {
    let units = (0..<10).map { _ in unit(prefixSEI) }
    let aus = HEVCAccessUnitSplitter.split(units, maxUnitsPerAccessUnit: 4)
    #expect(aus.map(\.count) == [4, 4, 2])
    // Higher-layer NAL units never open an access unit.
    let layered = [slice(19), slice(19, layerID: 1), hevcNALHeader(type: 39, layerID: 1) + [0x80], slice(1, lsb: 1)]
    #expect(HEVCAccessUnitSplitter.split(layered.map(unit)).map(\.count) == [3, 1])
}

// MARK: - Display order

@Test func displayOrderSortsEachIRAPGroupByPOC() {
    typealias P = DisplayOrder.Picture
    let pictures = [P(decodeIndex: 0, isIRAP: true, poc: 0), P(decodeIndex: 1, isIRAP: false, poc: 4),
                    P(decodeIndex: 2, isIRAP: false, poc: 2), P(decodeIndex: 3, isIRAP: false, poc: 1),
                    P(decodeIndex: 4, isIRAP: false, poc: 3),
                    // A new IDR: POCs restart, so the group boundary keeps 5... after 0...4.
                    P(decodeIndex: 5, isIRAP: true, poc: 0), P(decodeIndex: 6, isIRAP: false, poc: 2),
                    P(decodeIndex: 7, isIRAP: false, poc: 1),
                    // A CRA with leading pictures (lower POC than the CRA) sorted before it.
                    P(decodeIndex: 8, isIRAP: true, poc: 8), P(decodeIndex: 9, isIRAP: false, poc: 6),
                    P(decodeIndex: 10, isIRAP: false, poc: 7)]
    #expect(DisplayOrder.decodeIndicesInDisplayOrder(pictures) == [0, 3, 2, 4, 1, 5, 7, 6, 9, 10, 8])
    #expect(DisplayOrder.displayIndices(pictures) == [0, 4, 2, 1, 3, 5, 7, 6, 10, 8, 9])
    #expect(DisplayOrder.decodeIndicesInDisplayOrder([]).isEmpty)
}

@Test func displayOrderKeepsUnknownPOCsInTheirDecodeSlots() {
    typealias P = DisplayOrder.Picture
    // Slot 2 (poc nil) stays; the others (POC 8, 4, 6, 2) fill slots 0, 1, 3, 4 in POC order.
    let pictures = [P(decodeIndex: 10, isIRAP: false, poc: 8), P(decodeIndex: 11, isIRAP: false, poc: 4),
                    P(decodeIndex: 12, isIRAP: false, poc: nil), P(decodeIndex: 13, isIRAP: false, poc: 6),
                    P(decodeIndex: 14, isIRAP: false, poc: 2)]
    #expect(DisplayOrder.decodeIndicesInDisplayOrder(pictures) == [14, 11, 12, 13, 10])
    let allUnknown = (0..<5).map { P(decodeIndex: $0, isIRAP: $0 == 2, poc: nil) }
    #expect(DisplayOrder.decodeIndicesInDisplayOrder(allUnknown) == [0, 1, 2, 3, 4])
    // Equal POCs keep decoding order.
    let ties = [P(decodeIndex: 0, isIRAP: false, poc: 1), P(decodeIndex: 1, isIRAP: false, poc: 1)]
    #expect(DisplayOrder.decodeIndicesInDisplayOrder(ties) == [0, 1])
}

@Test func displayOrderIsAlwaysAPermutation() {
    for seed in 1...30 as ClosedRange<UInt64> {
        let bytes = garbage(count: 600, seed: seed)
        let pictures = (0..<200).map { i in
            DisplayOrder.Picture(decodeIndex: i, isIRAP: bytes[3 * i] < 20,
                                 poc: bytes[3 * i + 1] < 30 ? nil : Int(Int8(bitPattern: bytes[3 * i + 2])))
        }
        let order = DisplayOrder.decodeIndicesInDisplayOrder(pictures)
        #expect(order.sorted() == Array(0..<200))
        let inverse = DisplayOrder.displayIndices(pictures)
        #expect((0..<200).allSatisfy { order[inverse[$0]] == $0 })
    }
}

// MARK: - Hostile input

@Test func truncatedParameterSetsAndSliceHeadersNeverCrash() throws {
    let (sps, pps) = try regularParameterSets()
    let spsRBSP = EmulationPrevention.unescape(regularSPS)
    for n in 0..<spsRBSP.count { _ = try? HEVCSequenceParameterSet.parse(Array(spsRBSP.prefix(n))) }
    let ppsRBSP = EmulationPrevention.unescape(regularPPS)
    for n in 0..<ppsRBSP.count { _ = try? HEVCPictureParameterSet.parse(Array(ppsRBSP.prefix(n))) }
    // The PPS fields end inside its 3rd payload byte, so prefixes of 4 bytes or more parse.
    #expect((try? HEVCPictureParameterSet.parse(Array(ppsRBSP.prefix(4)))) == pps)
    for head in [regularIDRHead, regularTrail1Head, regularTrail2Head] {
        let rbsp = EmulationPrevention.unescape(head)
        for n in 0..<rbsp.count { _ = try? HEVCSliceSegmentHeader.parse(Array(rbsp.prefix(n)), pps: pps, sps: sps) }
        #expect(throws: (any Error).self) { try HEVCSliceSegmentHeader.parse(Array(rbsp.prefix(2)), pps: pps, sps: sps) }
    }
    // Truncated units fed to the counter: pictures with or without a POC, never a crash.
    var counter = HEVCPictureOrderCounter()
    for n in 2..<regularSPS.count {
        _ = counter.feed(accessUnit: [unit(Array(regularSPS.prefix(n))), unit(regularPPS), unit(slice(19))])
    }
    for n in 2..<regularTrail1Head.count {
        _ = counter.feed(accessUnit: [unit(Array(regularTrail1Head.prefix(n)))])
    }
}

@Test func randomBytesNeverCrash() {
    let (sps, pps) = (try? regularParameterSets())!
    for seed in 1...200 as ClosedRange<UInt64> {
        let g = garbage(count: 96, seed: seed)
        _ = try? HEVCPictureParameterSet.parse(hevcNALHeader(type: 34) + g)
        _ = try? HEVCSliceSegmentHeader.parse(hevcNALHeader(type: UInt8(seed % 22)) + g, pps: pps, sps: sps)
        _ = try? HEVCSliceSegmentHeader.parse(g, pictureParameterSet: { _ in pps }, sequenceParameterSet: { _ in sps })
        _ = HEVCSliceSegmentHeader.firstSliceSegmentInPicFlag(NALUnit(type: 1, layerID: 0, temporalIDPlus1: 1,
                                                                     bytes: g.prefix(Int(seed % 4))[...]))
    }
    // A garbage "stream": start codes sprinkled over random bytes, split, grouped and counted.
    var counter = HEVCPictureOrderCounter()
    for seed in 1...40 as ClosedRange<UInt64> {
        var data = garbage(count: 4000, seed: seed &* 7919)
        for i in stride(from: Int(seed % 50), to: data.count - 3, by: 37) { data[i] = 0; data[i + 1] = 0; data[i + 2] = 1 }
        let units = NALUnitSplitter.split(data[...], framing: .annexB, limit: 10_000)
        let aus = HEVCAccessUnitSplitter.split(units)
        #expect(aus.reduce(0) { $0 + $1.count } == units.count)
        let pics = aus.compactMap { counter.feed(accessUnit: $0) }
        let order = DisplayOrder.decodeIndicesInDisplayOrder(pics.map(\.displayOrderEntry))
        #expect(order.sorted() == pics.map(\.decodeIndex))
    }
}
