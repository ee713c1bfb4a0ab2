import Testing
@testable import HDRProbeParse
import HDRProbeTestSupport

// The AV1 ITU-T T.35 / EMDF wrapper of a Dolby Vision RPU (docs/rules/dolby-vision.md §13). Vectors:
// AV1RPUVectors (dovi_tool assets/av1-rpu, SHA-256 checked against ground-truth.json).

@Test func doviToolAV1SamplesUnwrap() throws {
    // §13 / §14: p5-01.bin: EMDF payload 229 bytes at bit 84, 20 trailing bits; p84-01.bin: 310 bytes
    // at bit 93, 19 trailing bits. Both start with the fixed 9 bytes 00 3B 00 00 08 00 37 CD 08.
    // HEVC form sizes: p5-01-ref.bin 241 bytes and p84-01-ref.bin 324 bytes with their 4-byte start code.
    let expected: [([UInt8], Int, Int, Int, Int)] = [
        (AV1RPUVectors.p5, 229, 84, 20, 241 - 4),
        (AV1RPUVectors.p84, 310, 93, 19, 324 - 4),
    ]
    for (bytes, size, offset, after, hevcSize) in expected {
        #expect(Array(bytes.prefix(9)) == [0x00, 0x3B, 0x00, 0x00, 0x08, 0x00, 0x37, 0xCD, 0x08])
        let c = try DolbyVisionEMDFContainer.parse(t35: bytes)
        #expect(c.emdfPayloadSize == size && c.rpuPayload.count == size)
        #expect(c.payloadBitOffset == offset && c.bitsAfterPayload == after)
        #expect(c.issues.isEmpty && !c.hasCountryCode)
        #expect(c.emdfVersion == 0 && c.keyID == 6 && c.emdfPayloadID == 31 && c.emdfPayloadIDExt == 225 && c.discardUnknownPayload)
        // The payload is the RPU without 0x19 and without emulation prevention, ending in 0x80 (§13).
        #expect(c.rpuPayload.last == 0x80)
        // HEVC form (prepend 0x19, insert emulation prevention): the -ref.bin size, and it
        // unescapes back to the same bytes and parses to the same RPU.
        let hevc = c.hevcRPU
        #expect(hevc.count == hevcSize)
        #expect(EmulationPrevention.unescape(hevc) == c.unescapedRPU)
        #expect(try DolbyVisionRPU.parse(hevc) == (try DolbyVisionRPU.parse(unescaped: c.unescapedRPU)))
        for i in 2..<hevc.count where hevc[i - 2] == 0 && hevc[i - 1] == 0 { #expect(hevc[i] > 0x02) }
        // With the 0xB5 country code in front: the same RPU.
        let withCountry = try DolbyVisionEMDFContainer.parse(t35: [0xB5] + bytes)
        #expect(withCountry.hasCountryCode && withCountry.rpuPayload == c.rpuPayload)
    }
}

/// An EMDF wrapper written from the §13 syntax around `payload`.
private func emdf(_ payload: [UInt8], country: Bool = false, provider: UInt64 = 0x003B, sizeOverride: UInt64? = nil,
                  trailerID: UInt64 = 0) -> [UInt8] {
    func variableBits(_ w: inout TestBitWriter, _ value: UInt64, _ n: Int) {
        // Inverse of v = 0; loop { v += u(n); if !u(1) break; v <<= n; v += 1 << n }.
        var chunks: [UInt64] = []
        var v = value
        while true {
            chunks.insert(v & ((1 << UInt64(n)) - 1), at: 0)
            if v < (1 << UInt64(n)) { break }
            v = (v >> UInt64(n)) - 1
        }
        for (i, c) in chunks.enumerated() { w.u(c, n); w.flag(i < chunks.count - 1) }
    }
    var w = TestBitWriter()
    if country { w.u(0xB5, 8) }
    w.u(provider, 16); w.u(0x800, 32)
    w.u(0, 2); w.u(6, 3); w.u(31, 5); variableBits(&w, 225, 5)
    w.flag(false); w.flag(false); w.flag(false); w.flag(false); w.flag(true)
    variableBits(&w, sizeOverride ?? UInt64(payload.count), 8)
    w.append(bytes: payload)
    w.u(trailerID, 5); w.u(1, 2); w.u(0, 2); w.u(0, 8)
    w.align(with: true)
    return w.bytes
}

@Test func handBuiltEMDFWrapper() throws {
    let rpu = SyntheticRPU.build(v29: [SyntheticRPU.l1(12, 2452, 887)])
    let payload = Array(rpu.dropFirst())
    // My writer reproduces dovi_tool's fixed 9 bytes (§13).
    let wrapped = emdf(payload)
    #expect(Array(wrapped.prefix(9)) == [0x00, 0x3B, 0x00, 0x00, 0x08, 0x00, 0x37, 0xCD, 0x08])
    let c = try DolbyVisionEMDFContainer.parse(t35: wrapped)
    #expect(c.rpuPayload == payload && c.issues.isEmpty)
    #expect(c.payloadBitOffset == (payload.count < 256 ? 84 : 93))
    let viaAV1 = try DolbyVisionRPU.parse(av1T35: wrapped)
    #expect(viaAV1 == (try DolbyVisionRPU.parse(unescaped: rpu)))
    #expect(viaAV1.level1 == DolbyVisionLevel1(minPq: 12, maxPq: 2452, avgPq: 887))
    // A payload of ≥ 256 bytes takes two variable_bits chunks: payload at bit 93 (§13).
    let long = payload + Array(repeating: 0, count: 300)
    let longC = try DolbyVisionEMDFContainer.parse(t35: emdf(long))
    #expect(longC.payloadBitOffset == 93 && longC.rpuPayload == long)
    // A different trailer is reported, the payload is still returned.
    let odd = try DolbyVisionEMDFContainer.parse(t35: emdf(payload, trailerID: 5))
    #expect(odd.rpuPayload == payload && odd.issues == [.trailerFields(payloadID: 5, primary: 1, secondary: 0)])
}

@Test func emdfRejectsForeignOrBrokenWrappers() throws {
    let payload = Array(SyntheticRPU.build(v29: [SyntheticRPU.l1(0, 1, 2)]).dropFirst())
    // HDR10+ (provider 0x003C) is not Dolby Vision.
    #expect(throws: BitstreamError.invalid(.t35ProviderCode(0x003C))) { try DolbyVisionEMDFContainer.parse(t35: emdf(payload, provider: 0x003C)) }
    // A payload size beyond the data: rejected before allocating.
    #expect(throws: BitstreamError.self) { try DolbyVisionEMDFContainer.parse(t35: emdf(payload, sizeOverride: 60_000)) }
    // Fewer than 34 bytes (dovi_tool's minimum).
    #expect(throws: BitstreamError.tooShort(needed: 34, got: 20)) {
        try DolbyVisionEMDFContainer.parse(t35: Array(AV1RPUVectors.p5.prefix(20)))
    }
    // variable_bits continuation flags that never stop: bounded.
    var w = TestBitWriter()
    w.u(0x003B, 16); w.u(0x800, 32); w.u(0, 2); w.u(6, 3); w.u(31, 5)
    for _ in 0..<40 { w.u(31, 5); w.flag(true) }
    #expect(throws: BitstreamError.invalid(.emdfVariableBits(n: 5, chunkLimit: 3))) { try DolbyVisionEMDFContainer.parse(t35: w.bytes) }
    // Wrong key_id (the 9 fixed bytes differ).
    var wrongKey = AV1RPUVectors.p5
    wrongKey[6] ^= 0x04
    #expect(throws: BitstreamError.self) { try DolbyVisionEMDFContainer.parse(t35: wrongKey) }
}

@Test func av1PayloadPrefixesAndMutationsNeverTrap() {
    for bytes in [AV1RPUVectors.p5, AV1RPUVectors.p84] {
        for n in 0..<bytes.count { _ = try? DolbyVisionRPU.parse(av1T35: Array(bytes.prefix(n))) }
        let noise = garbage(count: 600, seed: UInt64(bytes.count))
        for run in 0..<300 {
            var m = bytes
            let pos = (Int(noise[run]) << 8 | Int(noise[run + 1])) % m.count
            m[pos] ^= 1 << (noise[run + 2] % 8)
            _ = try? DolbyVisionRPU.parse(av1T35: m)
        }
    }
}
