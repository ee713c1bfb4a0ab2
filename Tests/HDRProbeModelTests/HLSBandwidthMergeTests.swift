import HDRProbeModel
import Testing

/// ``HLSBandwidth/merged(_:_:)`` is a linear merge of two streams' sample lists standing in for
/// sorting their concatenation by time (what the bandwidth measurement did before): the reference here
/// is Swift's `sorted(by:)`, documented as stable — on equal times the first list's samples first, each
/// list's own order kept. Lists with many equal times (video frames and audio packets on one grid)
/// show the tie order; an unsorted list takes the sort itself.
@Suite struct HLSBandwidthMergeTests {
    struct LCG { var state: UInt64; mutating func next(_ n: Int) -> Int { state = state &* 6364136223846793005 &+ 1442695040888963407; return Int((state >> 33) % UInt64(n)) } }

    static func sortedList(_ rng: inout LCG, count: Int, grid: Double, tag: Int) -> [HLSBandwidth.Sample] {
        var time = 0.0
        return (0..<count).map { i in
            time += Double(rng.next(3)) * grid // 0 steps: equal times
            return HLSBandwidth.Sample(time: time, size: tag * 1_000_000 + i, isKeyframe: i % 5 == 0)
        }
    }

    @Test func mergeIsTheStableSort() {
        var rng = LCG(state: 17)
        for round in 0..<50 {
            let a = Self.sortedList(&rng, count: rng.next(200), grid: 0.5, tag: 1)
            let b = Self.sortedList(&rng, count: rng.next(200), grid: 0.25, tag: 2)
            let reference = (a + b).sorted { $0.time < $1.time }
            #expect(HLSBandwidth.merged(a, b) == reference, "round \(round)")
        }
    }

    @Test func unsortedInputIsSorted() {
        let a = [HLSBandwidth.Sample(time: 2, size: 1), HLSBandwidth.Sample(time: 1, size: 2)]
        let b = [HLSBandwidth.Sample(time: 1, size: 3)]
        #expect(HLSBandwidth.merged(a, b).map(\.size) == [2, 3, 1])
    }

    @Test func measureGivesTheSameForSortedAndUnsortedInput() throws {
        var rng = LCG(state: 99)
        let a = Self.sortedList(&rng, count: 400, grid: 0.04, tag: 1)
        let b = Self.sortedList(&rng, count: 300, grid: 0.032, tag: 2)
        let duration = max(a.last?.time ?? 1, b.last?.time ?? 1) + 1
        let fromMerge = try #require(HLSBandwidth.measure(samples: HLSBandwidth.merged(a, b), duration: duration, window: 2))
        let fromSort = try #require(HLSBandwidth.measure(samples: a + b, duration: duration, window: 2))
        #expect(fromMerge == fromSort)
    }
}
