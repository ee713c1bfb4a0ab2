#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import HDRProbeEngine
import HDRProbeModel
import HDRProbeContainers
import HDRProbe

/// `hdrprobe scan`: runs a ``LibraryScanner`` and writes its reports as JSONL (standard output,
/// or `--jsonl FILE`), progress on standard error, and the summary at the end (standard output
/// when the reports go to a file, else standard error). Exit status: 0 every file analysed,
/// 1 any file in error, 2 an output that cannot be written, 130 interrupted.
package enum ScanRun {
    package struct Request: Sendable {
        package var configuration: ScanConfiguration
        /// `-` or nil: standard output (unless `summaryOnly`).
        /// By its exact bytes (a command-line name that is not UTF-8); `-` is standard output.
        package var jsonlPath: ProbePath?
        package var summaryOnly = false
        package var quiet = false
        /// Seconds between plain progress lines when standard error is not a terminal.
        package var progressInterval: Double = 5
        /// Asked between batches: true stops the scan cleanly (what is done is still written).
        package var shouldStop: @Sendable () -> Bool = { false }

        package init(configuration: ScanConfiguration, jsonlPath: ProbePath? = nil, summaryOnly: Bool = false, quiet: Bool = false) {
            self.configuration = configuration
            self.jsonlPath = jsonlPath
            self.summaryOnly = summaryOnly
            self.quiet = quiet
        }

        /// `jsonl`: the reports' file by its exact bytes, `-` for standard output.
        package init(configuration: ScanConfiguration, jsonl: InputFile?, summaryOnly: Bool, quiet: Bool) {
            self.init(configuration: configuration, jsonlPath: jsonl?.probePath, summaryOnly: summaryOnly, quiet: quiet)
        }
    }

    package static func run(_ request: Request) -> Int32 {
        let writer: LineWriter?
        do {
            if let path = request.jsonlPath { writer = try LineWriter.file(path) }
            else { writer = request.summaryOnly ? nil : LineWriter.standardOutput() }
        } catch {
            printError("error: cannot write the reports: \(error.localizedDescription)")
            return 2
        }
        let reportsOnStdout = writer != nil && (request.jsonlPath == nil || request.jsonlPath?.display == "-")
        let progress = ScanProgress.automatic(quiet: request.quiet, interval: request.progressInterval,
                                              sharesTerminalWithReports: reportsOnStdout)
        let scanner = LibraryScanner(config: request.configuration)
        // A reader that went away (`scan … | head -1`: EPIPE) or a full device (ENOSPC) stops
        // the scan at the next batch: nothing more could be written anyway.
        let summary = scanner.run(progress: progress, shouldInterrupt: { request.shouldStop() || writer?.failure != nil },
                                  warn: { printError($0) }, afterBatch: { writer?.flushIfStale() }) { result in
            writer?.write(line: result.jsonLine)
        }
        writer?.close()
        var status: Int32 = summary.interrupted ? 130 : (summary.errors > 0 ? 1 : 0)
        if reportsOnStdout {
            if !request.quiet { printError(summary.text()) }
        } else {
            let out = LineWriter.standardOutput()
            out.write(line: summary.text())
            out.close()
            if let failure = out.failure {
                printError("error: the summary could not be written: \(failure)")
                status = 2
            }
        }
        if let failure = writer?.failure {
            printError("error: the reports could not all be written (\(failure)); the scan stopped after \(CountText.of(summary.files, "file")).")
            status = 2
        }
        return status
    }

    package static func printError(_ text: String) {
        FileHandle.standardError.write(Data((text + "\n").utf8))
    }
}
