#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import HDRProbeEngine
import HDRProbeContainers

/// Buffered line output to a file descriptor (standard output or a file), flushed every 64 KiB,
/// on ``flush()`` and when closed. Write errors are remembered (``failure``), not thrown per line.
package final class LineWriter {
    private let fd: Int32
    private let owned: Bool
    private var buffer: [UInt8] = []
    package private(set) var failure: OutputWriteError?
    package let name: String

    package static func standardOutput() -> LineWriter { LineWriter(fd: STDOUT_FILENO, owned: false, name: "standard output") }

    /// Creates or truncates `path` (`-` is standard output).
    package static func file(_ path: String) throws(OutputWriteError) -> LineWriter {
        try file(ProbePath(path))
    }

    /// The same for a path by its exact bytes (a command-line name that is not UTF-8).
    package static func file(_ file: ProbePath) throws(OutputWriteError) -> LineWriter {
        let path = file.display
        if path == "-" { return standardOutput() }
        let fd = file.withCString { open($0, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644) }
        guard fd >= 0 else {
            throw .fromErrno(path)
        }
        return LineWriter(fd: fd, owned: true, name: path)
    }

    init(fd: Int32, owned: Bool, name: String) {
        self.fd = fd
        self.owned = owned
        self.name = name
    }

    package func write(line: String) {
        buffer.append(contentsOf: line.utf8)
        buffer.append(UInt8(ascii: "\n"))
        if buffer.count >= 65536 { flush() }
    }

    package func write(text: String) {
        buffer.append(contentsOf: text.utf8)
        if buffer.count >= 65536 { flush() }
    }

    private var lastFlush = Date()

    /// Flushes when the oldest buffered line is older than `age` seconds, so that a reader of a
    /// pipe sees results promptly without a system call per line.
    package func flushIfStale(_ age: TimeInterval = 0.1) {
        if !buffer.isEmpty && Date().timeIntervalSince(lastFlush) >= age { flush() }
    }

    package func flush() {
        lastFlush = Date()
        var offset = 0
        while offset < buffer.count {
            let n = buffer.withUnsafeBytes { POSIX.write(fd, $0.baseAddress! + offset, $0.count - offset) }
            if n < 0 {
                if errno == EINTR { continue }
                if failure == nil { failure = .fromErrno(name) }
                break
            }
            offset += n
        }
        buffer.removeAll(keepingCapacity: true)
    }

    package func close() {
        flush()
        if owned { _ = POSIX.close(fd) }
    }
}
