import Testing
import HDRProbeSignal

/// Apple's measured bit rates (docs/rules/hls-presentation.md §2), on segment lists whose expected
/// values are worked out by hand here: bits / seconds of each qualifying run.
@Suite struct HLSMeasuredBitRatesTests {
    @Test("the peak is the largest run of 0.5 to 1.5 target durations; the average is bits over seconds")
    func peakAndAverage() {
        // Target 2 s: runs of 1 s to 3.5 s qualify. Segments of 2 s: single segments and pairs? A pair
        // lasts 4 s (> 3.5 s), so single segments only: the peak is the largest, 3,000,000 bytes
        // over 2 s = 12,000,000 b/s. Average: 5,000,000 bytes × 8 / 6 s = 6,666,667 b/s.
        let segments = [1_000_000, 3_000_000, 1_000_000].map { HLSMeasuredBitRates.Segment(bytes: $0, duration: 2) }
        let rates = HLSMeasuredBitRates(segments: segments, targetDuration: 2)
        #expect(rates.peak == 12_000_000)
        #expect(rates.average == 6_666_667)
    }

    @Test("short segments join into runs: two 0.5 s segments of a 1 s target make one run")
    func shortSegmentsJoin() {
        // Target 1 s: runs of 0.5 s to 2 s. A lone 0.25 s segment does not qualify; with its
        // neighbour (0.5 s) it does. Bytes 100,000 + 20,000 over 0.5 s = 1,920,000 b/s is the largest
        // run (the four together: 160,000 × 8 / 1 s = 1,280,000).
        let segments = [(100_000, 0.25), (20_000, 0.25), (20_000, 0.25), (20_000, 0.25)].map { HLSMeasuredBitRates.Segment(bytes: $0.0, duration: $0.1) }
        #expect(HLSMeasuredBitRates(segments: segments, targetDuration: 1).peak == 1_920_000)
    }

    @Test("each discontinuity domain is measured on its own")
    func domains() {
        let segments = [HLSMeasuredBitRates.Segment(bytes: 1000, duration: 1),
                        HLSMeasuredBitRates.Segment(bytes: 1000, duration: 1),
                        HLSMeasuredBitRates.Segment(bytes: 5000, duration: 1, discontinuity: true)]
        let rates = HLSMeasuredBitRates(segments: segments, targetDuration: 1)
        #expect(rates.domains.map(\.segmentCount) == [2, 1])
        #expect(rates.domains.map(\.peak) == [8000, 40000])
        #expect(rates.peak == 40000)
    }
}
