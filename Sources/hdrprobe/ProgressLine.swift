#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import HDRProbe
import HDRProbeModel

/// One line of progress on standard error, redrawn in place (carriage return, erase line): the
/// one implementation behind `scan`'s bar (``ScanProgress``) and the `[3/10] file` line of
/// `probe` and `hls` (``FileCountProgress``).
final class ProgressLine {
    private(set) var isDrawn = false

    /// Replaces the line with `text` (already escaped for the terminal).
    func draw(_ text: String) {
        Self.emit("\r\u{1B}[K" + text)
        isDrawn = true
    }

    /// Erases the line, if one is drawn.
    func clear() {
        guard isDrawn else { return }
        Self.emit("\r\u{1B}[K")
        isDrawn = false
    }

    /// Writes `text` to standard error as it is.
    static func emit(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }
}

/// `[i/n] name` while a command works through a list of files: only on a terminal, only for more
/// than one file, never when quiet; the line is erased at the end.
struct FileCountProgress {
    private let total: Int
    private let line: ProgressLine?

    init(total: Int, quiet: Bool) {
        self.total = total
        line = !quiet && total > 1 && isatty(STDERR_FILENO) == 1 ? ProgressLine() : nil
    }

    /// Shows file `index` (0-based) of the list, its name escaped.
    func show(_ index: Int, _ name: String) {
        line?.draw("[\(index + 1)/\(total)] \(TerminalText.escape(name))")
    }

    /// Shows `file`, the `index`-th (0-based) of the list.
    func show(_ index: Int, _ file: InputFile) { show(index, file.name) }

    func finish() { line?.clear() }
}
