/// `--shard I/N`: which part of a library this run takes, so that a CI matrix can spread one
/// library over N machines. A file belongs to shard `FNV-1a-64(path relative to its scan root) mod N`
/// (1-based `I`), so every file lands in exactly one shard and the split is the same on every
/// machine and every run — unlike Swift's `hashValue`, which is seeded per process.
package struct ShardSpec: Sendable, Equatable, CustomStringConvertible {
    /// 1-based.
    package let index: Int
    package let count: Int

    package init?(index: Int, count: Int) {
        guard count >= 1, (1...count).contains(index) else { return nil }
        self.index = index
        self.count = count
    }

    /// Parses `I/N` (e.g. `2/8`).
    package init?(argument: String) {
        let parts = argument.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let i = Int(parts[0]), let n = Int(parts[1]) else { return nil }
        self.init(index: i, count: n)
    }

    package var description: String { "\(index)/\(count)" }

    /// The 1-based shard a path relative to its scan root belongs to.
    package static func shard(of relativePath: String, count: Int) -> Int {
        Int(fnv1a64(relativePath.utf8) % UInt64(max(1, count))) + 1
    }

    package func contains(_ relativePath: String) -> Bool {
        Self.shard(of: relativePath, count: count) == index
    }

    /// FNV-1a, 64-bit (offset basis 0xcbf29ce484222325, prime 0x100000001b3; Fowler, Noll, Vo,
    /// draft-eastlake-fnv).
    package static func fnv1a64<S: Sequence>(_ bytes: S) -> UInt64 where S.Element == UInt8 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash ^= UInt64(byte)
            hash &*= 0x0000_0100_0000_01B3
        }
        return hash
    }
}
