import Testing
@testable import HDRProbeParse
import HDRProbeTestSupport

@Test func crc32MPEG2CheckValue() {
    // Catalogue check value of CRC-32/MPEG-2 over ASCII "123456789".
    #expect(CRC32MPEG2.checksum(Array("123456789".utf8)) == 0x0376_E6E7)
    #expect(CRC32MPEG2.checksum([UInt8]()) == 0xFFFF_FFFF)
}

/// Expected per docs/rules/dolby-vision.md §14: profile, header (vdr_rpu_profile / bl_full_range /
/// el_spatial_resampling / disable_residual / vdr bit depth), CRC32 of the RPU, trailing zeros.
private struct Expected {
    let bytes: [UInt8]
    let profile: Int
    let vdrRpuProfile: UInt8, fullRange: Bool, elResampling: Bool, disableResidual: Bool, vdrDepth: Int
    let crc: UInt32
    let trailingZeros: Int
}

private let expectations: [(String, Expected)] = [
    ("profile5", Expected(bytes: RPUVectors.profile5, profile: 5, vdrRpuProfile: 0, fullRange: true, elResampling: false,
                          disableResidual: true, vdrDepth: 12, crc: 0x7B68_C484, trailingZeros: 0)),
    ("profile8", Expected(bytes: RPUVectors.profile8, profile: 8, vdrRpuProfile: 1, fullRange: false, elResampling: false,
                          disableResidual: true, vdrDepth: 12, crc: 0xD2D3_F722, trailingZeros: 0)),
    ("profile84", Expected(bytes: RPUVectors.profile84, profile: 8, vdrRpuProfile: 1, fullRange: false, elResampling: false,
                           disableResidual: true, vdrDepth: 12, crc: 0x41E6_8E9C, trailingZeros: 0)),
    ("fel_orig", Expected(bytes: RPUVectors.felOrig, profile: 7, vdrRpuProfile: 1, fullRange: false, elResampling: true,
                          disableResidual: false, vdrDepth: 12, crc: 0xB8F2_9D82, trailingZeros: 0)),
    ("mel_orig", Expected(bytes: RPUVectors.melOrig, profile: 7, vdrRpuProfile: 1, fullRange: false, elResampling: true,
                          disableResidual: false, vdrDepth: 12, crc: 0xF91F_77EE, trailingZeros: 0)),
    ("profile4", Expected(bytes: RPUVectors.profile4, profile: 4, vdrRpuProfile: 1, fullRange: false, elResampling: true,
                          disableResidual: false, vdrDepth: 14, crc: 0xAA9F_1DB0, trailingZeros: 0)),
    ("trailing_bytes_rpu", Expected(bytes: RPUVectors.trailingBytes, profile: 7, vdrRpuProfile: 1, fullRange: false,
                                    elResampling: true, disableResidual: false, vdrDepth: 12, crc: 0x6283_4E73,
                                    trailingZeros: 2)),
]

@Test(arguments: expectations.map(\.0))
func rpuHeaderProfileAndCRC(name: String) throws {
    let e = try #require(expectations.first { $0.0 == name }?.1)
    let rpu = try DolbyVisionRPU.parse(e.bytes)
    #expect(rpu.crcValid, "\(name)")
    #expect(rpu.storedCRC == e.crc && rpu.computedCRC == e.crc)
    #expect(rpu.trailingZeroBytes == e.trailingZeros)
    #expect(rpu.profile == e.profile)
    #expect(rpu.rpuType == 2 && rpu.rpuFormat == 18)          // §11.3 "all assets rpu_format 18"
    #expect(rpu.vdrRpuProfile == e.vdrRpuProfile && rpu.vdrRpuLevel == 0)
    #expect(rpu.blVideoFullRangeFlag == e.fullRange)
    #expect(rpu.elSpatialResamplingFilterFlag == e.elResampling)
    #expect(rpu.disableResidualFlag == e.disableResidual)
    #expect(rpu.vdrBitDepth == e.vdrDepth)
    #expect(rpu.blBitDepth == 10 && rpu.elBitDepth == 10)      // §11.3 "BL/EL depth 10"
    #expect(rpu.coefficientDataType == 0 && rpu.coefficientLog2Denom == 23 && rpu.vdrRpuNormalizedIDC == 1)
    #expect(rpu.issues.isEmpty, "\(rpu.issues)")
}

