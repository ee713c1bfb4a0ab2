#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import HDRProbeCore

/// Walks scan roots depth first, in a stable order (entries sorted by the bytes of their name,
/// a folder as if its name ended in `/`, so the order is the byte order of the full paths), and
/// reports media files, unlistable folders and skipped entries. It keeps only the folder being
/// listed and the identities of the folders already walked, never the list of files, so memory
/// does not grow with the size of the library. Symbolic links are followed safely: a folder
/// reached a second time (a link loop, or two links to one folder) is not walked again.
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
                // A root inside another root (or given twice in another spelling) is walked once.
                guard visited.insert(FileID(device: UInt64(st.st_dev), inode: UInt64(st.st_ino))).inserted else {
                    visit(.skipped("overlappingRoot"))
                    continue
                }
                let real = Self.realPath(root) ?? absolute
                walkDirectory(display: root, absolute: absolute, relative: "", rootReal: real, visited: &visited,
                              shouldStop: shouldStop, visit)
            } else {
                // A file named on the command line is analysed whatever its extension.
                visit(.file(Self.entry(display: root, relative: Self.lastComponent(root), absolute: absolute, st: st)))
            }
        }
    }

    private struct Child {
        var name: String
        var kind: Kind
        var st: stat?
        enum Kind { case directory, file, other, brokenLink }
        var sortKey: String { kind == .directory ? name + "/" : name }
    }

    private func walkDirectory(display: String, absolute: String, relative: String, rootReal: String,
                               visited: inout Set<FileID>, shouldStop: () -> Bool, _ visit: (WalkEvent) -> Void) {
        guard let dir = opendir(absolute) else {
            let err = errno
            let code: ErrorCode = (err == EACCES || err == EPERM) ? .permissionDenied : .readFailed
            visit(.failed(WalkEntry(path: display, relativePath: relative, absolutePath: absolute, size: nil, modified: nil),
                          ReportError(code, "The folder \(display) cannot be listed: \(String(cString: strerror(err))); the files in it were not scanned.")))
            return
        }
        var children: [Child] = []
        while let ent = readdir(dir) {
            let name = withUnsafePointer(to: ent.pointee.d_name) {
                String(cString: UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self))
            }
            if name == "." || name == ".." { continue }
            if name.hasPrefix("."), !options.includeHidden { visit(.skipped("hidden")); continue }
            let full = absolute == "/" ? "/" + name : absolute + "/" + name
            var type = Int32(ent.pointee.d_type)
            var lst = stat()
            if type == Int32(DT_UNKNOWN) {
                guard lstat(full, &lst) == 0 else { continue }
                type = Self.direntType(lst)
            }
            if type == Int32(DT_LNK) {
                if options.symlinks == .never { visit(.skipped("symlink")); continue }
                var st = stat()
                guard stat(full, &st) == 0 else {
                    // Dangling or looping link (ELOOP): a media name still gets a report saying why.
                    if MediaFileTypes.hasMediaExtension(name) { children.append(Child(name: name, kind: .brokenLink, st: nil)) }
                    else { visit(.skipped("brokenSymlink")) }
                    continue
                }
                if options.symlinks == .inside {
                    guard let target = Self.realPath(full), target == rootReal || target.hasPrefix(rootReal == "/" ? "/" : rootReal + "/") else {
                        visit(.skipped("symlinkOutside")); continue
                    }
                }
                children.append(Child(name: name, kind: Self.isDirectory(st) ? .directory : (Self.isRegular(st) ? .file : .other), st: st))
            } else if type == Int32(DT_DIR) {
                children.append(Child(name: name, kind: .directory, st: nil))
            } else if type == Int32(DT_REG) {
                children.append(Child(name: name, kind: .file, st: nil))
            } else {
                children.append(Child(name: name, kind: .other, st: nil))
            }
        }
        closedir(dir)
        children.sort { MediaFileTypes.precedes($0.sortKey, $1.sortKey) }

        for child in children {
            if shouldStop() { return }
            let full = absolute == "/" ? "/" + child.name : absolute + "/" + child.name
            let shown = display == "/" ? "/" + child.name : display + "/" + child.name
            let rel = relative.isEmpty ? child.name : relative + "/" + child.name
            switch child.kind {
            case .directory:
                var st = stat()
                guard stat(full, &st) == 0 else { continue }
                guard visited.insert(FileID(device: UInt64(st.st_dev), inode: UInt64(st.st_ino))).inserted else {
                    visit(.skipped("symlinkLoop")); continue
                }
                walkDirectory(display: shown, absolute: full, relative: rel, rootReal: rootReal, visited: &visited,
                              shouldStop: shouldStop, visit)
            case .brokenLink:
                visit(.file(WalkEntry(path: shown, relativePath: rel, absolutePath: full, size: nil, modified: nil)))
            case .file, .other:
                let media = MediaFileTypes.hasMediaExtension(child.name)
                if !media && !(options.allFiles && child.kind == .file) { visit(.skipped("notMedia")); continue }
                var st = stat()
                guard stat(full, &st) == 0 else {
                    visit(.file(WalkEntry(path: shown, relativePath: rel, absolutePath: full, size: nil, modified: nil))); continue
                }
                if !media {
                    guard Self.isRegular(st), Self.sniffIsMedia(full) else { visit(.skipped("notMedia")); continue }
                }
                visit(.file(Self.entry(display: shown, relative: rel, absolute: full, st: st)))
            }
        }
    }

    // MARK: helpers

    static func entry(display: String, relative: String, absolute: String, st: stat) -> WalkEntry {
        WalkEntry(path: display, relativePath: relative, absolutePath: absolute, size: Int64(st.st_size),
                  modified: Int64(st.st_mtim.tv_sec) * 1_000_000_000 + Int64(st.st_mtim.tv_nsec),
                  inode: UInt64(st.st_ino), changed: Int64(st.st_ctim.tv_sec) * 1_000_000_000 + Int64(st.st_ctim.tv_nsec))
    }

    /// The first 8 KiB say it is a media container (`ContainerSignature`).
    static func sniffIsMedia(_ path: String) -> Bool {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
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
