import HDRProbeParse
import Testing

/// Matroska lacing against the examples of RFC 9559 §10.3 (three frames of 800, 500 and 1000
/// bytes; for fixed lacing three of 800): the lace headers are the RFC's bytes, the sizes its sizes.
@Suite struct MatroskaLacingTests {
    /// Frame data after the lace header, filler.
    static func block(header: [UInt8], total: Int) -> ([UInt8], Int) { (header, header.count + total) }

    @Test func xiph() {
        // 800 = 255 + 255 + 255 + 35; 500 = 255 + 245.
        let (bytes, size) = Self.block(header: [0x02, 0xFF, 0xFF, 0xFF, 0x23, 0xFF, 0xF5], total: 2300)
        let laced = MatroskaLacing.xiph.frameSizes(bytes, size: size)
        #expect(laced?.sizes == [800, 500, 1000] && laced?.headerLength == 7)
    }

    @Test func ebml() {
        // 800 as a 2-byte EBML integer (0x4320); 500 − 800 = −300 as a signed 2-byte one (0x5ED3).
        let (bytes, size) = Self.block(header: [0x02, 0x43, 0x20, 0x5E, 0xD3], total: 2300)
        let laced = MatroskaLacing.ebml.frameSizes(bytes, size: size)
        #expect(laced?.sizes == [800, 500, 1000] && laced?.headerLength == 5)
    }

    @Test func fixed() {
        let laced = MatroskaLacing.fixed.frameSizes([0x02], size: 1 + 2400)
        #expect(laced?.sizes == [800, 800, 800])
        #expect(MatroskaLacing.fixed.frameSizes([0x02], size: 1 + 2401) == nil, "sizes that do not divide evenly")
    }

    @Test func sizesThatDoNotFitAreInvalid() {
        #expect(MatroskaLacing.xiph.frameSizes([0x02, 0xFF, 0xFF, 0xFF, 0x23, 0xFF, 0xF5], size: 7 + 1300) == nil)
        #expect(MatroskaLacing(flags: 0x06) == .ebml && MatroskaLacing(flags: 0x80) == MatroskaLacing.none)
    }

    /// FFmpeg's frame rates of the corpus's DefaultDurations (ffprobe's `avg_frame_rate` of
    /// fps23976_h264.mkv, fps2997_h264.mkv, fps25_h264.mkv: 24000/1001, 30000/1001, 25/1).
    @Test func defaultDurationFrameRates() {
        #expect(MatroskaDefaultDuration.frameRates(defaultDuration: 41_708_333).average == (24000, 1001))
        #expect(MatroskaDefaultDuration.frameRates(defaultDuration: 33_366_666).average == (30000, 1001))
        #expect(MatroskaDefaultDuration.frameRates(defaultDuration: 40_000_000).average == (25, 1))
        #expect(MatroskaDefaultDuration.frameRates(defaultDuration: 400_000_000).real == (0, 0), "2.5 fps: no real frame rate")
    }
}