@Test func rpuAcceptsNALAndStartCodeForms() throws {
    // The same profile 8 RPU behind the `7C 01` NAL header and behind the dovi_tool start code.
    let viaNAL = try DolbyVisionRPU.parse([0x7C, 0x01] + RPUVectors.profile8)
    let viaStartCode = try DolbyVisionRPU.parse([0, 0, 0, 1] + RPUVectors.profile8)
    #expect(viaNAL == viaStartCode)
    #expect(viaNAL.profile == 8 && viaNAL.crcValid)
}

@Test func corruptedRPUReportsBadCRC() throws {
    // profile5.bin with its stored CRC's first byte flipped (7B → 84): header unchanged, CRC invalid.
    var badCRC = RPUVectors.profile5
    badCRC[badCRC.count - 5] ^= 0xFF
    let a = try DolbyVisionRPU.parse(badCRC)
    #expect(!a.crcValid && a.profile == 5)
    #expect(a.storedCRC ^ a.computedCRC == 0xFF00_0000)   // exactly the flipped byte differs
    #expect(a.issues.first == .crcMismatch(stored: a.storedCRC, computed: a.computedCRC))
    // A payload byte flipped in the DM data near the end: still parses, CRC invalid.
    var badData = RPUVectors.profile8
    badData[badData.count - 12] ^= 0x10
    let b = try DolbyVisionRPU.parse(badData)
    #expect(!b.crcValid && b.profile == 8)
}

@Test func rpuFramingErrorsThrowWithoutTrapping() {
    #expect(throws: (any Error).self) { try DolbyVisionRPU.parse([]) }
    #expect(throws: (any Error).self) { try DolbyVisionRPU.parse([0x19]) }
    #expect(throws: (any Error).self) { try DolbyVisionRPU.parse(hex("1808090840613650")) }       // wrong prefix
    var noFinal = RPUVectors.profile5
    noFinal[noFinal.count - 1] = 0x81
    #expect(throws: BitstreamError.self) { try DolbyVisionRPU.parse(noFinal) }                    // last byte ≠ 0x80
    for n in 0..<RPUVectors.felOrig.count { _ = try? DolbyVisionRPU.parse(Array(RPUVectors.felOrig.prefix(n))) }
    for seed in 1...30 as ClosedRange<UInt64> {
        _ = try? DolbyVisionRPU.parse([0x19] + garbage(count: 150, seed: seed) + [0x80])
    }
}

@Test func rpuHeaderValidationIssues() throws {
    // Hand-made RPU: prefix 19, header bits rpu_type 2, rpu_format 18, vdr_rpu_profile 0,
    // vdr_rpu_level 0, vdr_seq_info_present_flag 0, vdr_dm_metadata_present 0, use_prev 0, zero
    // padding, then the CRC of the header bytes and 0x80. Profile 0 (vdr_rpu_profile 0 with
    // bl_full_range 0) and missing seq info are reported, the CRC is valid.
    let header = hex("08 09 00 00")   // 000010 00000010010 0000 0000 0 0 0 + padding
    let crc = CRC32MPEG2.checksum(header)
    let bytes: [UInt8] = [0x19] + header + [UInt8(crc >> 24), UInt8((crc >> 16) & 0xFF), UInt8((crc >> 8) & 0xFF), UInt8(crc & 0xFF), 0x80]
    let rpu = try DolbyVisionRPU.parse(bytes)
    #expect(rpu.crcValid && rpu.rpuType == 2 && rpu.rpuFormat == 18)
    #expect(rpu.profile == 0)
    #expect(rpu.issues.contains(.vdrSeqInfoAbsent))
    #expect(rpu.issues.contains(.noProfile(vdrRpuProfile: 0, blVideoFullRange: false)))
}
