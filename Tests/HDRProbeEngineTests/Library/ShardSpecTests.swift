#if FFmpeg
import Testing
@testable import HDRProbeScan

/// `--shard I/N`: FNV-1a 64 (test vectors from the FNV reference, draft-eastlake-fnv: "" →
/// cbf29ce484222325, "a" → af63dc4c8601ec8c, "foobar" → 85944171f73967e8), every path in exactly
/// one shard, the same shard on every run.
@Suite struct ShardSpecTests {
    @Test func fnvVectors() {
        #expect(ShardSpec.fnv1a64("".utf8) == 0xcbf2_9ce4_8422_2325)
        #expect(ShardSpec.fnv1a64("a".utf8) == 0xaf63_dc4c_8601_ec8c)
        #expect(ShardSpec.fnv1a64("foobar".utf8) == 0x8594_4171_f739_67e8)
    }

    @Test func parsing() {
        #expect(ShardSpec(argument: "2/8") == ShardSpec(index: 2, count: 8))
        for bad in ["0/4", "5/4", "1/0", "x/2", "1/2/3", "", "3"] { #expect(ShardSpec(argument: bad) == nil, "\(bad)") }
    }

    @Test(arguments: [1, 2, 3, 7, 16])
    func everyPathInExactlyOneShard(_ n: Int) {
        let paths = (0..<2000).map { "library/show \($0 % 37)/season \($0 % 5)/episode \($0).mkv" }
        for path in paths {
            let owners = (1...n).filter { ShardSpec(index: $0, count: n)!.contains(path) }
            #expect(owners.count == 1, "\(path)")
        }
        if n > 1 {
            // Balanced enough: no shard gets less than half its fair share of 2000 paths.
            let sizes = (1...n).map { i in paths.filter { ShardSpec(index: i, count: n)!.contains($0) }.count }
            #expect(sizes.min()! > 2000 / n / 2, "\(sizes)")
        }
    }

    @Test func stableAcrossRuns() {
        // Pinned values: a change here would re-split every CI matrix.
        #expect(ShardSpec.shard(of: "movies/a.mkv", count: 4) == Int(ShardSpec.fnv1a64("movies/a.mkv".utf8) % 4) + 1)
        #expect(ShardSpec.shard(of: "a", count: 10) == Int(UInt64(0xaf63_dc4c_8601_ec8c) % 10) + 1)
    }
}
#endif
