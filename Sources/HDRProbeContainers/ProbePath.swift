#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A file path as the operating system spells it. On Linux a file name is bytes, not necessarily
/// UTF-8 (an old Latin-1 name, a damaged download); `CommandLine.arguments` repairs such bytes to
/// U+FFFD, and a path rebuilt from that string names no file. `bytes` is what is opened; `display`
/// is what reports show (invalid UTF-8 as U+FFFD, every other character as it is: JSON escapes
/// control characters, the human summary shows them escaped).
package struct ProbePath: Sendable, Hashable {
    package let bytes: [UInt8]
    package let display: String

    package init(_ path: String) {
        bytes = Array(path.utf8)
        display = path
    }

    package init(bytes: [UInt8]) {
        self.bytes = bytes
        display = String(decoding: bytes, as: UTF8.self)
    }

    /// True when the bytes are not valid UTF-8 (so `display` differs from the name on disk).
    package var isLossy: Bool { Array(display.utf8) != bytes }

    /// The paths of command-line arguments as ArgumentParser decoded them, each with the exact
    /// bytes of the `argv` entry it came from (the first unused entry that decodes to it).
    package static func fromCommandLine(_ arguments: [String]) -> [ProbePath] {
        var raw: [[UInt8]] = []
        for i in 1..<Int(max(1, CommandLine.argc)) {
            guard let p = CommandLine.unsafeArgv[i] else { continue }
            let n = strlen(p)
            raw.append(p.withMemoryRebound(to: UInt8.self, capacity: n) { Array(UnsafeBufferPointer(start: $0, count: n)) })
        }
        var used = Set<Int>()
        return arguments.map { argument in
            let match = raw.indices.first { !used.contains($0) && String(decoding: raw[$0], as: UTF8.self) == argument }
            guard let match else { return ProbePath(argument) }
            used.insert(match)
            return ProbePath(bytes: raw[match])
        }
    }

    /// Calls `body` with the path as a NUL-terminated C string of the exact bytes.
    package func withCString<R>(_ body: (UnsafePointer<CChar>) -> R) -> R {
        Self.withCString(bytes, body)
    }
}
