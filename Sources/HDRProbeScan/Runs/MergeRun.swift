import Foundation
import HDRProbeModel

/// `hdrprobe merge`: ``ReportMerger`` with its output and exit status (0 merged, 1 lines
/// skipped, 2 unreadable input or unwritable output).
package enum MergeRun {
    package static func run(inputs: [String], output: String?, quiet: Bool) -> Int32 {
        let writer: LineWriter
        do { writer = try output.map(LineWriter.file) ?? LineWriter.standardOutput() } catch {
            ScanRun.printError("error: \(error.localizedDescription)")
            return 2
        }
        let stats: ReportMerger.Stats
        do {
            stats = try ReportMerger.merge(inputs: inputs, into: writer) { ScanRun.printError($0) }
        } catch {
            writer.close()
            ScanRun.printError("error: \(error)")
            return 2
        }
        writer.close()
        if let failure = writer.failure { ScanRun.printError("error: \(failure)"); return 2 }
        if !quiet {
            ScanRun.printError("hdrprobe merge: \(CountText.of(stats.written, "report")) from \(CountText.of(inputs.count, "file")) (\(CountText.of(stats.duplicates, "duplicate")) dropped, \(CountText.of(stats.invalid, "line")) skipped)")
        }
        return stats.invalid > 0 ? 1 : 0
    }
}
