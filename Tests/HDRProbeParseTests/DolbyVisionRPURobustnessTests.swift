import Testing
@testable import HDRProbeBytes
@testable import HDRProbeParse
import HDRProbeTestSupport

// Hostile input for the whole-RPU parser (docs/rules/dolby-vision.md §9.1 framing, §10 syntax): truncation,
// random mutation and counts read from the stream must end in a thrown BitstreamError /
// BitReaderError or an `issues` entry — never a trap, a hang or an unbounded allocation.

private let realRPUs: [(String, [UInt8])] = [
    ("profile5", RPUVectors.profile5), ("profile8", RPUVectors.profile8), ("profile84", RPUVectors.profile84),
    ("fel_orig", RPUVectors.felOrig), ("mel_orig", RPUVectors.melOrig), ("profile4", RPUVectors.profile4),
    ("trailing_bytes_rpu", RPUVectors.trailingBytes), ("st2094_10_level3", RPUVectors.st2094_10Level3),
]

@Test(arguments: realRPUs.map(\.0))
func everyPrefixParsesOrThrows(name: String) throws {
    let bytes = try #require(realRPUs.first { $0.0 == name }?.1)
    let whole = try DolbyVisionRPU.parse(bytes)
    let significant = bytes.count - whole.trailingZeroBytes
    for n in 0..<bytes.count {
        let prefix = Array(bytes.prefix(n))
        do {
            let rpu = try DolbyVisionRPU.parse(prefix)
            if n < significant {
                // A cut RPU can only parse when it happens to end in 0x80; then the CRC (or the
                // syntax) must give it away.
                #expect(!rpu.isValid, "\(name): prefix \(n) parsed as valid")
            } else {
                #expect(rpu.isValid == whole.isValid && rpu.dm == whole.dm)   // only trailing zeros dropped
            }
        } catch is BitstreamError {
        } catch is BitReaderError {
        } catch {
            Issue.record("\(name): prefix \(n) threw \(error)")
        }
    }
}

@Test(arguments: realRPUs.map(\.0))
func randomMutationsNeverTrap(name: String) throws {
    let bytes = try #require(realRPUs.first { $0.0 == name }?.1)
    let noise = garbage(count: 4 * 400, seed: UInt64(bytes.count) &* 0x9E37_79B9)
    var parsedCount = 0
    for run in 0..<400 {
        var m = EmulationPrevention.unescape(bytes)
        // Flip one to four bits anywhere after the prefix, deterministic per run.
        for k in 0..<(1 + run % 4) {
            let r = Int(noise[run * 4 + k]) << 8 | Int(noise[(run * 4 + k + 1) % noise.count])
            let bit = 8 + r % ((m.count - 1) * 8)
            m[bit / 8] ^= 0x80 >> UInt8(bit % 8)
        }
        // Half the runs get a fixed-up CRC so the mutated syntax is "trusted" as far as framing goes.
        if run % 2 == 0, m.count >= 7, m.last == 0x80 {
            let crc = CRC32MPEG2.checksum(m[1..<(m.count - 5)])
            m.replaceSubrange((m.count - 5)..<(m.count - 1), with: [UInt8(crc >> 24), UInt8((crc >> 16) & 0xFF),
                                                                    UInt8((crc >> 8) & 0xFF), UInt8(crc & 0xFF)])
        }
        if let rpu = try? DolbyVisionRPU.parse(unescaped: m) {
            parsedCount += 1
            // Whatever was read stays within the bounds the parser promises.
            #expect((rpu.dm?.cmV29.blocks.count ?? 0) <= DolbyVisionDMDataPayload.maxExtBlocks)
            #expect((rpu.mapping?.curves.map(\.codedPivots.count).max() ?? 0) <= DolbyVisionRPUDataMapping.maxPivots)
            var summary = DolbyVisionRPUSummary()
            summary.add(rpu)
            #expect(summary.framesWithRpu == 1)
        }
    }
    #expect(parsedCount > 0)  // the mutations reach the body parser, not just the framing checks
}

@Test func garbageAfterAValidHeaderNeverTraps() {
    // A plausible profile 8 header start (19 08 09 08 40 61 36 50 from profile8.bin) followed by
    // noise, with a correct CRC so nothing short-circuits.
    let head: [UInt8] = [0x08, 0x09, 0x08, 0x40, 0x61, 0x36, 0x50]
    for seed in 1...200 as ClosedRange<UInt64> {
        let body = head + garbage(count: Int(seed % 300), seed: seed)
        let bytes = SyntheticRPU.frame(body)
        _ = try? DolbyVisionRPU.parse(unescaped: bytes)
        _ = try? DolbyVisionRPU.parse(bytes)
    }
}

