#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import GRDB
// SQLite's C interface, for the lookup's statement (GRDB README, "Raw SQLite Pointers").
import GRDBSQLite
import HDRProbeModel

/// The incremental cache of `scan` and `check`: one SQLite file (GRDB) holding each report line,
/// keyed by the file's absolute path and the options that change results (``ProbeRequest/cacheKey``:
/// hdrprobe and libavformat versions, frames, budgets, Dolby Vision policy), and valid while the
/// file's size, modification time, inode and status-change time (the times in nanoseconds) are
/// unchanged. A re-scan of an unchanged library therefore reads no media at all. Each row carries
/// a checksum of everything in it; a row that fails it is not served (the file is probed again,
/// with a warning). docs/check.md, "The incremental cache".
///
/// The cache is an optimisation, never a source of failure: a file that is not a database, a
/// corrupt page, a full disk or another process holding the write lock for longer than
/// ``busyTimeout`` turns the cache off for the rest of the run with one warning, and the scan goes
/// on (every result is still written out). A cache this user may read but not write is used
/// read-only. Safe to use from several threads.
package final class ScanCache: @unchecked Sendable {
    package let path: String
    /// Opened read-only: lookups only, nothing is stored.
    package let isReadOnly: Bool
    private let pool: DatabasePool
    private let lock = NSLock()
    private var disabledReason: String?
    private var warnings: [String] = []
    private var lastCheckpoint = Date()

    /// Seconds a write waits for another process's lock before the cache gives up.
    package static let busyTimeout: TimeInterval = 3

    /// `$XDG_CACHE_HOME/hdrprobe/scan-cache.sqlite`, else `~/.cache/hdrprobe/scan-cache.sqlite`.
    package static func defaultPath(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        let base: String
        if let xdg = environment["XDG_CACHE_HOME"], xdg.hasPrefix("/") {
            base = xdg
        } else {
            base = (environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()) + "/.cache"
        }
        return base + "/hdrprobe/scan-cache.sqlite"
    }

    /// Opens (creating the folder and the schema when needed) or explains why it cannot; the
    /// warning is also set when the cache opens read-only (a note that nothing will be stored).
    package static func open(path: String) -> (cache: ScanCache?, warning: String?) {
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
        let exists = access(path, F_OK) == 0
        if !exists {
            do { try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) } catch {
                return (nil, "warning: the cache folder \(folder) does not exist and cannot be created (\(Self.folderProblem(folder))); scanning without a cache.")
            }
            if access(folder, W_OK) != 0 {
                return (nil, "warning: the cache \(path) cannot be created: the folder \(folder) is not writable (permission denied); scanning without a cache.")
            }
        } else if access(path, R_OK) != 0 {
            return (nil, "warning: the cache \(path) cannot be read (permission denied); scanning without it.")
        }
        let readOnly = exists && (access(path, W_OK) != 0 || access(folder, W_OK) != 0)
        do {
            let cache = try ScanCache(path: path, readOnly: readOnly, folderWritable: access(folder, W_OK) == 0)
            return (cache, readOnly ? "note: the cache \(path) is read-only for this user: results are read from it, new ones are not stored." : nil)
        } catch {
            return (nil, Self.openFailure(path: path, readOnly: readOnly, error))
        }
    }

    /// Why a missing cache folder cannot be made: the first existing ancestor that is no folder,
    /// or that is not writable.
    static func folderProblem(_ folder: String) -> String {
        var current = URL(fileURLWithPath: folder)
        while current.path != "/" {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: current.path, isDirectory: &isDirectory) {
                if !isDirectory.boolValue { return "\(current.path) is a file, not a folder" }
                return access(current.path, W_OK) == 0 ? "\(current.path) cannot be written" : "\(current.path) is not writable: permission denied"
            }
            current.deleteLastPathComponent()
        }
        return "no part of the path exists"
    }

    /// One message per kind of failure: locked, permission, older layout on a read-only cache,
    /// and damage (the only case where deleting the file is the advice).
    static func openFailure(path: String, readOnly: Bool, _ error: Error) -> String {
        if let db = error as? DatabaseError {
            switch db.resultCode {
            case .SQLITE_BUSY, .SQLITE_LOCKED:
                return "warning: the cache \(path) is locked by another process (another hdrprobe scan?) for more than \(Int(busyTimeout)) s; scanning without it."
            case .SQLITE_PERM, .SQLITE_READONLY, .SQLITE_CANTOPEN:
                return "warning: the cache \(path) cannot be opened (\(describe(error))); scanning without it."
            default:
                break
            }
        }
        if error is OlderLayout {
            return "warning: the cache \(path) is read-only and has an older layout than this hdrprobe's; scanning without it."
        }
        return "warning: the cache \(path) cannot be used (\(describe(error))); scanning without it. Delete the file to start a new cache."
    }

    struct OlderLayout: Error {}

    /// The layout, one migration per change (GRDB's `DatabaseMigrator`). Earlier layouts are
    /// dropped, not converted: it is only a cache.
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("probeResult5") { db in
            for old in ["probeResult", "probeResult2", "probeResult3", "probeResult4"] {
                try db.execute(sql: "DROP TABLE IF EXISTS \(old)")
            }
            try db.execute(sql: """
                CREATE TABLE \(table) (
                    id INTEGER PRIMARY KEY,
                    path TEXT NOT NULL,
                    optionsKey TEXT NOT NULL,
                    size INTEGER NOT NULL,
                    modified INTEGER NOT NULL,
                    inode INTEGER NOT NULL,
                    changed INTEGER NOT NULL,
                    report TEXT NOT NULL,
                    digest BLOB NOT NULL,
                    checksum INTEGER NOT NULL,
                    storedAt REAL NOT NULL
                )
                """)
        }
        return migrator
    }

    /// The WAL is truncated to this size when it restarts (SQLite's `journal_size_limit`).
    static let walSizeLimit = 4 << 20

    init(path: String, readOnly: Bool = false, folderWritable: Bool = true) throws {
        self.path = path
        isReadOnly = readOnly
        var configuration = Configuration()
        configuration.busyMode = .timeout(Self.busyTimeout)
        configuration.label = "hdrprobe-cache"
        configuration.readonly = readOnly
        if !readOnly {
            configuration.prepareDatabase { db in
                try db.execute(sql: "PRAGMA journal_size_limit = \(Self.walSizeLimit)")
            }
        }
        // Without a writable folder SQLite cannot make the shared-memory file a WAL reader needs:
        // the file is then read as immutable (nobody can be writing it beside this user).
        let location = readOnly && !folderWritable ? "file:" + (path.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? path) + "?immutable=1" : path
        pool = try DatabasePool(path: location, configuration: configuration)
        if readOnly {
            guard try pool.read({ try Self.migrator.hasCompletedMigrations($0) }) else { throw OlderLayout() }
        } else {
            try Self.migrator.migrate(pool)
        }
    }

    /// The table: one row per file and options key, with the report line and its digest (the
    /// compact form of ``ReportDigest``, what a warm scan decodes instead of the whole report).
    /// Rows are found by ``rowID(path:key:)`` in the rowid B-tree. (The earlier layout keyed a
    /// WITHOUT ROWID table on the two strings; with ~10 KB reports inline, a lookup's B-tree seek
    /// was a fifth of a warm scan's CPU. SQLite advises WITHOUT ROWID only for small rows.)
    static let table = "probeResult5"

    /// The row of a file and options key: a 63-bit FNV-1a hash of both (a stable hash; Swift's
    /// `Hasher` is seeded per process). The row also holds both strings, and a lookup whose strings
    /// differ is a miss, so a collision only costs a re-probe.
    static func rowID(path: String, key: String) -> Int64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        func mix(_ text: String) {
            var text = text
            text.withUTF8 { for byte in $0 { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 } }
        }
        mix(path)
        hash = (hash ^ 0) &* 0x0000_0100_0000_01b3
        mix(key)
        return Int64(bitPattern: hash & 0x7fff_ffff_ffff_ffff)
    }

    /// What the cache knows of a file besides its path: a row is used only while all of it is
    /// unchanged.
    package struct FileState: Sendable, Equatable {
        package var size: Int64
        package var modified: Int64
        package var inode: UInt64
        package var changed: Int64

        package init(size: Int64, modified: Int64, inode: UInt64, changed: Int64) {
            self.size = size
            self.modified = modified
            self.inode = inode
            self.changed = changed
        }

        /// Nil when the walk could not stat the file.
        package init?(_ entry: WalkEntry) {
            guard let size = entry.size, let modified = entry.modified else { return nil }
            self.init(size: size, modified: modified, inode: entry.inode ?? 0, changed: entry.changed ?? 0)
        }
    }

    /// The checksum of a row: a 64-bit multiply–xorshift hash, eight bytes at a time, of every
    /// column a lookup uses. Each step is a bijection of the running value, so a change confined
    /// to one 8-byte word — one damaged byte, a digit changed — always changes the result.
    ///
    /// The definition (a contract with every cache file already written, whose `checksum` column
    /// holds it): starting from `0x9E3779B97F4A7C15`, mix the UTF-8 bytes of the path, then of the
    /// options key, then the four file-state values (size, modified, inode, changed, each as its
    /// 64-bit pattern), then the report's UTF-8 bytes, then the digest's bytes. A byte string is
    /// mixed as big-endian 8-byte words (its first byte the most significant), then the word built
    /// from the last `count % 8` bytes the same way (0 when none are left), then its byte count.
    static func checksum(path: String, key: String, state: FileState, report: String, digest: [UInt8]) -> Int64 {
        var report = report
        return report.withUTF8 { reportBytes in
            digest.withUnsafeBytes { checksum(path: path, key: key, state: state, report: UnsafeRawBufferPointer(reportBytes), digest: $0) }
        }
    }

    /// ``checksum(path:key:state:report:digest:)`` of a row's report and digest as SQLite holds
    /// them, so that a lookup verifies the row before making a string of it.
    static func checksum(path: String, key: String, state: FileState, report: UnsafeRawBufferPointer, digest: UnsafeRawBufferPointer) -> Int64 {
        var sum = RowChecksum()
        var path = path, key = key
        path.withUTF8 { sum.mix(bytes: UnsafeRawBufferPointer($0)) }
        key.withUTF8 { sum.mix(bytes: UnsafeRawBufferPointer($0)) }
        sum.mix(UInt64(bitPattern: state.size))
        sum.mix(UInt64(bitPattern: state.modified))
        sum.mix(state.inode)
        sum.mix(UInt64(bitPattern: state.changed))
        sum.mix(bytes: report)
        sum.mix(bytes: digest)
        return Int64(bitPattern: sum.hash)
    }

    /// The running value of ``checksum(path:key:state:report:digest:)``.
    struct RowChecksum {
        private(set) var hash: UInt64 = 0x9E37_79B9_7F4A_7C15

        mutating func mix(_ word: UInt64) {
            hash = (hash ^ word) &* 0xBF58_476D_1CE4_E5B9
            hash ^= hash >> 31
        }

        /// Whole words are loaded eight bytes at a time; the same values as building each word
        /// a byte at a time, first byte most significant.
        mutating func mix(bytes: UnsafeRawBufferPointer) {
            let count = bytes.count
            var i = 0
            while i + 8 <= count {
                mix(UInt64(bigEndian: bytes.loadUnaligned(fromByteOffset: i, as: UInt64.self)))
                i += 8
            }
            var word: UInt64 = 0
            while i < count {
                word = word << 8 | UInt64(bytes[i])
                i += 1
            }
            mix(word)
            mix(UInt64(count))
        }
    }

    /// A read view for one thread, so that the scan's worker threads look files up in parallel.
    /// While lookups keep hitting (a warm scan, which stores nothing) it reads from a snapshot
    /// of its own (a connection holding one read transaction: no transaction per lookup). A miss
    /// that comes within ``Reader/missesApart`` lookups of the previous one drops the snapshot —
    /// files are being probed and stored — and lookups then use short read transactions until
    /// hits run again; a lone miss (a file changed here and there, an error that is never cached)
    /// keeps it, so a warm scan stays on its snapshot. A snapshot held through a cold scan would keep
    /// SQLite from ever copying the write-ahead log back and restarting it, and the log would
    /// grow by every report stored (132 MiB for 11,000 files). A reader starts as if hits were
    /// running: its first lookup opens the snapshot (one connection; a cold scan drops it at its
    /// second miss), since a short transaction costs more than the lookup inside it. Nil when the
    /// cache is off.
    package func makeReader() -> Reader? {
        guard isEnabled else { return nil }
        return Reader(cache: self)
    }

    /// See ``makeReader()``. Not thread-safe: one owner thread.
    package final class Reader {
        private let cache: ScanCache
        private var snapshot: DatabaseSnapshot?
        private var hitsInARow = Reader.hitsBeforeSnapshot
        private var lookupsSinceMiss = Int.max

        /// Hits in a row after which lookups go back to a snapshot.
        static let hitsBeforeSnapshot = 64
        /// A miss this close (in lookups) to the previous one drops the snapshot: with at most one
        /// miss in this many lookups, the write-ahead log held back by the snapshot grows by at
        /// most one stored report per this many files scanned.
        static let missesApart = 32

        fileprivate init(cache: ScanCache) {
            self.cache = cache
        }

        /// A cached report line and its digest for this file state, or nil. A row whose checksum
        /// fails is not served: the cache warns and the file is probed again (and stored anew).
        package func lookup(path: String, key: String, state: FileState) -> (report: String, digest: [UInt8])? {
            guard cache.isEnabled else { return nil }
            do {
                if snapshot == nil && hitsInARow >= Self.hitsBeforeSnapshot { snapshot = try cache.pool.makeSnapshot() }
                let found = try snapshot.map { try $0.read { try Self.find(db: $0, cache: cache, path: path, key: key, state: state) } }
                    ?? cache.pool.read { try Self.find(db: $0, cache: cache, path: path, key: key, state: state) }
                if found == nil {
                    if lookupsSinceMiss < Self.missesApart { snapshot = nil }
                    hitsInARow = 0
                    lookupsSinceMiss = 0
                } else {
                    hitsInARow += 1
                    lookupsSinceMiss &+= lookupsSinceMiss == .max ? 0 : 1
                }
                return found
            } catch {
                cache.disable(error)
                return nil
            }
        }

        static let lookupSQL = "SELECT size, modified, inode, changed, path, optionsKey, report, digest, checksum FROM \(ScanCache.table) WHERE id = ?"

        /// Reads the row's columns in place, in SQLite's own buffers (GRDB's "Raw SQLite
        /// Pointers": the statement stays GRDB's, cached per connection), and verifies the
        /// checksum there; only a row that verifies becomes a string and an array. (Through
        /// GRDB's `Row` each lookup built a column-name dictionary and copied every column.)
        private static func find(db: Database, cache: ScanCache, path: String, key: String, state: FileState) throws -> (report: String, digest: [UInt8])? {
            let statement = try db.cachedStatement(sql: lookupSQL)
            let s = statement.sqliteStatement
            sqlite3_reset(s)
            defer { sqlite3_reset(s) }
            var code = sqlite3_bind_int64(s, 1, ScanCache.rowID(path: path, key: key))
            if code == SQLITE_OK { code = sqlite3_step(s) }
            guard code == SQLITE_ROW else {
                if code == SQLITE_DONE { return nil }
                throw DatabaseError(resultCode: ResultCode(rawValue: code), message: db.lastErrorMessage, sql: lookupSQL)
            }
            let stored = FileState(size: sqlite3_column_int64(s, 0), modified: sqlite3_column_int64(s, 1),
                                   inode: UInt64(bitPattern: sqlite3_column_int64(s, 2)), changed: sqlite3_column_int64(s, 3))
            guard stored == state else { return nil }
            // Byte-wise: Swift's == on strings would equate NFC and NFD spellings.
            guard let storedPath = Self.bytes(s, 4), ByteEquality.equal(path, storedPath),
                  let storedKey = Self.bytes(s, 5), ByteEquality.equal(key, storedKey) else { return nil }
            guard let report = Self.bytes(s, 6), let digest = Self.bytes(s, 7),
                  ScanCache.checksum(path: path, key: key, state: state, report: report, digest: digest) == sqlite3_column_int64(s, 8) else {
                cache.warn("warning: the cache entry of \(TerminalText.escape(path)) is damaged (its checksum does not match); the file is analysed again.")
                return nil
            }
            return (String(decoding: report, as: UTF8.self), [UInt8](digest))
        }

        /// A column's bytes as SQLite holds them (text as UTF-8), valid until the statement
        /// steps or resets; nil for NULL.
        private static func bytes(_ s: SQLiteStatement, _ column: Int32) -> UnsafeRawBufferPointer? {
            guard sqlite3_column_type(s, column) != SQLITE_NULL else { return nil }
            let start = sqlite3_column_blob(s, column)
            return UnsafeRawBufferPointer(start: start, count: start == nil ? 0 : Int(sqlite3_column_bytes(s, column)))
        }
    }

    package struct Entry: Sendable {
        package var path: String
        package var key: String
        package var state: FileState
        package var report: String
        package var digest: [UInt8]

        package init(path: String, key: String, state: FileState, report: String, digest: [UInt8]) {
            self.path = path
            self.key = key
            self.state = state
            self.report = report
            self.digest = digest
        }
    }

    /// Stores reports in one transaction, then checkpoints the write-ahead log when a second has
    /// passed since the last time (passive: it never waits for a reader), so that the log is
    /// copied into the database and restarted as the scan goes instead of growing to its end.
    package func store(_ entries: [Entry]) {
        guard isEnabled, !isReadOnly, !entries.isEmpty else { return }
        do {
            let now = Date().timeIntervalSince1970
            try pool.write { db in
                let statement = try db.cachedStatement(sql: """
                    INSERT OR REPLACE INTO \(Self.table) (id, path, optionsKey, size, modified, inode, changed, report, digest, checksum, storedAt)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                    """)
                for e in entries {
                    let checksum = Self.checksum(path: e.path, key: e.key, state: e.state, report: e.report, digest: e.digest)
                    try statement.execute(arguments: [Self.rowID(path: e.path, key: e.key), e.path, e.key, e.state.size, e.state.modified,
                                                      Int64(bitPattern: e.state.inode), e.state.changed, e.report, Data(e.digest), checksum, now])
                }
            }
            if Date().timeIntervalSince(lastCheckpoint) >= 1 {
                lastCheckpoint = Date()
                _ = try pool.writeWithoutTransaction { try $0.checkpoint(.passive) }
            }
        } catch {
            disable(error)
        }
    }

    package var isEnabled: Bool {
        lock.lock(); defer { lock.unlock() }
        return disabledReason == nil
    }

    /// Warnings since the last call: damaged entries, and the failure that turned the cache off.
    package func takeWarnings() -> [String] {
        lock.lock(); defer { lock.unlock() }
        let w = warnings
        warnings = []
        return w
    }

    /// Copies the write-ahead log into the database and empties it (a TRUNCATE checkpoint), then
    /// closes. Every write is already committed; the checkpoint leaves the file whole by itself,
    /// so that it can also be read where no `-shm` file can be made (a read-only folder).
    package func close() {
        if !isReadOnly && isEnabled { _ = try? pool.writeWithoutTransaction { try $0.checkpoint(.truncate) } }
        try? pool.close()
    }

    private func disable(_ error: Error) {
        lock.lock(); defer { lock.unlock() }
        guard disabledReason == nil else { return }
        disabledReason = Self.describe(error)
        if let db = error as? DatabaseError, db.resultCode == .SQLITE_BUSY || db.resultCode == .SQLITE_LOCKED {
            warnings.append("warning: the cache \(path) is locked by another process (another hdrprobe scan?) for more than \(Int(Self.busyTimeout)) s; going on without it — every result is still written out.")
        } else {
            warnings.append("warning: cache \(path) failed (\(disabledReason!)); going on without it — every result is still written out.")
        }
    }

    /// A warning for the scan to print (a damaged entry); the cache stays on.
    fileprivate func warn(_ message: String) {
        lock.lock(); defer { lock.unlock() }
        warnings.append(message)
    }

    static func describe(_ error: Error) -> String {
        if let db = error as? DatabaseError { return db.message ?? "\(db.resultCode)" }
        return "\(error)"
    }
}

