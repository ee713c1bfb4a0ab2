#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CProcessControl
import Foundation
import HDRProbeParse
import HDRProbeModel
import HDRProbeCheck
import HDRProbeContainers
import HDRProbeEngine

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
package struct LibraryWalker: Sendable {
    /// The roots by their exact bytes (a command-line argument that is not UTF-8 is one).
    package var roots: [ProbePath]
    package var options: WalkOptions

    package init(roots: [ProbePath], options: WalkOptions) {
        self.roots = roots
        self.options = options
    }

    /// Roots given as text (UTF-8 names).
    package init(roots: [String], options: WalkOptions) {
        self.init(roots: roots.map { ProbePath($0) }, options: options)
    }


    struct FileID: Hashable {
        var device: UInt64
        var inode: UInt64
        init(_ st: stat) { device = UInt64(st.st_dev); inode = UInt64(st.st_ino) }
    }

    /// Calls `visit` for each event; stops early when `shouldStop` returns true.
    package func walk(shouldStop: () -> Bool, _ visit: (WalkEvent) -> Void) {
        let rootReals = roots.map(Self.trimmed).compactMap { Self.realPath($0) }
        var walk = Walk(state: WalkState(rootReals: rootReals), visited: [], linkedFiles: [])
        let cwd = Array(FileManager.default.currentDirectoryPath.utf8)
        var seen = Set<[UInt8]>()
        let ordered = roots.map(Self.trimmed).filter { seen.insert($0.bytes).inserted }
            .sorted { $0.bytes.lexicographicallyPrecedes($1.bytes) }
        for root in ordered {
            if shouldStop() { return }
            walkRoot(root, cwd: cwd, walk: &walk, shouldStop: shouldStop, visit)
        }
    }

    /// One root: a folder is walked, a file (or a name that is not there) analysed.
    private func walkRoot(_ root: ProbePath, cwd: [UInt8], walk: inout Walk, shouldStop: () -> Bool, _ visit: (WalkEvent) -> Void) {
        let absoluteBytes = Self.standardized(root.bytes.first == UInt8(ascii: "/") ? root.bytes : Self.join(cwd, root.bytes))
        let place = Place(display: root.display, absolute: String(decoding: absoluteBytes, as: UTF8.self),
                          relative: "", rootReal: "", absoluteBytes: absoluteBytes, displayBytes: root.bytes)
        var st = stat()
        let fd = root.openFolder()
        if fd < 0 {
            let err = errno
            guard root.stat(&st) == 0 else {
                // A missing or unreadable root: the probe reports why (io.notFound, …).
                var e = place.entry()
                e.relativePath = Self.lastComponent(root.display)
                visit(.file(e))
                return
            }
            if Self.isDirectory(st) {
                visit(.failed(place.entry(), Self.folderError(root.display, err, listing: true)))
                return
            }
            // A file named on the command line is analysed whatever its extension.
            var e = place.entry(st)
            e.relativePath = Self.lastComponent(root.display)
            visit(.file(e))
            return
        }
        defer { close(fd) }
        _ = fstat(fd, &st)
        if Self.isPseudoFileSystem(fd: fd) { visit(.skipped("pseudoFileSystem")); return }
        // A root inside another root (or given twice in another spelling) is walked once.
        guard walk.visited.insert(FileID(st)).inserted else { visit(.skipped("overlappingRoot")); return }
        var rooted = place
        rooted.rootReal = Self.realPath(root) ?? place.absolute
        walkDirectory(fd, at: rooted, walk: &walk, shouldStop: shouldStop, visit)
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

    /// Where a folder is: its path as shown, absolute and relative to the root, in text and in
    /// exact bytes (names that are not UTF-8 are opened by them and reported with them,
    /// `WalkEntry.pathBytes`), and the root's real path.
    private struct Place {
        var display: String
        var absolute: String
        var relative: String
        var rootReal: String
        var absoluteBytes: [UInt8]
        var displayBytes: [UInt8]

        func child(_ c: Child) -> Place {
            Place(display: Self.joined(display, c.name), absolute: Self.joined(absolute, c.name),
                  relative: relative.isEmpty ? c.name : Self.joined(relative, c.name), rootReal: rootReal,
                  absoluteBytes: LibraryWalker.join(absoluteBytes, c.nameBytes), displayBytes: LibraryWalker.join(displayBytes, c.nameBytes))
        }

        /// `folder` + `/` + `name` (no second `/` after the root), built in one allocation.
        private static func joined(_ folder: String, _ name: String) -> String {
            if folder == "/" { return "/" + name }
            var path = String()
            path.reserveCapacity(folder.utf8.count + 1 + name.utf8.count)
            path += folder
            path += "/"
            path += name
            return path
        }

        /// An entry for this path, with its exact bytes where they are not its text's UTF-8.
        func entry(_ st: stat? = nil) -> WalkEntry {
            let e = st.map { LibraryWalker.entry(display: display, relative: relative, absolute: absolute, st: $0) }
                ?? WalkEntry(path: display, relativePath: relative, absolutePath: absolute, size: nil, modified: nil)
            return LibraryWalker.exact(e, displayBytes, absolute: absoluteBytes)
        }
    }

    /// What one walk carries from folder to folder.
    private struct Walk {
        var state: WalkState
        var visited: Set<FileID>
        var linkedFiles: Set<FileID>
    }

    /// Walks the folder open as `dirFD` (a descriptor this call does not close). Every name
    /// below it is reached relative to a folder descriptor (`openat`, `fstatat`), never by its
    /// full path: a tree deeper than PATH_MAX (4,096 bytes on Linux) is walked like any other,
    /// and the probe opens such files a folder at a time too (`ProbePath`).
    private func walkDirectory(_ dirFD: Int32, at place: Place, walk: inout Walk,
                               shouldStop: () -> Bool, _ visit: (WalkEvent) -> Void) {
        guard let children = list(dirFD, at: place, walk: walk, visit) else { return }
        for child in children {
            if shouldStop() { return }
            let here = place.child(child)
            switch child.kind {
            case .directory:
                enter(child, in: dirFD, at: here, walk: &walk, shouldStop: shouldStop, visit)
            case .brokenLink:
                visit(.file(here.entry()))
            case .file, .other:
                file(child, in: dirFD, at: here, walk: &walk, visit)
            }
        }
    }

    /// The entries of the folder, sorted; nil (with an error entry) when it cannot be listed.
    private func list(_ dirFD: Int32, at place: Place, walk: Walk, _ visit: (WalkEvent) -> Void) -> [Child]? {
        let listFD = dup(dirFD)
        guard listFD >= 0, let dir = fdopendir(listFD) else {
            let err = errno
            if listFD >= 0 { close(listFD) }
            visit(.failed(place.entry(), Self.folderError(place.display, err, listing: true)))
            return nil
        }
        defer { closedir(dir) }
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
            var type = Int32(ent.pointee.d_type)
            if type == Int32(DT_UNKNOWN) {
                var lst = stat()
                guard Self.withCPath(nameBytes, { fstatat(dirFD, $0, &lst, AT_SYMLINK_NOFOLLOW) }) == 0 else { continue }
                type = Self.direntType(lst)
            }
            let child = Child(name: name, nameBytes: nameBytes, kind: .other, st: nil)
            if type == Int32(DT_LNK) {
                if let linked = link(child, in: dirFD, at: place, walk: walk, visit) { children.append(linked) }
            } else {
                var c = child
                c.kind = type == Int32(DT_DIR) ? .directory : (type == Int32(DT_REG) ? .file : .other)
                children.append(c)
            }
        }
        // Each key made once, not at every comparison.
        return children.map { ($0.sortKey, $0) }.sorted { ByteEquality.precedes($0.0, $1.0) }.map(\.1)
    }

    /// A symbolic link met in a folder: the child to walk, or nil (skipped, with the reason).
    private func link(_ child: Child, in dirFD: Int32, at place: Place, walk: Walk, _ visit: (WalkEvent) -> Void) -> Child? {
        if options.symlinks == .never { visit(.skipped("symlink")); return nil }
        var st = stat()
        guard Self.withCPath(child.nameBytes, { fstatat(dirFD, $0, &st, 0) }) == 0 else {
            // Dangling or looping link (ELOOP): a media name still gets a report saying why.
            if MediaFileTypes.hasMediaExtension(child.name) { var c = child; c.kind = .brokenLink; return c }
            visit(.skipped("brokenSymlink"))
            return nil
        }
        let fullBytes = Self.join(place.absoluteBytes, child.nameBytes)
        let target = fullBytes.count < Self.pathMax ? Self.withCPath(fullBytes) { Self.realPath(cPath: $0) } : nil
        if options.symlinks == .inside {
            guard let target, Self.isInside(target, place.rootReal) else { visit(.skipped("symlinkOutside")); return nil }
        }
        let kind: Child.Kind = Self.isDirectory(st) ? .directory : (Self.isRegular(st) ? .file : .other)
        // A target inside a root is walked by its own path (a stable one): following the
        // link would report it a second time, or first under the link's name. A folder
        // already walked is left to the loop check.
        if let target, kind != .directory || !walk.visited.contains(FileID(st)),
           let root = walk.state.rootReals.first(where: { Self.isInside(target, $0) }), isWalked(target, below: root) {
            visit(.skipped("symlinkDuplicate"))
            return nil
        }
        return Child(name: child.name, nameBytes: child.nameBytes, kind: kind, st: st, viaLink: true)
    }

    /// Walks a subfolder through a descriptor opened relative to its parent's.
    private func enter(_ child: Child, in dirFD: Int32, at here: Place, walk: inout Walk,
                       shouldStop: () -> Bool, _ visit: (WalkEvent) -> Void) {
        var st = stat()
        let fd = Self.withCPath(child.nameBytes) { openat(dirFD, $0, O_RDONLY | O_DIRECTORY | O_CLOEXEC) }
        guard fd >= 0, fstat(fd, &st) == 0 else {
            // Not silently: the files below it would vanish from the scan without a word.
            let err = errno
            if fd >= 0 { close(fd) }
            visit(.failed(here.entry(), Self.folderError(here.display, err, listing: false)))
            return
        }
        defer { close(fd) }
        guard walk.visited.insert(FileID(st)).inserted else { visit(.skipped("symlinkLoop")); return }
        if Self.isPseudoFileSystem(fd: fd) { visit(.skipped("pseudoFileSystem")); return }
        walkDirectory(fd, at: here, walk: &walk, shouldStop: shouldStop, visit)
    }

    /// A file (or other entry) met in a folder: a media file to analyse, or skipped.
    private func file(_ child: Child, in dirFD: Int32, at here: Place, walk: inout Walk, _ visit: (WalkEvent) -> Void) {
        let media = MediaFileTypes.hasMediaExtension(child.name)
        if !media && !(options.allFiles && child.kind == .file) { visit(.skipped("notMedia")); return }
        var st = stat()
        guard Self.withCPath(child.nameBytes, { fstatat(dirFD, $0, &st, 0) }) == 0 else {
            visit(.file(here.entry()))
            return
        }
        if !media {
            guard Self.isRegular(st), Self.sniffIsMedia(child.nameBytes, in: dirFD) else { visit(.skipped("notMedia")); return }
        }
        // One file reached by two links from outside the roots, or by two hard links, is
        // reported once: by the first path in walk order (the byte order, so the same every run).
        if child.viaLink || st.st_nlink > 1, !walk.linkedFiles.insert(FileID(st)).inserted {
            visit(.skipped("duplicate"))
            return
        }
        visit(.file(here.entry(st)))
    }

    /// The error entry of a folder that cannot be opened or listed.
    static func folderError(_ display: String, _ err: Int32, listing: Bool) -> ReportError {
        let code: ErrorCode = (err == EACCES || err == EPERM) ? .permissionDenied : .readFailed
        let why = err == EMFILE || err == ENFILE ? "too many folders are open at once (\(String(cString: strerror(err))))" : String(cString: strerror(err))
        return ReportError(code, "The folder \(display) cannot be \(listing ? "listed" : "read"): \(why); the files in it were not scanned.")
    }

    // MARK: helpers

    static let pathMax = Int(PATH_MAX)

    /// `folder` + `/` + `name`, in bytes.
    static func join(_ folder: [UInt8], _ name: [UInt8]) -> [UInt8] {
        var path: [UInt8] = []
        path.reserveCapacity(folder.count + 1 + name.count)
        path += folder
        if folder != [UInt8(ascii: "/")] { path.append(UInt8(ascii: "/")) }
        path += name
        return path
    }

    /// Calls `body` with the exact bytes as a NUL-terminated C string.
    static func withCPath<R>(_ bytes: [UInt8], _ body: (UnsafePointer<CChar>) -> R) -> R {
        withUnsafeTemporaryAllocation(of: CChar.self, capacity: bytes.count + 1) { buffer in
            bytes.withUnsafeBytes { UnsafeMutableRawBufferPointer(buffer).copyMemory(from: $0) }
            buffer[bytes.count] = 0
            return body(buffer.baseAddress!)
        }
    }

    /// The entry with the exact bytes of its paths when they are not their text's UTF-8.
    static func exact(_ entry: WalkEntry, _ bytes: [UInt8], absolute: [UInt8]) -> WalkEntry {
        var e = entry
        if !ByteEquality.equal(entry.path, bytes) { e.pathBytes = bytes }
        if !ByteEquality.equal(entry.absolutePath, absolute) { e.absolutePathBytes = absolute }
        return e
    }

    /// An absolute path without `.`, `..` and doubled slashes (in bytes, without touching the disk).
    static func standardized(_ path: [UInt8]) -> [UInt8] {
        var parts: [ArraySlice<UInt8>] = []
        for part in path.split(separator: UInt8(ascii: "/")) {
            if part.elementsEqual([UInt8(ascii: ".")]) { continue }
            if part.elementsEqual([UInt8(ascii: "."), UInt8(ascii: ".")]) { _ = parts.popLast(); continue }
            parts.append(part)
        }
        return parts.isEmpty ? [UInt8(ascii: "/")] : parts.reduce(into: [UInt8]()) { $0 += [UInt8(ascii: "/")] + $1 }
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
    static func isPseudoFileSystem(fd: Int32) -> Bool {
        var type: UInt64 = 0
        guard hdrprobe_file_system_type_fd(fd, &type) == 0 else { return false }
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
    static func sniffIsMedia(_ name: [UInt8], in dirFD: Int32) -> Bool {
        let fd = withCPath(name) { openat(dirFD, $0, O_RDONLY | O_CLOEXEC | O_NONBLOCK) }
        guard fd >= 0 else { return false }
        defer { close(fd) }
        var head = [UInt8](repeating: 0, count: 8192)
        let n = head.withUnsafeMutableBytes { pread(fd, $0.baseAddress!, 8192, 0) }
        guard n > 0 else { return false }
        return ContainerSignature.sniff(Array(head.prefix(n))).isMedia
    }

    static func trimmed(_ root: ProbePath) -> ProbePath {
        var r = root.bytes
        while r.count > 1 && r.last == UInt8(ascii: "/") { r.removeLast() }
        return ProbePath(bytes: r)
    }

    static func lastComponent(_ path: String) -> String {
        path.split(separator: "/").last.map(String.init) ?? path
    }

    static func realPath(_ path: ProbePath) -> String? {
        path.bytes.count < pathMax ? withCPath(path.bytes) { realPath(cPath: $0) } : nil
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
