import HDRProbeParse
import Testing

/// Vectors from `docs/rules/dolby-vision.md` §5.1 (records written by mkvmerge 74 for the recipe
/// corpus, read back with `mkvinfo`) and §7 (the 0xB0 TS descriptor of a P7 FEL dual-PID m2ts).
@Suite struct DOVIDecoderConfigurationRecordTests {
    static func record(_ first5: [UInt8]) -> [UInt8] { first5 + [UInt8](repeating: 0, count: 19) }

    @Test("§5.1 worked examples", arguments: [
        ([0x01, 0x00, 0x0a, 0x0d, 0x00], 5, 1, true, false, true, 0),
        ([0x01, 0x00, 0x10, 0x0d, 0x10], 8, 1, true, false, true, 1),
        ([0x01, 0x00, 0x10, 0x0d, 0x20], 8, 1, true, false, true, 2),
        ([0x01, 0x00, 0x10, 0x0d, 0x40], 8, 1, true, false, true, 4),
        ([0x01, 0x00, 0x0e, 0x0f, 0x60], 7, 1, true, true, true, 6),
    ] as [([UInt8], Int, Int, Bool, Bool, Bool, Int)])
    func workedExamples(_ v: ([UInt8], Int, Int, Bool, Bool, Bool, Int)) throws {
        let r = try DOVIDecoderConfigurationRecord.parse(Self.record(v.0))
        #expect(r.versionMajor == 1 && r.versionMinor == 0)
        #expect(r.profile == v.1)
        #expect(r.level == v.2)
        #expect(r.rpuPresent == v.3 && r.elPresent == v.4 && r.blPresent == v.5)
        #expect(r.compatibilityId == v.6)
        #expect(r.mdCompression == 0)
        #expect(r.issues.isEmpty)
    }

    @Test func shortRecordIsLenient() throws {
        // FFmpeg reads from 4 bytes: without byte 4, compat and md_compression are 0 (§5.3).
        let r = try DOVIDecoderConfigurationRecord.parse([0x01, 0x00, 0x10, 0x0d])
        #expect(r.profile == 8 && r.compatibilityId == 0)
        #expect(r.issues == [.shortRecord(4)])
        #expect(throws: DOVIConfigurationError.tooShort(3)) { try DOVIDecoderConfigurationRecord.parse([1, 0, 0x10]) }
    }

    @Test func nonsenseIsReportedNotRejected() throws {
        // version 4.5; 0x1000 = profile 8, level 0, no layer flag; reserved bits set in byte 4 and 10.
        var bytes = Self.record([0x04, 0x05, 0x10, 0x00, 0x13])
        bytes[10] = 0xFF
        let r = try DOVIDecoderConfigurationRecord.parse(bytes)
        #expect(r.profile == 8 && r.level == 0 && r.compatibilityId == 1)
        #expect(r.issues == [.reservedBitsSet, .version(major: 4, minor: 5), .level(0), .noLayer])
    }

    @Test("§7 TS descriptor: compat read after dependency_pid")
    func transportStreamDescriptor() throws {
        // B0 07 | 01 00 0E 36 80 8F 6F
        let r = try DOVIDecoderConfigurationRecord.parseTSDescriptorBody([0x01, 0x00, 0x0E, 0x36, 0x80, 0x8F, 0x6F])
        #expect(r.profile == 7 && r.level == 6)
        #expect(r.rpuPresent && r.elPresent && !r.blPresent)
        #expect(r.dependencyPID == 0x1011)
        #expect(r.compatibilityId == 6)
        #expect(r.mdCompression == 3)
    }
}
