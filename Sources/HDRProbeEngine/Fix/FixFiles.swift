#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import HDRProbeFix
import HDRProbeContainers

/// The file side of `hdrprobe fix` (`docs/rules/isobmff-rewrite.md` §5): IN read-only with
/// positioned reads, OUT written to a temporary file in its folder, synced and renamed over OUT;
/// on any failure the temporary file is removed, so OUT is either the whole new file or untouched.
struct FixInputFile {
    let descriptor: Int32
    let size: Int
    /// Device and inode, to refuse an OUT that is the same file.
    let identity: (dev: UInt64, ino: UInt64)

    static func openReadOnly(_ path: ProbePath) -> Result<FixInputFile, FixReport.Failure> {
        let fd = path.withCString { open($0, O_RDONLY | O_CLOEXEC) }
        guard fd >= 0 else {
            return .failure(FixReport.Failure(code: .fixInputUnreadable, message: "cannot open \(path.display): \(String(cString: strerror(errno)))"))
        }
        var st = stat()
        guard fstat(fd, &st) == 0, (st.st_mode & S_IFMT) == S_IFREG else {
            close(fd)
            return .failure(FixReport.Failure(code: .fixInputUnreadable, message: "\(path.display) is not a regular file"))
        }
        return .success(FixInputFile(descriptor: fd, size: Int(st.st_size), identity: (UInt64(st.st_dev), UInt64(st.st_ino))))
    }

    /// Up to `count` bytes at `offset` (fewer at the end of the file).
    func read(at offset: Int, count: Int) -> [UInt8] {
        guard count > 0, offset < size else { return [] }
        var out = [UInt8](repeating: 0, count: min(count, size - offset))
        var done = 0
        while done < out.count {
            let n = out.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress! + done, $0.count - done, off_t(offset + done)) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { break }
            done += n
        }
        return done == out.count ? out : Array(out.prefix(done))
    }

    func release() { _ = close(descriptor) }
}

/// OUT while it is written: a temporary file beside it, renamed over it by ``commit()``.
struct FixOutputFile {
    let path: ProbePath
    let temporary: [UInt8]
    let descriptor: Int32

    /// Bytes copied per read/write when media data is copied (it is never held whole).
    static let copyChunk = 1 << 20

    /// Refuses an OUT that is IN (same path, a link to it, the same inode), a folder, or in a folder
    /// that does not exist or cannot be written.
    static func check(_ out: ProbePath, input: FixInputFile) -> FixReport.Failure? {
        var st = stat()
        if out.withCString({ stat($0, &st) }) == 0 {
            if UInt64(st.st_dev) == input.identity.dev && UInt64(st.st_ino) == input.identity.ino {
                return FixReport.Failure(code: .fixOutputIsInput, message: "\(out.display) is the input file; fix never modifies its input")
            }
            if (st.st_mode & S_IFMT) == S_IFDIR {
                return FixReport.Failure(code: .fixOutputUnwritable, message: "\(out.display) is a folder")
            }
        }
        let folder = Self.folder(of: out.bytes)
        var dst = stat()
        guard Self.withC(folder, { stat($0, &dst) }) == 0, (dst.st_mode & S_IFMT) == S_IFDIR else {
            return FixReport.Failure(code: .fixOutputUnwritable, message: "the folder of \(out.display) does not exist")
        }
        guard Self.withC(folder, { access($0, W_OK | X_OK) }) == 0 else {
            return FixReport.Failure(code: .fixOutputUnwritable, message: "the folder of \(out.display) cannot be written")
        }
        return nil
    }