@Test func hostileMappingCountsBecomeIssues() throws {
    func rpu(_ mapping: @escaping (inout TestBitWriter) -> Void) throws -> DolbyVisionRPU {
        try DolbyVisionRPU.parse(unescaped: SyntheticRPU.build(v29: [SyntheticRPU.l1(0, 1, 2)], afterHeader: mapping))
    }
    // num_pivots_minus2 = 1_000_000 would be a million 10-bit reads: rejected up front.
    let pivots = try rpu { w in w.ue(0); w.ue(0); w.ue(0); w.ue(1_000_000) }
    #expect(pivots.issues.contains(.stopped(.rpuDataMapping, .bitstream(.invalid(.numPivotsMinus2(component: 0, value: 1_000_000, limit: 9))))),
            "\(pivots.issues)")
    #expect(pivots.mapping == nil && pivots.dm == nil && pivots.extraBytesBeforeCRC == nil && !pivots.isValid)
    // A bad component further in.
    let chroma = try rpu { w in
        w.ue(0); w.ue(0); w.ue(0)
        w.ue(0); w.u(0, 10); w.u(1023, 10)
        w.ue(8); for _ in 0..<10 { w.u(100, 10) }
    }
    #expect(chroma.issues.contains(.stopped(.rpuDataMapping, .bitstream(.invalid(.numPivotsMinus2(component: 1, value: 8, limit: 9))))))
    // 9 pivots (the limit) is accepted and the shape read.
    let nine = try rpu { w in
        w.ue(0); w.ue(0); w.ue(0)
        w.ue(7); for _ in 0..<9 { w.u(100, 10) }
        for _ in 0..<2 { w.ue(0); w.u(0, 10); w.u(1023, 10) }
        w.ue(0); w.ue(0)
        for _ in 0..<8 { w.ue(0); w.ue(1); w.se(0); w.u(0, 23); w.se(1); w.u(0, 23); w.se(-1); w.u(5, 23) }
        for _ in 0..<2 {
            w.ue(1); w.u(2, 2); w.se(0); w.u(0, 23)
            for _ in 0..<21 { w.se(-3); w.u(1, 23) }
        }
    }
    #expect(nine.isValid, "\(nine.issues)")
    #expect(nine.mapping?.curves[0].pieces == Array(repeating: .polynomial(order: 2), count: 8))
    #expect(nine.mapping?.curves[1].pieces == [.mmr(order: 3)] && nine.level1 == DolbyVisionLevel1(minPq: 0, maxPq: 1, avgPq: 2))
    // Values the syntax forbids.
    let cases: [((inout TestBitWriter) -> Void, DolbyVisionRPU.ReadFailure)] = [
        ({ w in w.ue(0); w.ue(0); w.ue(0); for _ in 0..<3 { w.ue(0); w.u(0, 10); w.u(1023, 10) }; w.ue(0); w.ue(0); w.ue(2) },
         .bitstream(.invalid(.mappingIDC(2, component: 0, piece: 0)))),
        ({ w in w.ue(0); w.ue(0); w.ue(0); for _ in 0..<3 { w.ue(0); w.u(0, 10); w.u(1023, 10) }; w.ue(0); w.ue(0); w.ue(0); w.ue(2) },
         .bitstream(.invalid(.polyOrderMinus1(2, component: 0, piece: 0)))),
        ({ w in w.ue(0); w.ue(0); w.ue(0); for _ in 0..<3 { w.ue(0); w.u(0, 10); w.u(1023, 10) }; w.ue(0); w.ue(0); w.ue(0); w.ue(0); w.flag(true) },
         .bitstream(.unsupported(.linearInterpolation(component: 0, piece: 0)))),
        ({ w in w.ue(0); w.ue(0); w.ue(0); for _ in 0..<3 { w.ue(0); w.u(0, 10); w.u(1023, 10) }; w.ue(0); w.ue(0); w.ue(1); w.u(3, 2) },
         .bitstream(.invalid(.mmrOrderMinus1(3, component: 0, piece: 0)))),
        ({ w in w.u(0, 40) },   // 40 zero bits: an Exp-Golomb prefix longer than the reader accepts
         .bitReader(.expGolombTooLong)),
    ]
    for (mapping, failure) in cases {
        let r = try rpu(mapping)
        #expect(r.issues.contains(.stopped(.rpuDataMapping, failure)), "expected \(failure), got \(r.issues)")
        #expect(r.mapping == nil && r.dm == nil)
    }
    // §11.3 mapping validation: mapping_color_space must be 0.
    let colourSpace = try rpu { w in
        w.ue(0); w.ue(1); w.ue(0)
        for _ in 0..<3 { w.ue(0); w.u(0, 10); w.u(1023, 10) }
        w.ue(0); w.ue(0)
        for _ in 0..<3 { w.ue(0); w.ue(0); w.flag(false); w.se(0); w.u(0, 23); w.se(1); w.u(0, 23) }
    }
    #expect(colourSpace.issues == [.mapping(.mappingColorSpace(1))])
}

