#if FFmpeg
#if canImport(Glibc)
import Glibc
#endif
import Foundation
import GRDB
import HDRProbeModel
import HDRProbeClassify
import HDRProbeCheck
import HDRProbeContainers
import HDRProbeEngine
@testable import HDRProbeScan
import Testing

/// The incremental cache: a warm scan reads no media; size, modification time and options
/// invalidate; corruption and a concurrent writer only cost the cache, never a result.
@Suite struct ScanCacheTests {
    static func scan(_ lib: LibraryFixture, cache: String, options: ProbeOptions = ProbeOptions(),
                     policy: DolbyVisionPolicy = .default,
                     executor: (@Sendable () -> ProbeExecutor)? = nil) -> (ScanSummary, [String: ScanResult], [String]) {
        var config = ScanConfiguration(roots: [lib.path], jobs: 2, options: options, policy: PolicyDocument(dolbyVision: policy))
        config.cachePath = cache
        var results: [String: ScanResult] = [:]
        var warnings: [String] = []
        let summary = LibraryScanner(config: config, executor: executor).run(shouldInterrupt: { false }, warn: { warnings.append($0) }) {
            results[$0.entry.relativePath] = $0
        }
        return (summary, results, warnings)
    }

    static func library() throws -> LibraryFixture {
        let lib = try LibraryFixture()
        try lib.copy("dv_p81.mkv", to: "dv.mkv")
        try lib.copy("hdr10_hevc.mp4", to: "hdr10.mp4")
        try lib.copy("sdr_h264.mp4", to: "sub/sdr.mp4")
        try lib.copy("bad_png_renamed.mp4", to: "bad.mp4")
        return lib
    }

