import ArgumentParser
import Foundation
import HDRProbe

/// `hdrprobe metadata FILE`: per-frame dynamic HDR metadata in display order — Dolby Vision RPU
/// level 1 (PQ codes and cd/m²) and HDR10+ maxscl / average maxrgb — as a table, `--json` or `--csv`.
struct MetadataCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "metadata",
        abstract: "Print per-frame dynamic HDR metadata (Dolby Vision L1, HDR10+) in display order.",
        discussion: """
        Scans the first --frames frames of the first video stream (default \(MediaProbe.Options.defaultFrames); 'all' for the whole \
        stream) and prints one row per frame: the RPU's level 1 minimum, maximum and average in 12-bit \
        PQ codes and in cd/m², the scene-refresh flag, and HDR10+ peak maxscl and average maxrgb in cd/m² \
        — the data a brightness plot needs. Raw HEVC streams are put in display order from their \
        picture order counts. A Dolby Vision RPU file (dovi_tool extract-rpu output) gives one row \
        per RPU in file order.
        """
    )

    @Argument(help: "A media file; '-' reads standard input.")
    var file: String

    @Flag(help: "Print JSON: {path, stream, frames: [...]}.")
    var json = false

    @Flag(help: "Print CSV with a header row.")
    var csv = false

    @OptionGroup var analysis: AnalysisOptions

    func validate() throws {
        if json && csv { throw ValidationError("--json and --csv are exclusive") }
    }

    func run() throws {
        let report = try MediaProbe(options: analysis.mediaProbeOptions()).reportWithDynamicMetadata(for: InputFile.commandLine([file])[0])
        if let failure = report.failure {
            FileHandle.standardError.write(Data((Terminal.escape("\(file): \(failure.code): \(failure.message)") + "\n").utf8))
            throw ExitCode(1)
        }
        // The first video stream, or the RPU stream of a Dolby Vision RPU file (no video).
        guard let metadata = report.dynamicMetadata else {
            FileHandle.standardError.write(Data("\(Terminal.escape(file)): no video stream\n".utf8))
            throw ExitCode(1)
        }
        if json {
            print(try metadata.json())
        } else if csv {
            print(metadata.csv, terminator: "")
        } else {
            print(metadata.text, terminator: "")
        }
    }
}
