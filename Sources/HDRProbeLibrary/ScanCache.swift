import Foundation
import GRDB

/// The incremental cache of `scan` and `check`: one SQLite file (GRDB) holding each report line,
/// keyed by the file's absolute path and the options that change results (``ProbeRequest/cacheKey``:
/// hdrprobe and libavformat versions, frames, budgets, Dolby Vision policy), and valid while the
/// file's size and modification time (nanoseconds) are unchanged. A re-scan of an unchanged library
/// therefore reads no media at all.
///
/// The cache is an optimisation, never a source of failure: a file that is not a database, a
/// corrupt page, a full disk or another process holding the write lock for longer than
/// ``busyTimeout`` turns the cache off for the rest of the run with one warning, and the scan goes
/// on (every result is still written out). Safe to use from several threads.
public final class ScanCache: @unchecked Sendable {
    public let path: String
    private let pool: DatabasePool
    private let lock = NSLock()
    private var disabledReason: String?
    private var warnings: [String] = []

    /// Seconds a write waits for another process's lock before the cache gives up.
    public static let busyTimeout: TimeInterval = 3

    /// `$XDG_CACHE_HOME/hdrprobe/scan-cache.sqlite`, else `~/.cache/hdrprobe/scan-cache.sqlite`.
    public static func defaultPath(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        let base: String
        if let xdg = environment["XDG_CACHE_HOME"], xdg.hasPrefix("/") {
            base = xdg
        } else {
            base = (environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()) + "/.cache"
        }
        return base + "/hdrprobe/scan-cache.sqlite"
    }

    /// Opens (creating the folder and the schema when needed) or explains why it cannot.
    public static func open(path: String) -> (cache: ScanCache?, warning: String?) {
        do {
            let folder = URL(fileURLWithPath: path).deletingLastPathComponent()
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            return (try ScanCache(path: path), nil)
        } catch {
            return (nil, "warning: cache \(path) cannot be used (\(Self.describe(error))); scanning without it. Delete the file to start a new cache.")
        }
    }

    init(path: String) throws {
        self.path = path
        var configuration = Configuration()
        configuration.busyMode = .timeout(Self.busyTimeout)
        configuration.label = "hdrprobe-cache"
        pool = try DatabasePool(path: path, configuration: configuration)
        try pool.write { db in
            try db.execute(sql: """
                CREATE TABLE IF NOT EXISTS \(Self.table) (
                    id INTEGER PRIMARY KEY,
                    path TEXT NOT NULL,
                    optionsKey TEXT NOT NULL,
                    size INTEGER NOT NULL,
                    modified INTEGER NOT NULL,
                    report TEXT NOT NULL,
                    digest BLOB NOT NULL,
                    storedAt REAL NOT NULL
                )
                """)
            // Earlier layouts are dropped, not migrated: it is only a cache.
            for old in ["probeResult", "probeResult2", "probeResult3"] {
                try db.execute(sql: "DROP TABLE IF EXISTS \(old)")
            }
        }
    }

    /// The table: one row per file and options key, with the report line and its digest (the
    /// compact form of ``ReportDigest``, what a warm scan decodes instead of the whole report).
    /// Rows are found by ``rowID(path:key:)`` in the rowid B-tree. (The earlier layout keyed a
    /// WITHOUT ROWID table on the two strings; with ~10 KB reports inline, a lookup's B-tree seek
    /// was a fifth of a warm scan's CPU. SQLite advises WITHOUT ROWID only for small rows.)
    static let table = "probeResult4"