    /// Scans the test library into a new cache, runs `damage` on the cache's rows (one
    /// transaction), then `body`; removes the library and the cache afterwards.
    static func afterDamaging(_ damage: (Database) throws -> Void, _ body: (LibraryFixture, String) throws -> Void) throws {
        let lib = try library()
        defer { lib.remove() }
        let cache = lib.path + ".cache.sqlite"
        defer { for s in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: cache + s) } }
        _ = scan(lib, cache: cache)
        let db = try DatabaseQueue(path: cache)
        try db.write(damage)
        try db.close()
        try body(lib, cache)
    }

    /// Sets a file's modification time (nanoseconds since the epoch).
    static func setModified(_ path: String, _ ns: Int64) {
        var times = [timespec(tv_sec: Int(ns / 1_000_000_000), tv_nsec: Int(ns % 1_000_000_000)),
                     timespec(tv_sec: Int(ns / 1_000_000_000), tv_nsec: Int(ns % 1_000_000_000))]
        expect0(utimensat(AT_FDCWD, path, &times, 0), "utimensat")
    }

    static func modified(_ path: String) -> Int64 {
        var st = stat()
        stat(path, &st)
        return Int64(st.st_mtim.tv_sec) * 1_000_000_000 + Int64(st.st_mtim.tv_nsec)
    }

    @Test func warmScanReadsNoMedia() throws {
        let lib = try Self.library()
        defer { lib.remove() }
        let cache = lib.path + ".cache.sqlite"
        defer { try? FileManager.default.removeItem(atPath: cache) }
        let (cold, coldResults, _) = Self.scan(lib, cache: cache)
        #expect(cold.files == 4 && cold.probed == 4 && cold.fromCache == 0)
        // The warm scan's executor records every file it is asked to probe: none may be. (This
        // test overwrote the media with zeros, keeping size and modification time, and expected
        // the old reports: since the key holds the ctime too, such a rewrite is a change.)
        final class Recording: ProbeExecutor, @unchecked Sendable {
            let lock = NSLock()
            var paths: [String] = []
            func probe(_ request: ProbeRequest, shouldStop: @escaping () -> Bool) -> ProbeOutcome {
                lock.lock(); paths.append(request.path); lock.unlock()
                return .failure(path: request.path, ReportError(.readFailed, "probed"))
            }
            func shutdown() {}
        }
        let recording = Recording()
        let (warm, warmResults, warnings) = Self.scan(lib, cache: cache, executor: { recording })
        #expect(warnings.isEmpty)
        #expect(recording.paths.isEmpty)
        #expect(warm.files == 4 && warm.fromCache == 4 && warm.probed == 0)
        for (rel, result) in warmResults {
            #expect(result.jsonLine == coldResults[rel]?.jsonLine, "\(rel)")
            #expect(result.fromCache)
        }
    }

    @Test func sizeModificationTimeAndOptionsInvalidate() throws {
        let lib = try Self.library()
        defer { lib.remove() }
        let cache = lib.path + ".cache.sqlite"
        defer { try? FileManager.default.removeItem(atPath: cache) }
        _ = Self.scan(lib, cache: cache)

        // Size: one appended byte (modification time put back).
        let dv = lib.url("dv.mkv").path
        let mtime = Self.modified(dv)
        let handle = try FileHandle(forWritingTo: lib.url("dv.mkv"))
        try handle.seekToEnd()
        try handle.write(contentsOf: Data([0]))
        try handle.close()
        Self.setModified(dv, mtime)
        // Modification time only.
        Self.setModified(lib.url("hdr10.mp4").path, Self.modified(lib.url("hdr10.mp4").path) + 1_000_000_000)
        let (changed, results, _) = Self.scan(lib, cache: cache)
        #expect(changed.probed == 2 && changed.fromCache == 2)
        #expect(results["dv.mkv"]?.fromCache == false && results["hdr10.mp4"]?.fromCache == false)
        #expect(results["sub/sdr.mp4"]?.fromCache == true && results["bad.mp4"]?.fromCache == true)

        // Options that change results: the frame budget, the Dolby Vision policy.
        #expect(Self.scan(lib, cache: cache).0.probed == 0)
        #expect(Self.scan(lib, cache: cache, options: ProbeOptions(frames: 8)).0.probed == 4)
        #expect(Self.scan(lib, cache: cache, options: ProbeOptions(frames: 8)).0.probed == 0)
        #expect(Self.scan(lib, cache: cache, policy: .appleHLS).0.probed == 4)
        // The time limit does not change a complete result.
        #expect(Self.scan(lib, cache: cache, options: ProbeOptions(timeout: 99)).0.probed == 0)
    }

    @Test func corruptCacheFallsBackWithAWarning() throws {
        let lib = try Self.library()
        defer { lib.remove() }
        let cache = lib.path + ".cache.sqlite"
        defer { try? FileManager.default.removeItem(atPath: cache) }
        try LibraryFixture.noise(64 * 1024).write(to: URL(fileURLWithPath: cache))
        let (summary, results, warnings) = Self.scan(lib, cache: cache)
        #expect(summary.files == 4 && results.count == 4)
        #expect(warnings.count == 1 && warnings[0].contains("cannot be used"), "\(warnings)")
    }

    @Test func concurrentWriterFallsBackWithAWarning() throws {
        let lib = try Self.library()
        defer { lib.remove() }
        let cache = lib.path + ".cache.sqlite"
        defer { for s in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: cache + s) } }
        _ = Self.scan(lib, cache: cache)
        Self.setModified(lib.url("dv.mkv").path, Self.modified(lib.url("dv.mkv").path) + 5_000_000_000)
        // Another process's connection holds the write lock for the whole scan.
        var configuration = Configuration()
        configuration.allowsUnsafeTransactions = true
        let other = try DatabaseQueue(path: cache, configuration: configuration)
        try other.writeWithoutTransaction { db in try db.execute(sql: "BEGIN IMMEDIATE") }
        let (summary, results, warnings) = Self.scan(lib, cache: cache)
        try other.writeWithoutTransaction { db in try db.execute(sql: "ROLLBACK") }
        #expect(summary.files == 4 && results.count == 4)
        #expect(results["dv.mkv"]?.digest.status == .ok)
        #expect(warnings.count == 1, "\(warnings)")
    }

    @Test func cachedReportTakesThePathItIsReachedBy() throws {
        let lib = try Self.library()
        defer { lib.remove() }
        let cache = lib.path + ".cache.sqlite"
        defer { try? FileManager.default.removeItem(atPath: cache) }
        _ = Self.scan(lib, cache: cache)
        // The same files through a path spelled differently (trailing "/."): served from the
        // cache, with the report's path as given this time.
        var config = ScanConfiguration(roots: [lib.path + "/."], jobs: 1, options: ProbeOptions(), policy: PolicyDocument(dolbyVision: .default))
        config.cachePath = cache
        var paths: [String] = []
        let summary = LibraryScanner(config: config).run(shouldInterrupt: { false }) { paths.append($0.digest.path)
            #expect($0.jsonLine.contains("\"path\":\"\(lib.path)/./"))
        }
        #expect(summary.fromCache == 4)
        #expect(paths.allSatisfy { $0.hasPrefix(lib.path + "/./") })
    }

    @Test func defaultLocationFollowsXDG() {
        #expect(ScanCache.defaultPath(environment: ["XDG_CACHE_HOME": "/x/cache", "HOME": "/home/u"]) == "/x/cache/hdrprobe/scan-cache.sqlite")
        #expect(ScanCache.defaultPath(environment: ["HOME": "/home/u"]) == "/home/u/.cache/hdrprobe/scan-cache.sqlite")
        #expect(ScanCache.defaultPath(environment: ["XDG_CACHE_HOME": "relative", "HOME": "/home/u"]) == "/home/u/.cache/hdrprobe/scan-cache.sqlite")
    }
}
#endif
