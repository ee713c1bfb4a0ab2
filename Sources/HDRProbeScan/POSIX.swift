#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The C library calls whose names types here also use for methods (`kill()`, `write`, `close()`),
/// under the module that provides them: Glibc on Linux, Darwin on macOS.
enum POSIX {
    static func kill(_ pid: pid_t, _ signal: Int32) -> Int32 {
#if canImport(Glibc)
        Glibc.kill(pid, signal)
#else
        Darwin.kill(pid, signal)
#endif
    }

    static func write(_ fd: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
#if canImport(Glibc)
        Glibc.write(fd, bytes, count)
#else
        Darwin.write(fd, bytes, count)
#endif
    }

    static func close(_ fd: Int32) -> Int32 {
#if canImport(Glibc)
        Glibc.close(fd)
#else
        Darwin.close(fd)
#endif
    }
}
