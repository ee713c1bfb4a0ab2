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
    /// One long read transaction for the lookups of a run (what the cache held when the run
    /// started; rows stored during the run are not needed again). Opened on the first lookup.
    private var snapshot: DatabaseSnapshot?
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
                    path TEXT NOT NULL,
                    optionsKey TEXT NOT NULL,
                    size INTEGER NOT NULL,
                    modified INTEGER NOT NULL,
                    report TEXT NOT NULL,
                    digest BLOB NOT NULL,
                    storedAt REAL NOT NULL,
                    PRIMARY KEY (path, optionsKey)
                ) WITHOUT ROWID
                """)
            // The first layout (no digest column) is dropped, not migrated: it is only a cache.
            try db.execute(sql: "DROP TABLE IF EXISTS probeResult")
            try db.execute(sql: "DROP TABLE IF EXISTS probeResult2")
        }
    }

    /// The table: one row per file and options key, with the report line and its digest (the
    /// compact form of ``ReportDigest``, what a warm scan decodes instead of the whole report).
    static let table = "probeResult3"

    /// A cached report line and its digest for this file state, or nil.
    public func lookup(path: String, key: String, size: Int64, modified: Int64) -> (report: String, digest: [UInt8])? {
        guard isEnabled else { return nil }
        do {
            let reader: DatabaseSnapshot
            do {
                lock.lock()
                defer { lock.unlock() }
                if snapshot == nil { snapshot = try pool.makeSnapshot() }
                reader = snapshot!
            }
            return try reader.read { db in
                let statement = try db.cachedStatement(sql: "SELECT size, modified, report, digest FROM \(Self.table) WHERE path = ? AND optionsKey = ?")
                guard let row = try Row.fetchOne(statement, arguments: [path, key]) else { return nil }
                let storedSize: Int64 = row["size"], storedModified: Int64 = row["modified"]
                guard storedSize == size && storedModified == modified else { return nil }
                let digest: Data = row["digest"]
                return (row["report"], [UInt8](digest))
            }
        } catch {
            disable(error)
            return nil
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
                    INSERT OR REPLACE INTO \(Self.table) (path, optionsKey, size, modified, report, digest, storedAt)
                    VALUES (?, ?, ?, ?, ?, ?, ?)
                    """)
                for e in entries {
                    try statement.execute(arguments: [e.path, e.key, e.size, e.modified, e.report, Data(e.digest), now])
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
        lock.lock()
        snapshot = nil
        lock.unlock()
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