    /// The row of a file and options key: a 63-bit FNV-1a hash of both (a stable hash; Swift's
    /// `Hasher` is seeded per process). The row also holds both strings, and a lookup whose strings
    /// differ is a miss, so a collision only costs a re-probe.
    static func rowID(path: String, key: String) -> Int64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in path.utf8 { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 }
        hash = (hash ^ 0) &* 0x0000_0100_0000_01b3
        for byte in key.utf8 { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 }
        return Int64(bitPattern: hash & 0x7fff_ffff_ffff_ffff)
    }

    /// A read view for one thread: its own snapshot (a connection of its own holding one read
    /// transaction over what the cache held when the reader was made; rows stored during the run
    /// are not needed again), so that the scan's worker threads look files up in parallel.
    /// Nil when the cache is off or no snapshot can be opened (which turns the cache off).
    public func makeReader() -> Reader? {
        guard isEnabled else { return nil }
        do {
            return Reader(cache: self, snapshot: try pool.makeSnapshot())
        } catch {
            disable(error)
            return nil
        }
    }

    /// See ``makeReader()``. Not thread-safe: one owner thread.
    public final class Reader {
        private let cache: ScanCache
        private let snapshot: DatabaseSnapshot

        fileprivate init(cache: ScanCache, snapshot: DatabaseSnapshot) {
            self.cache = cache
            self.snapshot = snapshot
        }

        /// A cached report line and its digest for this file state, or nil.
        public func lookup(path: String, key: String, size: Int64, modified: Int64) -> (report: String, digest: [UInt8])? {
            guard cache.isEnabled else { return nil }
            do {
                return try snapshot.read { db in
                    let statement = try db.cachedStatement(sql: "SELECT size, modified, path, optionsKey, report, digest FROM \(ScanCache.table) WHERE id = ?")
                    guard let row = try Row.fetchOne(statement, arguments: [ScanCache.rowID(path: path, key: key)]) else { return nil }
                    let storedSize: Int64 = row["size"], storedModified: Int64 = row["modified"]
                    guard storedSize == size && storedModified == modified else { return nil }
                    let storedPath: String = row["path"], storedKey: String = row["optionsKey"]
                    guard storedPath == path && storedKey == key else { return nil }
                    let digest: Data = row["digest"]
                    return (row["report"], [UInt8](digest))
                }
            } catch {
                cache.disable(error)
                return nil
            }
        }
    }

    public struct Entry: Sendable {
        public var path: String
        public var key: String
        public var size: Int64
        public var modified: Int64
        public var report: String
        public var digest: [UInt8]

        public init(path: String, key: String, size: Int64, modified: Int64, report: String, digest: [UInt8]) {
            self.path = path
            self.key = key
            self.size = size
            self.modified = modified
            self.report = report
            self.digest = digest
        }
    }

    /// Stores reports in one transaction.
    public func store(_ entries: [Entry]) {
        guard isEnabled, !entries.isEmpty else { return }
        do {
            let now = Date().timeIntervalSince1970
            try pool.write { db in
                let statement = try db.cachedStatement(sql: """
                    INSERT OR REPLACE INTO \(Self.table) (id, path, optionsKey, size, modified, report, digest, storedAt)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                    """)
                for e in entries {
                    try statement.execute(arguments: [Self.rowID(path: e.path, key: e.key), e.path, e.key, e.size, e.modified,
                                                      e.report, Data(e.digest), now])
                }
            }
        } catch {
            disable(error)
        }
    }

    public var isEnabled: Bool {
        lock.lock(); defer { lock.unlock() }
        return disabledReason == nil
    }

    /// Warnings since the last call (at most one: the one that turned the cache off).
    public func takeWarnings() -> [String] {
        lock.lock(); defer { lock.unlock() }
        let w = warnings
        warnings = []
        return w
    }

    /// Closes the database (waits for nothing: every write is already committed).
    public func close() {
        try? pool.close()
    }

    private func disable(_ error: Error) {
        lock.lock(); defer { lock.unlock() }
        guard disabledReason == nil else { return }
        disabledReason = Self.describe(error)
        warnings.append("warning: cache \(path) failed (\(disabledReason!)); going on without it — every result is still written out.")
    }

    static func describe(_ error: Error) -> String {
        if let db = error as? DatabaseError { return db.message ?? "\(db.resultCode)" }
        return "\(error)"
    }
}
