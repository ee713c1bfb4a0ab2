#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CProcessControl
import Foundation
import HDRProbeCore

/// Walks scan roots depth first, in a stable order (entries sorted by the bytes of their name,
/// a folder as if its name ended in `/`, so the order is the byte order of the full paths), and
/// reports media files, unlistable folders and skipped entries. It keeps only the folder being
/// listed and the identities of the folders already walked, never the list of files, so memory
/// does not grow with the size of the library. Symbolic links are followed safely: a folder
/// reached a second time (a link loop, or two links to one folder) is not walked again; a link
/// whose target lies inside a scan root is not followed (the target is reported by its own path,
/// `symlinkDuplicate`); a file reached twice by links from outside, or by hard links, is reported
/// once (its (device, inode) is remembered — only for such files, so memory stays flat); pseudo
/// file systems (/proc, /sys, …) are never entered (`pseudoFileSystem`). docs/check.md.
public struct LibraryWalker: Sendable {
    public var roots: [String]
    public var options: WalkOptions

    public init(roots: [String], options: WalkOptions) {
        self.roots = roots
        self.options = options
    }

    struct FileID: Hashable { var device: UInt64; var inode: UInt64 }

    /// Calls `visit` for each event; stops early when `shouldStop` returns true.
    public func walk(shouldStop: () -> Bool, _ visit: (WalkEvent) -> Void) {
        var visited = Set<FileID>()
        var linkedFiles = Set<FileID>()
        let rootReals = roots.map(Self.trimmed).compactMap(Self.realPath)
        let cwd = FileManager.default.currentDirectoryPath
        var seen = Set<String>()
        let ordered = roots.map(Self.trimmed).filter { seen.insert($0).inserted }.sorted(by: MediaFileTypes.precedes)
        for root in ordered {
            if shouldStop() { return }
            let absolute = root.hasPrefix("/") ? URL(fileURLWithPath: root).standardized.path
                                               : URL(fileURLWithPath: cwd + "/" + root).standardized.path
            var st = stat()
            guard stat(root, &st) == 0 else {
                // A missing or unreadable root: the probe reports why (io.notFound, …).
                visit(.file(WalkEntry(path: root, relativePath: Self.lastComponent(root), absolutePath: absolute, size: nil, modified: nil)))
                continue
            }
            if Self.isDirectory(st) {
                if Self.isPseudoFileSystem(Array(root.utf8)) { visit(.skipped("pseudoFileSystem")); continue }
                // A root inside another root (or given twice in another spelling) is walked once.
                guard visited.insert(FileID(device: UInt64(st.st_dev), inode: UInt64(st.st_ino))).inserted else {
                    visit(.skipped("overlappingRoot"))
                    continue
                }
                let real = Self.realPath(root) ?? absolute
                walkDirectory(display: root, absolute: absolute, relative: "", rootReal: real,
                              absoluteBytes: Array(absolute.utf8), displayBytes: Array(root.utf8),
                              state: WalkState(rootReals: rootReals), visited: &visited, linkedFiles: &linkedFiles,
                              shouldStop: shouldStop, visit)
            } else {
                // A file named on the command line is analysed whatever its extension.
                visit(.file(Self.entry(display: root, relative: Self.lastComponent(root), absolute: absolute, st: st)))
            }
        }
    }

    /// What one walk knows beyond the folder being listed.
    struct WalkState {
        /// The real paths of the roots: a link into one of them names a file walked by its own path.
        var rootReals: [String]
    }

    private struct Child {
        var name: String
        /// The name's exact bytes (`name` shows U+FFFD where they are not UTF-8).
        var nameBytes: [UInt8]
        var kind: Kind
        var st: stat?
        /// Reached through a symbolic link (to a target outside the roots).
        var viaLink = false
        enum Kind { case directory, file, other, brokenLink }
        var sortKey: [UInt8] { kind == .directory ? nameBytes + [UInt8(ascii: "/")] : nameBytes }
    }

