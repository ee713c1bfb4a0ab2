import Testing
@testable import HDRProbeParse

/// `saiz` (ISO/IEC 14496-12 §8.7.8). The empty box is the one FFmpeg 5.1's mp4 muxer wrote into
/// `Corpus/enc_ffcenc_hdr10_frag.mp4`'s `moov` (bytes 3309–3325 of that file, read with a hex dump):
/// size 17, `saiz`, version 0, flags 0, default_sample_info_size 0, sample_count 0.
@Test func emptySaizIsFoundInTheSampleTable() throws {
    let saiz: [UInt8] = [0, 0, 0, 17] + Array("saiz".utf8) + [0, 0, 0, 0, 0, 0, 0, 0, 0]
    let parsed = try #require(SampleAuxiliaryInformationSizesBox.parse(saiz, payload: 8..<17))
    #expect(parsed.isEmpty)
    func box(_ type: String, _ body: [UInt8]) -> [UInt8] {
        let size = UInt32(8 + body.count)
        return [UInt8(size >> 24), UInt8(size >> 16 & 0xFF), UInt8(size >> 8 & 0xFF), UInt8(size & 0xFF)] + Array(type.utf8) + body
    }
    // A saiz with flags 1 (aux_info_type 'cenc', parameter 0), default size 8 and 3 samples is not empty.
    let full = box("saiz", [0, 0, 0, 1] + Array("cenc".utf8) + [0, 0, 0, 0, 8, 0, 0, 0, 3])
    var expected = SampleAuxiliaryInformationSizesBox(defaultSampleInfoSize: 8, sampleCount: 3)
    (expected.auxInfoType, expected.auxInfoTypeParameter) = ("cenc", 0)
    let parsedFull = SampleAuxiliaryInformationSizesBox.parse(full, payload: 8..<full.count)
    #expect(parsedFull == expected)
    #expect(parsedFull?.sampleInfoSize(2) == 8 && parsedFull?.sampleInfoSize(3) == nil)
    let stco = box("stco", [0, 0, 0, 0, 0, 0, 0, 0])
    let moov = box("mvhd", [UInt8](repeating: 0, count: 4))
        + box("trak", box("mdia", box("minf", box("stbl", stco + saiz + full))))
    // mvhd 12 + trak 8 + mdia 8 + minf 8 + stbl 8 + stco 16 = 60: the empty one's offset.
    #expect(SampleAuxiliaryInformationSizesBox.emptyBoxes(inMoviePayload: moov) == [60])
    // Cut short: no box, no crash.
    #expect(SampleAuxiliaryInformationSizesBox.parse(saiz, payload: 8..<11) == nil)
}

/// `saiz` with per-sample sizes (default 0): one size byte per sample, ISO/IEC 14496-12 §8.7.8.
@Test func saizKeepsPerSampleSizes() throws {
    let body: [UInt8] = [0, 0, 0, 0, 0, 0, 0, 0, 3, 16, 22, 28]
    let parsed = try #require(SampleAuxiliaryInformationSizesBox.parse(body, payload: 0..<body.count))
    #expect(parsed.auxInfoType == nil && parsed.sampleInfoSizes == [16, 22, 28])
    #expect((0..<4).map(parsed.sampleInfoSize) == [16, 22, 28, nil])
    // Sizes cut short: none kept, so no sample has one.
    let cut = try #require(SampleAuxiliaryInformationSizesBox.parse(body, payload: 0..<(body.count - 1)))
    #expect(cut.sampleInfoSizes.isEmpty && cut.sampleInfoSize(0) == nil)
}

/// `saio` (ISO/IEC 14496-12 §8.7.9): Shaka Packager v3.8's in Corpus/enc_cbcs_hdr10_hevc.mp4's `traf`
/// (bytes 4237–4256, read with a hex dump: version 0, flags 0, one offset 0xf1 = 241, where the `senc`
/// entries start counted from the `moof`), a version-1 one with aux_info_type, and broken ones.
@Test func saioReadsItsOffsets() throws {
    let shaka: [UInt8] = [0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0xf1]
    let parsed = try #require(SampleAuxiliaryInformationOffsetsBox.parse(shaka, payload: 0..<shaka.count))
    #expect(parsed.offsets == [241] && parsed.auxInfoType == nil && parsed.auxInfoTypeParameter == nil)
    let v1: [UInt8] = [1, 0, 0, 1] + Array("cbcs".utf8) + [0, 0, 0, 0, 0, 0, 0, 2] + [0, 0, 0, 1, 0, 0, 0, 0] + [0, 0, 0, 0, 0, 0, 0, 9]
    let parsedV1 = try #require(SampleAuxiliaryInformationOffsetsBox.parse(v1, payload: 0..<v1.count))
    #expect(parsedV1.offsets == [1 << 32, 9] && parsedV1.auxInfoType == "cbcs" && parsedV1.auxInfoTypeParameter == 0)
    // An entry count the box cannot hold, or an offset cut short: refused.
    #expect(SampleAuxiliaryInformationOffsetsBox.parse(shaka, payload: 0..<(shaka.count - 1)) == nil)
    let huge: [UInt8] = [0, 0, 0, 0, 0xff, 0xff, 0xff, 0xff]
    #expect(SampleAuxiliaryInformationOffsetsBox.parse(huge, payload: 0..<huge.count) == nil)
}
