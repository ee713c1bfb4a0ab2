#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension ProbePath {
    /// Calls `body` with a folder descriptor and the last name of the path, relative to it: the
    /// working directory and the whole path when it is shorter than PATH_MAX; otherwise (a tree
    /// deeper than 4,096 bytes, which `open` refuses with ENAMETOOLONG) the folder reached by
    /// opening the path one name at a time (`openat`). Returns -1 with `errno` set when a folder
    /// on the way cannot be opened.
    package func resolvingParent(_ body: (Int32, UnsafePointer<CChar>) -> Int32) -> Int32 {
        if bytes.count < Int(PATH_MAX) { return withCString { body(AT_FDCWD, $0) } }
        let slash = UInt8(ascii: "/")
        var names = bytes.split(separator: slash, omittingEmptySubsequences: true).map(Array.init)
        guard let last = names.popLast() else { return withCString { body(AT_FDCWD, $0) } }
        var folder = bytes.first == slash ? openat(AT_FDCWD, "/", Self.folderFlags) : AT_FDCWD
        guard folder != -1 else { return -1 }
        for name in names {
            let next = Self.withCString(name) { openat(folder, $0, Self.folderFlags) }
            let err = errno
            if folder != AT_FDCWD { close(folder) }
            guard next >= 0 else { errno = err; return -1 }
            folder = next
        }
        let result = Self.withCString(last) { body(folder, $0) }
        let err = errno
        if folder != AT_FDCWD { close(folder) }
        errno = err
        return result
    }

    /// `stat` of the path (following links), also past PATH_MAX.
    package func stat(_ st: inout stat) -> Int32 {
        resolvingParent { fstatat($0, $1, &st, 0) }
    }

    /// Opens the path read-only with `flags` added (close-on-exec always), also past PATH_MAX.
    package func open(flags: Int32) -> Int32 {
        resolvingParent { openat($0, $1, O_RDONLY | O_CLOEXEC | flags) }
    }

    /// Opens the path as a folder (-1 with `errno` ENOTDIR for anything else).
    package func openFolder() -> Int32 {
        open(flags: O_DIRECTORY)
    }

    /// Folders on the way are opened to be passed through (read permission needed, as for listing them).
    package static let folderFlags = O_RDONLY | O_DIRECTORY | O_CLOEXEC

    package static func withCString<R>(_ bytes: [UInt8], _ body: (UnsafePointer<CChar>) -> R) -> R {
        (bytes + [0]).withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { body($0.baseAddress!) }
        }
    }
}
