#if FFmpeg
import Foundation
@testable import HDRProbeEngine
import Testing
import HDRProbeContainers

/// The NAL-unit walk over a length-prefixed sample (ISO/IEC 14496-15 §4.3: each NAL unit preceded by
/// its length; H.265 §7.4.2.2: types 0–31 are VCL): a hand-built HEVC sample of an SEI (type 39), a
/// 1,000-byte slice (type 1) and an RPU (type 62) comes back with the SEI and RPU whole and the slice
/// cut to its first 64 bytes with its length field saying 64; a sample whose lengths overrun it is refused.
@Suite struct LengthPrefixedSampleReadTests {
    static func unit(_ type: UInt8, _ count: Int) -> [UInt8] {
        let body = [type << 1, 1] + (0..<(count - 2)).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ 3) }
        return [UInt8(count >> 24), UInt8(count >> 16 & 0xFF), UInt8(count >> 8 & 0xFF), UInt8(count & 0xFF)] + body
    }

    @Test func keepsNonVCLWholeAndSliceHeaders() throws {
        let sei = Self.unit(39, 20), slice = Self.unit(1, 1000), rpu = Self.unit(62, 300)
        let sample = sei + slice + rpu
        let padding = [UInt8](repeating: 0xAB, count: 17)
        let file = try MediaFile(name: "sample.bin", bytes: padding + sample, deadline: .max)
        let read = try #require(LengthPrefixedSampleRead.read(file, offset: 17, size: sample.count, lengthSize: 4,
                                                              isVCL: LengthPrefixedSampleRead.isHEVCVCL))
        let cutSlice = [0, 0, 0, 64] + Array(slice[4..<68])
        #expect(read == sei + cutSlice + rpu)
        // lengths overrunning the sample: refused
        #expect(LengthPrefixedSampleRead.read(file, offset: 17, size: sample.count - 1, lengthSize: 4,
                                              isVCL: LengthPrefixedSampleRead.isHEVCVCL) == nil)
    }

    @Test func skippedSliceDataIsNotRead() throws {
        // On disk, with 32 KiB blocks: a 200 KiB slice between an SEI and an RPU costs the blocks of
        // the headers and the RPU, not the blocks in between.
        let slice = Self.unit(19, 200 * 1024), rpu = Self.unit(62, 300)
        let sample = Self.unit(39, 20) + slice + rpu
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("lpsr-\(UUID().uuidString).bin")
        try Data(sample).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        let file = try MediaFile(path: url.path, deadline: .max)
        let read = try #require(LengthPrefixedSampleRead.read(file, offset: 0, size: sample.count, lengthSize: 4,
                                                              isVCL: LengthPrefixedSampleRead.isHEVCVCL))
        #expect(read.count == 24 + 68 + rpu.count)
        #expect(file.bytesRead <= 2 * MediaFile.blockSize)
    }
}
#endif
