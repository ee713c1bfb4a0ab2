#if FFmpeg
import HDRProbeParse
import HDRProbeModel
import Testing

/// ``SampleTableBandwidth`` (one streaming pass over `stsz`/`stts`/`stss`) against
/// ``HLSBandwidth/measure(samples:duration:window:)`` over ``HLSBandwidth/merged(_:_:)`` of the
/// very samples the tables were written from (`docs/rules/hls-signalling.md` §13): random tracks —
/// sizes in `stsz` (32-bit entries or one fixed size) or `stz2` (16-, 8-, 4-bit fields), `stts`
/// runs (one run for the whole track, entries of zero samples, `stts` ending before `stsz`: the
/// track ends there), `stss` present, empty or absent (audio without it: every packet a keyframe;
/// no keyframe in either track: windows at every sample), a stretch of the samples with a tick
/// shift (times near 10¹⁷ s too, where `time + window` rounds to `time`), timescales that make
/// video and audio times meet (video first on equal times), windows longer than the film and
/// windows holding thousands of samples — and the
/// same `Int` results, or nil on both sides when every sample is empty. The expected samples are
/// the generator's own (time = (decode time + shift) / timescale, as the index computes it), not
/// read back from the tables.
@Suite struct SampleTableBandwidthPropertyTests {
    /// A reproducible generator: the same seed, the same tables.
    struct Random {
        var source: SplitMix64
        mutating func int(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &source) }
        mutating func chance(_ percent: Int) -> Bool { int(0...99) < percent }
    }

    /// ISO/IEC 14496-12 §4.2: a box is its 32-bit size, its type and its payload; a full box's
    /// payload starts with version and flags; the sample tables are an entry count and entries.
    enum Box {
        static func be32(_ v: Int) -> [UInt8] { [UInt8(v >> 24 & 0xFF), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }
        static func box(_ type: String, _ payload: [UInt8]) -> [UInt8] { be32(8 + payload.count) + Array(type.utf8) + payload }
        static func full(_ type: String, _ body: [UInt8]) -> [UInt8] { box(type, [0, 0, 0, 0] + body) }
        static func table(_ type: String, _ rows: [[Int]]) -> [UInt8] { full(type, be32(rows.count) + rows.flatMap { $0.flatMap(be32) }) }
    }

    enum SizeField: CaseIterable { case bits32, fixed, bits16, bits8, bits4 }

    /// One generated track: its samples, the `stbl` written from them, and the stretch measured.
    struct Made {
        var track: SampleTableBandwidth.Track
        var samples: [HLSBandwidth.Sample]
    }

    static func make(_ r: inout Random, count: Int, timescale: Int, deltas: [Int], field: SizeField,
                     sync: [Bool]?, shift: Int64) throws -> Made {
        // `stts` written for the first `timed` samples only, now and then: the track ends there.
        let timed = count > 0 && r.chance(5) ? r.int(0...count) : count
        let maxSize = [SizeField.bits32: 200_000, .fixed: 5_000, .bits16: 65_535, .bits8: 255, .bits4: 15][field]!
        let fixed = r.int(0...maxSize)
        let sizes = (0..<count).map { _ in field == .fixed ? fixed : (r.chance(5) ? 0 : r.int(0...maxSize)) }
        // stts: runs of equal deltas as written.
        var runs: [[Int]] = []
        for d in deltas.prefix(timed) { if let last = runs.last, last[1] == d { runs[runs.count - 1][0] += 1 } else { runs.append([1, d]) } }
        // Entries of zero samples (no time passes) between runs, now and then.
        if r.chance(10) { runs = runs.flatMap { r.chance(30) ? [[0, r.int(0...5_000)], $0] : [$0] } + [[0, 1]] }
        let b = Box.self
        var stsz: [UInt8]
        switch field {
        case .bits32: stsz = b.full("stsz", b.be32(0) + b.be32(count) + sizes.flatMap(b.be32))
        case .fixed: stsz = b.full("stsz", b.be32(fixed) + b.be32(count))
        case .bits16: stsz = b.full("stz2", [0, 0, 0, 16] + b.be32(count) + sizes.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] })
        case .bits8: stsz = b.full("stz2", [0, 0, 0, 8] + b.be32(count) + sizes.map { UInt8($0) })
        case .bits4:
            let padded = sizes + (count % 2 == 1 ? [0] : [])
            stsz = b.full("stz2", [0, 0, 0, 4] + b.be32(count) + stride(from: 0, to: padded.count, by: 2).map { UInt8(padded[$0] << 4 | padded[$0 + 1]) })
        }
        var boxes = stsz + b.table("stsc", [[1, max(count, 1), 1]]) + b.table("stco", [[0]]) + b.table("stts", runs)
        if let sync { boxes += b.table("stss", sync.indices.filter { sync[$0] }.map { [$0 + 1] }) }
        let bytes = b.box("stbl", boxes)
        let table = try #require(SampleTableBox.parse(bytes, payload: 8..<bytes.count))
        let lower = count == 0 ? 0 : r.int(0...count / 3)
        let upper = count == 0 ? 0 : (r.chance(50) ? count : r.int(lower...count))
        var samples: [HLSBandwidth.Sample] = []
        var decodeTime: Int64 = 0
        let tick = 1 / Double(timescale)
        for i in 0..<count {
            if i >= lower, i < min(upper, timed) {
                samples.append(HLSBandwidth.Sample(time: Double(decodeTime + shift) * tick, size: sizes[i],
                                                   isKeyframe: sync?[i] ?? true))
            }
            decodeTime += Int64(deltas[i])
        }
        return Made(track: .init(table: table, samples: lower..<upper, shift: shift, timescale: timescale), samples: samples)
    }

    /// A track of more samples than ``SampleTableBandwidth/maxSamplesPerTrack`` (one fixed size
    /// and one `stts` run: a few bytes of tables for 4 billion samples) is not measured, so its
    /// 16 bytes a sample are never allocated; one at the limit is, with the mean of its bytes.
    @Test func tracksBeyondTheSampleLimitAreNotMeasured() throws {
        let b = Box.self
        func track(_ count: Int) throws -> SampleTableBandwidth.Track {
            let bytes = b.box("stbl", b.full("stsz", b.be32(1_000) + b.be32(count)) + b.table("stsc", [[1, count, 1]])
                              + b.table("stco", [[0]]) + b.table("stts", [[count, 1]]))
            let table = try #require(SampleTableBox.parse(bytes, payload: 8..<bytes.count))
            return .init(table: table, samples: 0..<count, shift: 0, timescale: 1_000)
        }
        let limit = SampleTableBandwidth.maxSamplesPerTrack
        #expect(SampleTableBandwidth.measure(video: try track(4_000_000_000), audio: nil, duration: 4_000_000) == nil)
        #expect(SampleTableBandwidth.measure(video: try track(limit + 1), audio: nil, duration: Double(limit + 1) / 1_000) == nil)
        // 1,000 bytes every millisecond: 8 Mb/s on average and in every window.
        let measured = SampleTableBandwidth.measure(video: try track(limit), audio: nil, duration: Double(limit) / 1_000)
        #expect(measured?.average == 8_000_000)
        // Windows of 6,000 samples from blocks of 100: the buffer grows to one window and a block (6,432 samples), not 2,000,000.
        let inBlocks = SampleTableBandwidth.measure(video: try track(limit), audio: nil, duration: Double(limit) / 1_000,
                                                    blockSize: 100)
        #expect(inBlocks == measured)
        #expect(inBlocks?.average == 8_000_000)
    }

    /// Deltas of `count` samples: runs of one value (a constant frame rate) with some jitter.
    static func deltas(_ r: inout Random, count: Int, base: Int) -> [Int] {
        if r.chance(25) { return Array(repeating: base, count: count) } // one stts run
        var out: [Int] = []
        while out.count < count {
            let value = r.chance(70) ? base : r.int(0...2 * base)
            out += Array(repeating: value, count: min(count - out.count, r.int(1...40)))
        }
        return out
    }

    static func sync(_ r: inout Random, count: Int, gop: Int) -> [Bool]? {
        switch r.int(0...9) {
        case 0: return nil
        case 1: return Array(repeating: false, count: count) // an empty stss: no keyframe
        default: return (0..<count).map { $0 % gop == 0 || r.chance(2) }
        }
    }

    @Test(arguments: 0..<400) func streamingMatchesTheMergedSamples(seed: Int) throws {
        var r = Random(source: SplitMix64(seed: "sample-table-bandwidth-\(seed)"))
        let long = seed % 25 == 0
        let count = long ? r.int(3_000...6_000) : r.int(1...300)
        // Common scales, and 1 tick per sample for windows holding thousands of samples.
        let (scale, base) = long ? (90_000, r.int(1...30)) : [(24_000, 1_001), (90_000, 3_750), (1_000, 40), (25, 1)][r.int(0...3)]
        // Times near 10¹⁷ s, now and then (timescale 1): `time + window` rounds to `time` there.
        let huge = seed % 40 == 7
        let (timescale, step) = huge ? (1, r.int(1...40)) : (scale, base)
        let shift = huge ? Int64(100_000_000_000_000_000 + r.int(0...1_000)) : Int64(r.int(-5_000...5_000))
        let video = try Self.make(&r, count: count, timescale: timescale, deltas: Self.deltas(&r, count: count, base: step),
                                  field: SizeField.allCases[r.int(0...4)], sync: Self.sync(&r, count: count, gop: r.int(1...48)),
                                  shift: shift)
        var audio: Made?
        if r.chance(75) {
            let n = r.int(0...(long ? 8_000 : 400))
            // Same scale, delta and shift as the video half the time: times meet, video goes first.
            let meet = r.chance(50)
            let (aScale, aBase) = meet || huge ? (timescale, step) : [(48_000, 1_536), (44_100, 1_024), (1_000, 32)][r.int(0...2)]
            audio = try Self.make(&r, count: n, timescale: aScale, deltas: Self.deltas(&r, count: n, base: aBase),
                                  field: SizeField.allCases[r.int(0...4)], sync: r.chance(80) ? nil : Self.sync(&r, count: n, gop: 1),
                                  shift: meet || huge ? shift : Int64(r.int(-5_000...5_000)))
        }
        let duration = r.chance(15) ? Double(r.int(1...5_000)) / 1_000 : Double(r.int(1...4_000))
        let window = r.chance(80) ? HLSBandwidth.windowSeconds : Double(r.int(1...80)) / 10
        let merged = HLSBandwidth.merged(video.samples, audio?.samples ?? [])
        let expected = video.track.samples.isEmpty || merged.allSatisfy({ $0.size == 0 }) ? nil
            : HLSBandwidth.measure(samples: merged, duration: duration, window: window)
        let streamed = SampleTableBandwidth.measure(video: video.track, audio: audio?.track, duration: duration, window: window)
        #expect(streamed == expected, "seed \(seed): \(video.samples.count) video, \(audio?.samples.count ?? 0) audio samples")
        // Blocks of a few samples: every window crosses block boundaries, and windows holding
        // thousands of samples make the buffers (2 blocks at first) double again and again.
        let blockSize = [1, 2, 3, 7, 64][seed % 5]
        let inBlocks = SampleTableBandwidth.measure(video: video.track, audio: audio?.track, duration: duration,
                                                    window: window, blockSize: blockSize)
        #expect(inBlocks == expected, "seed \(seed), blocks of \(blockSize)")
    }
}
#endif