    /// `absoluteBytes`, `displayBytes`: the exact bytes of `absolute` and `display` (names that
    /// are not UTF-8 are opened by them and reported with them, `WalkEntry.pathBytes`).
    private func walkDirectory(display: String, absolute: String, relative: String, rootReal: String,
                               absoluteBytes: [UInt8], displayBytes: [UInt8], state: WalkState,
                               visited: inout Set<FileID>, linkedFiles: inout Set<FileID>,
                               shouldStop: () -> Bool, _ visit: (WalkEvent) -> Void) {
        guard let dir = Self.withCPath(absoluteBytes, { opendir($0) }) else {
            let err = errno
            let code: ErrorCode = (err == EACCES || err == EPERM) ? .permissionDenied : .readFailed
            visit(.failed(Self.exact(WalkEntry(path: display, relativePath: relative, absolutePath: absolute, size: nil, modified: nil), displayBytes),
                          ReportError(code, "The folder \(display) cannot be listed: \(String(cString: strerror(err))); the files in it were not scanned.")))
            return
        }
        var children: [Child] = []
        while let ent = readdir(dir) {
            // The name's bytes as they are: a name that is not UTF-8 must still be opened.
            let nameBytes: [UInt8] = withUnsafePointer(to: ent.pointee.d_name) {
                let raw = UnsafeRawPointer($0)
                return Array(UnsafeBufferPointer(start: raw.assumingMemoryBound(to: UInt8.self),
                                                 count: strlen(raw.assumingMemoryBound(to: CChar.self))))
            }
            let name = String(decoding: nameBytes, as: UTF8.self)
            if name == "." || name == ".." { continue }
            if name.hasPrefix("."), !options.includeHidden { visit(.skipped("hidden")); continue }
            let fullBytes = Self.join(absoluteBytes, nameBytes)
            var type = Int32(ent.pointee.d_type)
            var lst = stat()
            if type == Int32(DT_UNKNOWN) {
                guard Self.withCPath(fullBytes, { lstat($0, &lst) }) == 0 else { continue }
                type = Self.direntType(lst)
            }
            if type == Int32(DT_LNK) {
                if options.symlinks == .never { visit(.skipped("symlink")); continue }
                var st = stat()
                guard Self.withCPath(fullBytes, { stat($0, &st) }) == 0 else {
                    // Dangling or looping link (ELOOP): a media name still gets a report saying why.
                    if MediaFileTypes.hasMediaExtension(name) { children.append(Child(name: name, nameBytes: nameBytes, kind: .brokenLink, st: nil)) }
                    else { visit(.skipped("brokenSymlink")) }
                    continue
                }
                let target = Self.withCPath(fullBytes) { Self.realPath(cPath: $0) }
                if options.symlinks == .inside {
                    guard let target, Self.isInside(target, rootReal) else {
                        visit(.skipped("symlinkOutside")); continue
                    }
                }
                let kind: Child.Kind = Self.isDirectory(st) ? .directory : (Self.isRegular(st) ? .file : .other)
                // A target inside a root is walked by its own path (a stable one): following the
                // link would report it a second time, or first under the link's name. A folder
                // already walked is left to the loop check below.
                if let target, kind != .directory || !visited.contains(FileID(device: UInt64(st.st_dev), inode: UInt64(st.st_ino))),
                   let root = state.rootReals.first(where: { Self.isInside(target, $0) }), isWalked(target, below: root) {
                    visit(.skipped("symlinkDuplicate")); continue
                }
                children.append(Child(name: name, nameBytes: nameBytes, kind: kind, st: st, viaLink: true))
            } else if type == Int32(DT_DIR) {
                children.append(Child(name: name, nameBytes: nameBytes, kind: .directory, st: nil))
            } else if type == Int32(DT_REG) {
                children.append(Child(name: name, nameBytes: nameBytes, kind: .file, st: nil))
            } else {
                children.append(Child(name: name, nameBytes: nameBytes, kind: .other, st: nil))
            }
        }
        closedir(dir)
        children.sort { $0.sortKey.lexicographicallyPrecedes($1.sortKey) }

        for child in children {
            if shouldStop() { return }
            let full = absolute == "/" ? "/" + child.name : absolute + "/" + child.name
            let shown = display == "/" ? "/" + child.name : display + "/" + child.name
            let fullBytes = Self.join(absoluteBytes, child.nameBytes), shownBytes = Self.join(displayBytes, child.nameBytes)
            let rel = relative.isEmpty ? child.name : relative + "/" + child.name
            switch child.kind {
            case .directory:
                var st = stat()
                guard Self.withCPath(fullBytes, { stat($0, &st) }) == 0 else {
                    // Not silently: the files below it would vanish from the scan without a word
                    // (a path longer than PATH_MAX, 4,096 bytes on Linux: ENAMETOOLONG).
                    let err = errno
                    let code: ErrorCode = (err == EACCES || err == EPERM) ? .permissionDenied : .readFailed
                    let why = err == ENAMETOOLONG ? "its path is longer than the system allows (\(Self.pathMax) bytes)" : String(cString: strerror(err))
                    visit(.failed(Self.exact(WalkEntry(path: shown, relativePath: rel, absolutePath: full, size: nil, modified: nil), shownBytes),
                                  ReportError(code, "The folder \(shown) cannot be read: \(why); the files in it were not scanned.")))
                    continue
                }
                guard visited.insert(FileID(device: UInt64(st.st_dev), inode: UInt64(st.st_ino))).inserted else {
                    visit(.skipped("symlinkLoop")); continue
                }
                if Self.isPseudoFileSystem(fullBytes) { visit(.skipped("pseudoFileSystem")); continue }
                walkDirectory(display: shown, absolute: full, relative: rel, rootReal: rootReal,
                              absoluteBytes: fullBytes, displayBytes: shownBytes, state: state,
                              visited: &visited, linkedFiles: &linkedFiles, shouldStop: shouldStop, visit)
            case .brokenLink:
                visit(.file(Self.exact(WalkEntry(path: shown, relativePath: rel, absolutePath: full, size: nil, modified: nil), shownBytes)))
            case .file, .other:
                let media = MediaFileTypes.hasMediaExtension(child.name)
                if !media && !(options.allFiles && child.kind == .file) { visit(.skipped("notMedia")); continue }
                var st = stat()
                guard Self.withCPath(fullBytes, { stat($0, &st) }) == 0 else {
                    visit(.file(Self.exact(WalkEntry(path: shown, relativePath: rel, absolutePath: full, size: nil, modified: nil), shownBytes))); continue
                }
                if !media {
                    guard Self.isRegular(st), Self.sniffIsMedia(fullBytes) else { visit(.skipped("notMedia")); continue }
                }
                // One file reached by two links from outside the roots, or by two hard links, is
                // reported once: by the first path in walk order (the byte order, so the same every run).
                if child.viaLink || st.st_nlink > 1,
                   !linkedFiles.insert(FileID(device: UInt64(st.st_dev), inode: UInt64(st.st_ino))).inserted {
                    visit(.skipped("duplicate")); continue
                }
                visit(.file(Self.exact(Self.entry(display: shown, relative: rel, absolute: full, st: st), shownBytes)))
            }
        }
    }

