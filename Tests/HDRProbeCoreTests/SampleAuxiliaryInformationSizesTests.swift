import Testing
@testable import HDRProbeCore

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
    #expect(SampleAuxiliaryInformationSizesBox.parse(full, payload: 8..<full.count)
            == SampleAuxiliaryInformationSizesBox(defaultSampleInfoSize: 8, sampleCount: 3))
    let stco = box("stco", [0, 0, 0, 0, 0, 0, 0, 0])
    let moov = box("mvhd", [UInt8](repeating: 0, count: 4))
        + box("trak", box("mdia", box("minf", box("stbl", stco + saiz + full))))
    // mvhd 12 + trak 8 + mdia 8 + minf 8 + stbl 8 + stco 16 = 60: the empty one's offset.
    #expect(SampleAuxiliaryInformationSizesBox.emptyBoxes(inMoviePayload: moov) == [60])
    // Cut short: no box, no crash.
    #expect(SampleAuxiliaryInformationSizesBox.parse(saiz, payload: 8..<11) == nil)
}
