import Testing
import HDRProbeSignal

/// The DASH bandwidth buffer model (ISO/IEC 23009-1 §5.3.5.2), on runs worked out by hand.
@Suite struct DASHBufferModelTests {
    @Test("the need is the largest bits over minBufferTime plus the playout before the run's last segment")
    func need() throws {
        // minBufferTime 2 s, three 2-second segments of 1 MB, 3 MB, 1 MB (8, 24, 8 Mbit).
        // Runs: [1] 24 Mbit / 2 s = 12 Mb/s; [1,2] 32 / (2 + 2) = 8; [0,1] 32 / (2 + 2) = 8; [0] 4 …
        let segments = [(bytes: 1_000_000, duration: 2.0), (bytes: 3_000_000, duration: 2.0), (bytes: 1_000_000, duration: 2.0)]
        let need = try #require(DASHBufferModel.need(segments: segments, minBufferTime: 2))
        #expect(need.bandwidth == 12_000_000 && need.first == 1 && need.last == 1)
    }

    @Test("a long buffer lets a large segment pass at a lower bandwidth")
    func longerBuffer() throws {
        let segments = [(bytes: 1_000_000, duration: 2.0), (bytes: 3_000_000, duration: 2.0)]
        // minBufferTime 6 s: [1] 24 / 6 = 4 Mb/s, [0,1] 32 / (6 + 2) = 4 Mb/s; [0] 8 / 6 = 1.33.
        #expect(try #require(DASHBufferModel.need(segments: segments, minBufferTime: 6)).bandwidth == 4_000_000)
    }
}
