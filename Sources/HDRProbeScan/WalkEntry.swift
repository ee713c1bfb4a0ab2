import Foundation
import HDRProbeModel

/// A file the walk found: the path as reported (the scan root as given, then the names below
/// it), its path relative to the root (what globs and the shard hash see), its absolute path
/// (the cache key) and what `stat` said about it.
package struct WalkEntry: Sendable, Equatable {
    package var path: String
    package var relativePath: String
    package var absolutePath: String
    /// Size and modification time in nanoseconds; nil when the file could not be stat'ed (the
    /// probe then reports why).
    package var size: Int64?
    package var modified: Int64?
    /// The file's inode number and status-change time (ctime, nanoseconds): with size and
    /// modification time they say the file is the one the cache saw (a file rewritten in place
    /// with its old size and mtime restored, as `rsync -t` or `touch -r` leave it, has a new
    /// ctime; one replaced by a rename has a new inode). Nil when not stat'ed.
    package var inode: UInt64?
    package var changed: Int64?
    /// The exact bytes of `path` when a name in it is not valid UTF-8 (`path` then shows U+FFFD);
    /// nil otherwise. What the probe opens and the report's `pathBytes` carry.
    package var pathBytes: [UInt8]?
    /// The exact bytes of `absolutePath` when they are not its text's UTF-8; nil otherwise.
    package var absolutePathBytes: [UInt8]?

    /// The cache's key for the file: the absolute path, or for a name that is not UTF-8 its
    /// exact bytes in Base64 after `bytes:` (an absolute path starts with `/`, so the two kinds
    /// of key never meet, and two names that differ only in bytes U+FFFD hides get two keys).
    package var cacheKeyPath: String {
        absolutePathBytes.map { "bytes:" + Data($0).base64EncodedString() } ?? absolutePath
    }

    package init(path: String, relativePath: String, absolutePath: String, size: Int64?, modified: Int64?,
                inode: UInt64? = nil, changed: Int64? = nil) {
        self.path = path
        self.relativePath = relativePath
        self.absolutePath = absolutePath
        self.size = size
        self.modified = modified
        self.inode = inode
        self.changed = changed
    }
}

/// What the walk reports for each entry it meets.
package enum WalkEvent: Sendable {
    /// A file to analyse.
    case file(WalkEntry)
    /// An entry that becomes an error report without being probed (a folder that cannot be listed).
    case failed(WalkEntry, ReportError)
    /// An entry passed over, with the reason (`hidden`, `notMedia`, `symlinkLoop`, …).
    case skipped(String)
}

