#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import HDRProbe
import HDRProbeScan

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
        line?.draw("[\(index + 1)/\(total)] \(Terminal.escape(name))")
    }

    /// Shows `file`, the `index`-th (0-based) of the list.
    func show(_ index: Int, _ file: InputFile) { show(index, file.name) }

    func finish() { line?.clear() }
}