@Test func headerValuesThatPreventTheBodyParse() throws {
    // vdr_seq_info_present_flag 0 (the existing hand-made header vector): no bit depths, so the
    // mapping cannot be read; the RPU says so instead of guessing.
    let header = hex("08 09 00 00")
    let rpu = try DolbyVisionRPU.parse(SyntheticRPU.frame(header))
    #expect(rpu.mapping == nil && rpu.dm == nil)
    #expect(rpu.issues.contains(.mappingNotParsed(.noBitDepths)))
    // A header with use_prev_vdr_rpu_flag set and no DM data has no body at all: valid framing.
    var w = TestBitWriter()
    w.u(2, 6); w.u(18, 11); w.u(1, 4); w.u(0, 4); w.flag(true)
    w.flag(false); w.u(0, 2); w.ue(23); w.u(1, 2); w.flag(false)
    w.ue(2); w.ue(2); w.ue(4); w.flag(false); w.u(0, 3); w.flag(false); w.flag(true)
    w.flag(false); w.flag(true); w.ue(3)   // no DM, use_prev_vdr_rpu_flag, prev_vdr_rpu_id 3
    w.align()
    let prev = try DolbyVisionRPU.parse(unescaped: SyntheticRPU.frame(w.bytes))
    #expect(prev.isValid && prev.prevVdrRpuID == 3 && prev.mapping == nil && prev.dm == nil && prev.cmVersion == nil)
    #expect(prev.sceneRefresh == nil && prev.extraBytesBeforeCRC == 0)
    // An RPU without DM data counts in a summary as "without DM".
    var s = DolbyVisionRPUSummary()
    s.add(prev)
    #expect(s.withoutDMCount == 1 && s.cmVersion == nil)
    // coefficient_log2_denom 40 (> 32 bits per coefficient): not read.
    var big = TestBitWriter()
    big.u(2, 6); big.u(18, 11); big.u(1, 4); big.u(0, 4); big.flag(true)
    big.flag(false); big.u(0, 2); big.ue(40); big.u(1, 2); big.flag(false)
    big.ue(2); big.ue(2); big.ue(4); big.flag(false); big.u(0, 3); big.flag(false); big.flag(true)
    big.flag(true); big.flag(false)
    big.u(0, 64)
    let denom = try DolbyVisionRPU.parse(unescaped: SyntheticRPU.frame(big.bytes))
    #expect(denom.issues.contains(.mappingNotParsed(.coefficientLog2DenomOver32(40))))
    // bl_bit_depth_minus8 = 100: not used as a read width.
    var deep = TestBitWriter()
    deep.u(2, 6); deep.u(18, 11); deep.u(1, 4); deep.u(0, 4); deep.flag(true)
    deep.flag(false); deep.u(0, 2); deep.ue(23); deep.u(1, 2); deep.flag(false)
    deep.ue(100); deep.ue(2); deep.ue(4); deep.flag(false); deep.u(0, 3); deep.flag(false); deep.flag(true)
    deep.flag(true); deep.flag(false)
    deep.u(0, 64)
    let depth = try DolbyVisionRPU.parse(unescaped: SyntheticRPU.frame(deep.bytes))
    #expect(depth.issues.contains(.mappingNotParsed(.bitDepthsOver16(bl: 108, el: 10))))
}

@Test func extraBytesBeforeTheCRCAreCounted() throws {
    // §9.1: bytes between the end of the syntax and the CRC are kept opaque (data_before_crc32.bin).
    // One extra zero byte is too short for a v4.0 list (which needs ≥ 16 bits), so it stays "extra".
    var body = Array(SyntheticRPU.build(v29: [SyntheticRPU.l1(0, 1, 2)]).dropFirst().dropLast(5))
    body.append(0x00)
    let rpu = try DolbyVisionRPU.parse(unescaped: SyntheticRPU.frame(body))
    #expect(rpu.isValid && rpu.extraBytesBeforeCRC == 1 && rpu.cmVersion == .v29)
}
