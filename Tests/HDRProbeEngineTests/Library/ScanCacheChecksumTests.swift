#if FFmpeg
import Foundation
import GRDB
@testable import HDRProbeScan
import Testing

/// `ScanCache.checksum` is stored in every cache row: a cache file written by an earlier hdrprobe
/// must keep verifying. The word-at-a-time implementation is compared with the definition in its
/// doc comment, written here byte at a time, and with values the earlier implementation wrote.
@Suite struct ScanCacheChecksumTests {
    /// The definition, a byte at a time (the doc comment of `ScanCache.checksum`).
    static func reference(path: String, key: String, state: ScanCache.FileState, report: String, digest: [UInt8]) -> Int64 {
        var hash: UInt64 = 0x9E37_79B9_7F4A_7C15
        func mix(_ word: UInt64) {
            hash = (hash ^ word) &* 0xBF58_476D_1CE4_E5B9
            hash ^= hash >> 31
        }
        func mix(bytes: [UInt8]) {
            var word: UInt64 = 0
            for (i, byte) in bytes.enumerated() {
                word = word << 8 | UInt64(byte)
                if i % 8 == 7 {
                    mix(word)
                    word = 0
                }
            }
            mix(word)
            mix(UInt64(bytes.count))
        }
        mix(bytes: Array(path.utf8))
        mix(bytes: Array(key.utf8))
        mix(UInt64(bitPattern: state.size))
        mix(UInt64(bitPattern: state.modified))
        mix(state.inode)
        mix(UInt64(bitPattern: state.changed))
        mix(bytes: Array(report.utf8))
        mix(bytes: digest)
        return Int64(bitPattern: hash)
    }

    /// A random string of `count` scalars mixing 1-, 2-, 3- and 4-byte UTF-8.
    static func randomText(_ count: Int, using rng: inout some RandomNumberGenerator) -> String {
        let pools: [ClosedRange<UInt32>] = [0x20...0x7E, 0xA0...0x7FF, 0x800...0xD7FF, 0x1_0000...0x1_FFFF]
        var s = String.UnicodeScalarView()
        for _ in 0..<count {
            let pool = pools[Int.random(in: 0..<pools.count, using: &rng)]
            s.append(Unicode.Scalar(UInt32.random(in: pool, using: &rng))!)
        }
        return String(s)
    }