    /// Creates the temporary file (exclusive, never an existing file) in OUT's folder.
    static func create(_ out: ProbePath, mode: mode_t = 0o644) -> Result<FixOutputFile, FixReport.Failure> {
        let folder = Self.folder(of: out.bytes)
        let name = out.bytes.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false).last.map(Array.init) ?? []
        for attempt in 0..<16 {
            let suffix = Array(".hdrprobe-fix-\(getpid())-\(attempt).tmp".utf8)
            let temporary = folder + [UInt8(ascii: "/"), UInt8(ascii: ".")] + name + suffix
            let fd = withC(temporary) { open($0, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode) }
            if fd >= 0 {
                TemporaryFileGuard.arm(temporary)
                return .success(FixOutputFile(path: out, temporary: temporary, descriptor: fd))
            }
            if errno != EEXIST { break }
        }
        return .failure(FixReport.Failure(code: .fixOutputUnwritable,
                                          message: "cannot create a temporary file beside \(out.display): \(String(cString: strerror(errno)))"))
    }

    func append(_ bytes: [UInt8]) -> FixReport.Failure? {
        var done = 0
        while done < bytes.count {
            let n = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress! + done, $0.count - done) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { return failure("writing") }
            done += n
        }
        return nil
    }

    /// Copies `range` of IN in chunks.
    func copy(_ input: FixInputFile, _ range: Range<Int>) -> FixReport.Failure? {
        var at = range.lowerBound
        while at < range.upperBound {
            let chunk = input.read(at: at, count: min(Self.copyChunk, range.upperBound - at))
            guard !chunk.isEmpty else {
                return FixReport.Failure(code: .fixInputUnreadable, message: "reading the input at \(at) failed")
            }
            if let failure = append(chunk) { return failure }
            at += chunk.count
        }
        return nil
    }

    /// Syncs the data, renames the temporary file over OUT and syncs the folder.
    func commit() -> FixReport.Failure? {
        guard fsync(descriptor) == 0 else {
            let failed = failure("syncing")
            _ = close(descriptor)
            return failed
        }
        guard close(descriptor) == 0 else { return failure("closing") }
        let renamed = Self.withC(temporary) { from in path.withCString { rename(from, $0) } }
        guard renamed == 0 else { return failure("renaming") }
        TemporaryFileGuard.disarm()
        let folder = Self.withC(Self.folder(of: path.bytes)) { open($0, O_RDONLY | O_DIRECTORY | O_CLOEXEC) }
        if folder >= 0 { _ = fsync(folder); _ = close(folder) }
        return nil
    }

    /// Closes and removes the temporary file (after a failure).
    func discard() {
        _ = close(descriptor)
        removeTemporary()
    }

    /// Removes the temporary file (after a failed sync or rename; it is closed by then).
    func removeTemporary() {
        _ = Self.withC(temporary) { unlink($0) }
        TemporaryFileGuard.disarm()
    }

    private func failure(_ what: String) -> FixReport.Failure {
        FixReport.Failure(code: .fixOutputUnwritable, message: "\(what) \(path.display) failed: \(String(cString: strerror(errno)))")
    }

    static func folder(of path: [UInt8]) -> [UInt8] {
        guard let slash = path.lastIndex(of: UInt8(ascii: "/")) else { return Array(".".utf8) }
        return slash == 0 ? [UInt8(ascii: "/")] : Array(path[..<slash])
    }

    static func withC<R>(_ bytes: [UInt8], _ body: (UnsafePointer<CChar>) -> R) -> R {
        ProbePath(bytes: bytes).withCString(body)
    }
}

/// SIGINT, SIGTERM or SIGHUP while OUT is written: the temporary file is removed before the process
/// exits (status 128 + the signal), so an interrupted fix leaves nothing behind. The path is kept as
/// a C string for the handler, which calls only async-signal-safe functions.
enum TemporaryFileGuard {
    nonisolated(unsafe) private static var path: UnsafeMutablePointer<CChar>?
    private static let signals = [SIGINT, SIGTERM, SIGHUP]

    static func arm(_ temporary: [UInt8]) {
        let c = UnsafeMutablePointer<CChar>.allocate(capacity: temporary.count + 1)
        for (i, byte) in temporary.enumerated() { c[i] = CChar(bitPattern: byte) }
        c[temporary.count] = 0
        path = c
        let handler: @convention(c) (Int32) -> Void = { signal in
            if let p = TemporaryFileGuard.path { unlink(p) }
            _exit(128 + signal)
        }
        for s in signals { signal(s, handler) }
    }

    static func disarm() {
        for s in signals { signal(s, SIG_DFL) }
        path?.deallocate()
        path = nil
    }
}
