#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import HDRProbeModel

/// One line of progress on standard error, redrawn in place (carriage return, erase line): the
/// one implementation behind `scan`'s bar (``ScanProgress``) and the `[3/10] file` line of
/// the commands that work through a list of files.
package final class ProgressLine {
    package private(set) var isDrawn = false

    package init() {}

    /// Replaces the line with `text` (already escaped for the terminal).
    package func draw(_ text: String) {
        Self.emit("\r\u{1B}[K" + text)
        isDrawn = true
    }

    /// Erases the line, if one is drawn.
    package func clear() {
        guard isDrawn else { return }
        Self.emit("\r\u{1B}[K")
        isDrawn = false
    }

    /// Writes `text` to standard error as it is.
    package static func emit(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }
}