    // MARK: helpers

    static let pathMax = Int(PATH_MAX)

    /// `folder` + `/` + `name`, in bytes.
    static func join(_ folder: [UInt8], _ name: [UInt8]) -> [UInt8] {
        folder == [UInt8(ascii: "/")] ? folder + name : folder + [UInt8(ascii: "/")] + name
    }

    /// Calls `body` with the exact bytes as a NUL-terminated C string.
    static func withCPath<R>(_ bytes: [UInt8], _ body: (UnsafePointer<CChar>) -> R) -> R {
        (bytes + [0]).withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { body($0.baseAddress!) }
        }
    }

    /// The entry with the exact bytes of its path when they are not its text's UTF-8.
    static func exact(_ entry: WalkEntry, _ bytes: [UInt8]) -> WalkEntry {
        var e = entry
        if !entry.path.utf8.elementsEqual(bytes) { e.pathBytes = bytes }
        return e
    }

    static func isInside(_ path: String, _ root: String) -> Bool {
        path == root || path.hasPrefix(root == "/" ? "/" : root + "/")
    }

    /// The walk reaches `target` (inside `root`) by its own path: no hidden name on the way
    /// unless hidden entries are walked.
    func isWalked(_ target: String, below root: String) -> Bool {
        guard !options.includeHidden else { return true }
        return !target.dropFirst(root.count).split(separator: "/").contains { $0.hasPrefix(".") }
    }

    /// Linux pseudo file systems (statfs `f_type`, linux/magic.h): the kernel's view of
    /// processes, devices and settings, never media. A link to `/` must not lead the walk into
    /// /proc/<pid>/cwd (paths that die with that process). Elsewhere: none.
    static func isPseudoFileSystem(_ path: [UInt8]) -> Bool {
        var type: UInt64 = 0
        guard withCPath(path, { hdrprobe_file_system_type($0, &type) }) == 0 else { return false }
        return pseudoFileSystemTypes.contains(UInt32(truncatingIfNeeded: type))
    }

    /// proc, sysfs, devpts, debugfs, tracefs, securityfs, cgroup, cgroup2, pstore, bpf, configfs,
    /// fusectl, mqueue, binfmt_misc, nsfs, autofs, efivarfs, selinuxfs, hugetlbfs.
    static let pseudoFileSystemTypes: Set<UInt32> = [
        0x9FA0, 0x6265_6572, 0x1CD1, 0x6462_6720, 0x7472_6163, 0x7363_6673, 0x0027_E0EB, 0x6367_7270,
        0x6165_676C, 0xCAFE_4A11, 0x6265_6570, 0x6573_5543, 0x1980_0202, 0x4249_4E4D, 0x6E73_6673,
        0x0187, 0xDE5E_81E4, 0xF97C_FF8C, 0x9584_58F6,
    ]

    static func entry(display: String, relative: String, absolute: String, st: stat) -> WalkEntry {
        // struct stat names its timespecs st_mtim/st_ctim in glibc, st_mtimespec/st_ctimespec on Darwin.
#if canImport(Darwin)
        let (modified, changed) = (st.st_mtimespec, st.st_ctimespec)
#else
        let (modified, changed) = (st.st_mtim, st.st_ctim)
#endif
        return WalkEntry(path: display, relativePath: relative, absolutePath: absolute, size: Int64(st.st_size),
                         modified: Int64(modified.tv_sec) * 1_000_000_000 + Int64(modified.tv_nsec),
                         inode: UInt64(st.st_ino), changed: Int64(changed.tv_sec) * 1_000_000_000 + Int64(changed.tv_nsec))
    }

    /// The first 8 KiB say it is a media container (`ContainerSignature`).
    static func sniffIsMedia(_ path: [UInt8]) -> Bool {
        let fd = withCPath(path) { open($0, O_RDONLY | O_CLOEXEC | O_NONBLOCK) }
        guard fd >= 0 else { return false }
        defer { close(fd) }
        var head = [UInt8](repeating: 0, count: 8192)
        let n = head.withUnsafeMutableBytes { pread(fd, $0.baseAddress!, 8192, 0) }
        guard n > 0 else { return false }
        return ContainerSignature.sniff(Array(head.prefix(n))).isMedia
    }

    static func trimmed(_ root: String) -> String {
        var r = root
        while r.count > 1 && r.hasSuffix("/") { r.removeLast() }
        return r
    }

    static func lastComponent(_ path: String) -> String {
        path.split(separator: "/").last.map(String.init) ?? path
    }

    static func realPath(_ path: String) -> String? {
        realPath(cPath: path)
    }

    static func realPath(cPath path: UnsafePointer<CChar>) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    static func isDirectory(_ st: stat) -> Bool { (st.st_mode & S_IFMT) == S_IFDIR }
    static func isRegular(_ st: stat) -> Bool { (st.st_mode & S_IFMT) == S_IFREG }

    static func direntType(_ st: stat) -> Int32 {
        switch st.st_mode & S_IFMT {
        case S_IFDIR: return Int32(DT_DIR)
        case S_IFREG: return Int32(DT_REG)
        case S_IFLNK: return Int32(DT_LNK)
        default: return Int32(DT_UNKNOWN)
        }
    }
}