    /// Every byte length 0…70 of each string field and of the digest (ASCII, so the length is
    /// exact), then multi-byte UTF-8 of random lengths, against the byte-at-a-time definition.
    @Test func wordAtATimeEqualsTheDefinition() {
        var rng = SplitMix64(seed: "scan-cache-checksum")
        for length in 0...70 {
            let ascii = String((0..<length).map { _ in Character(Unicode.Scalar(UInt8.random(in: 0x20...0x7E, using: &rng))) })
            let bytes = (0..<length).map { _ in UInt8.random(in: 0...255, using: &rng) }
            let state = ScanCache.FileState(size: Int64.random(in: .min ... .max, using: &rng), modified: Int64.random(in: .min ... .max, using: &rng),
                                            inode: UInt64.random(in: 0 ... .max, using: &rng), changed: Int64.random(in: .min ... .max, using: &rng))
            for (path, key, report, digest) in [(ascii, "", "", [UInt8]()), ("", ascii, "", []), ("", "", ascii, []), ("", "", "", bytes),
                                                (ascii, ascii + "k", "{" + ascii, bytes)] {
                #expect(ScanCache.checksum(path: path, key: key, state: state, report: report, digest: digest)
                        == Self.reference(path: path, key: key, state: state, report: report, digest: digest), "length \(length)")
            }
        }
        for _ in 0..<300 {
            let path = "/" + Self.randomText(Int.random(in: 0...40, using: &rng), using: &rng)
            let key = Self.randomText(Int.random(in: 0...30, using: &rng), using: &rng)
            let report = Self.randomText(Int.random(in: 0...700, using: &rng), using: &rng)
            let digest = (0..<Int.random(in: 0...90, using: &rng)).map { _ in UInt8.random(in: 0...255, using: &rng) }
            let state = ScanCache.FileState(size: Int64.random(in: 0...(1 << 40), using: &rng), modified: Int64.random(in: 0 ... .max, using: &rng),
                                            inode: UInt64.random(in: 0 ... .max, using: &rng), changed: Int64.random(in: 0 ... .max, using: &rng))
            #expect(ScanCache.checksum(path: path, key: key, state: state, report: report, digest: digest)
                    == Self.reference(path: path, key: key, state: state, report: report, digest: digest))
        }
    }

    /// Values computed by main eb5d575's implementation (before the word-at-a-time change: a
    /// generic byte loop over `String.utf8`), compiled on its own and run on these inputs. They
    /// are the contract with cache files already written; no value here comes from the code under test.
    @Test func valuesOfTheEarlierImplementation() {
        let state = ScanCache.FileState(size: 7_200_000_123, modified: 1_764_000_000_123_456_789, inode: 0xFEDC_BA98_7654_3210, changed: -5)
        #expect(ScanCache.checksum(path: "/films/Crème brûlée — 4K 🎬.mkv", key: "hdrprobe 1.0|lavf 59|frames=32", state: state,
                                   report: "{\"path\":\"/films/x.mkv\",\"status\":\"ok\",\"n\":12345}",
                                   digest: [0, 1, 2, 0xFF, 0x80, 7, 9, 200, 17, 3, 3]) == -7_468_408_740_595_591_625)
        #expect(ScanCache.checksum(path: "", key: "", state: ScanCache.FileState(size: 0, modified: 0, inode: 0, changed: 0), report: "", digest: [])
                == -407_031_861_275_361_866)
        // A report of many words (1,000 bytes) and a digest of 123 bytes (15 words and a tail).
        let report = String((0..<1000).map { Character(Unicode.Scalar(UInt8(0x21 + ($0 * 7) % 94))) })
        #expect(ScanCache.checksum(path: "/library/Film (2024)/film.mp4", key: "k", state: ScanCache.FileState(size: 1, modified: 2, inode: 3, changed: 4),
                                   report: report, digest: Array(0..<123)) == -8_338_320_253_119_095_668)
    }

    /// The row id is the other contract with existing cache files (rows are found by it): values
    /// of main eb5d575's implementation (a loop over `String.utf8`), run on its own.
    @Test func rowIDsOfTheEarlierImplementation() {
        #expect(ScanCache.rowID(path: "/films/Crème brûlée — 4K 🎬.mkv", key: "hdrprobe 1.0|lavf 59|frames=32") == 2_054_840_396_204_332_301)
        #expect(ScanCache.rowID(path: "", key: "") == 3_414_781_078_840_391_647)
    }

    /// The lookup reads columns in SQLite's buffers: a damaged digest (a column the report
    /// damage test does not touch) is caught by the checksum, an empty one too, and a row whose
    /// stored key differs from the one asked for (a row-id collision) is a plain miss.
    @Test func damagedDigestAndForeignKeyAreNotServed() throws {
        try ScanCacheTests.afterDamaging({ db in
            try db.execute(sql: "UPDATE \(ScanCache.table) SET digest = x'02' || substr(digest, 2) || x'00' WHERE path LIKE '%/hdr10.mp4'")
            try db.execute(sql: "UPDATE \(ScanCache.table) SET digest = x'' WHERE path LIKE '%/dv.mkv'")
            try db.execute(sql: "UPDATE \(ScanCache.table) SET optionsKey = optionsKey || 'x' WHERE path LIKE '%/sdr.mp4'")
        }) { lib, cache in
            let (summary, _, warnings) = ScanCacheTests.scan(lib, cache: cache)
            #expect(summary.probed == 3 && summary.fromCache == 1, "\(warnings)")
            #expect(warnings.filter { $0.contains("damaged") }.count == 2, "\(warnings)")
            #expect(warnings.filter { $0.contains("sdr.mp4") }.isEmpty, "\(warnings)")
            #expect(ScanCacheTests.scan(lib, cache: cache).0.fromCache == 4)
        }
    }
}
#endif
