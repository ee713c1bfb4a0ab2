#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import HDRProbeModel
import HDRProbeSimulate
import HDRProbeReport
import HDRProbeContainers
import HDRProbe
import HDRProbeEngine

/// `hdrprobe matrix`: a ``LibraryMatrix`` from a library scan (``LibraryScanner``: its workers and
/// cache, in path order) or from earlier scans' JSONL (no media read), rendered once at the end.
/// Each result is folded into the matrix as it arrives and dropped, so memory grows only by a
/// file's compact entry. Exit status: 0 written, 1 some file in error (still in the matrix),
/// 2 an input that cannot be read or an output that cannot be written, 130 interrupted (the
/// matrix of what was done is still written).
package enum MatrixRun {
    package struct Request: Sendable {
        package enum Source: Sendable {
            case scan(ScanConfiguration)
            /// `scan --jsonl` / `probe --jsonl` files, read in order (a later report of a path wins).
            case jsonl([InputFile])
        }
        package var source: Source
        package var targets: [PlaybackTarget]
        package var catalog: DeviceCatalog
        package var format: Format = .md
        /// nil: standard output.
        package var output: String?
        /// nil: per file only for small inputs.
        package var perFile: Bool?
        package var quiet = false
        /// Asked between batches: true stops the scan cleanly (the matrix so far is written).
        package var shouldStop: @Sendable () -> Bool = { false }

        package init(source: Source, targets: [PlaybackTarget], catalog: DeviceCatalog) {
            self.source = source
            self.targets = targets
            self.catalog = catalog
        }

        /// The targets `selection` chose from `catalogue` as its columns.
        package init(source: Source, selection: PlaybackTargets.Selection, in catalogue: PlaybackTargets) {
            self.init(source: source, targets: selection.targets, catalog: catalogue.catalog)
        }
    }

    /// `--format`: Markdown, CSV, JSON or a self-contained HTML page.
    package enum Format: String, Sendable, CaseIterable {
        case md, csv, json, html

        var matrixFormat: LibraryMatrix.Format { LibraryMatrix.Format(rawValue: rawValue)! }
    }

    /// Rows per file up to this many files (`--per-file` for more).
    package static var perFileLimit: Int { LibraryMatrix.perFileLimit }

    package static func run(_ request: Request) -> Int32 {
        var matrix = LibraryMatrix(targets: request.targets, catalog: request.catalog, tool: ProbeEngine.tool)
        var errors = 0
        var interrupted = false
        switch request.source {
        case .jsonl(let files):
            for path in files.map(\.probePath) {
                do {
                    try JSONLReader.forEachDigest(path: path, invalid: { line in
                        ScanRun.printError("warning: \(TerminalText.escape(path.display)):\(line): not a report line; skipped")
                    }) { matrix.add($0) }
                } catch {
                    ScanRun.printError("error: \(error)")
                    return 2
                }
            }
        case .scan(var configuration):
            configuration.sorted = true
            let summary = LibraryScanner(config: configuration).run(progress: ScanProgress.automatic(quiet: request.quiet),
                                                                     shouldInterrupt: { request.shouldStop() },
                                                                     warn: { ScanRun.printError($0) }) { matrix.add($0.digest) }
            interrupted = summary.interrupted
        }
        errors = matrix.groups.reduce(0) { $0 + ($1.status == .error ? $1.count : 0) }
        let text: String
        do { text = try matrix.render(request.format.matrixFormat, perFile: request.perFile) } catch {
            ScanRun.printError("error: cannot render the matrix: \(error)")
            return 2
        }
        if let output = request.output {
            do { try Data(text.utf8).write(to: URL(fileURLWithPath: output), options: .atomic) } catch {
                ScanRun.printError("error: --output \(output): \(error.localizedDescription)")
                return 2
            }
        } else {
            let out = LineWriter.standardOutput()
            out.write(text: text)
            out.flush()
            if let failure = out.failure { ScanRun.printError("error: \(failure)"); return 2 }
        }
        if interrupted { return 130 }
        return errors > 0 ? 1 : 0
    }
}
