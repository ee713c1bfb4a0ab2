import Foundation

/// Output that could not be written: a file that cannot be created, a closed pipe (`EPIPE`), a
/// full device (`ENOSPC`). ``LineWriter`` remembers the first one; the commands report it and
/// exit with status 2.
package struct OutputWriteError: Error, Sendable, Equatable, CustomStringConvertible, LocalizedError {
    /// The file written to, or `standard output`.
    package var target: String
    /// The system's reason (`strerror`).
    package var reason: String

    package init(target: String, reason: String) {
        self.target = target
        self.reason = reason
    }

    /// `target: reason`.
    package var description: String { "\(target): \(reason)" }
    package var errorDescription: String? { description }

    /// The error of the last failed system call (`errno`).
    static func fromErrno(_ target: String) -> OutputWriteError {
        OutputWriteError(target: target, reason: String(cString: strerror(errno)))
    }
}
