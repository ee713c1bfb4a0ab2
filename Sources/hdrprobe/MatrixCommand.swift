import ArgumentParser
import Foundation
import HDRProbeCore
import HDRProbeEngine
import HDRProbeLibrary

/// `hdrprobe matrix PATH… --format md|csv|json|html --output FILE`: files × targets.
struct MatrixCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "matrix",
        abstract: "Build a capability matrix: files × device targets, each cell the simulated outcome.",
        discussion: """
        PATH is a media file or a folder (media files in it, recursively, as 'scan' walks them: hidden files skipped, symlink loops walked once). Without --target \
        every built-in target is a column. html is one self-contained page (sortable table, reasons per cell, \
        brightness plot per file); csv neutralises cells that start with = + - @. Without --output the matrix goes \
        to stdout. Exit status: 0 written, 1 some file in error (still in the matrix), 2 usage error.
        """
    )

    enum Format: String, ExpressibleByArgument, CaseIterable { case md, csv, json, html }

    @Argument(help: "Media files or folders.")
    var paths: [String]

    @OptionGroup var simulation: SimulationOptions

    @Option(help: "md, csv, json or html.")
    var format: Format = .md

    @Option(help: ArgumentHelp("Write here instead of stdout.", valueName: "FILE"))
    var output: String?

    @OptionGroup var analysis: AnalysisOptions

    @Flag(help: "No progress lines on stderr.")
    var quiet = false

    func run() throws {
        let catalog = try simulation.catalog()
        let targets = try simulation.resolve(catalog, defaultAll: true)
        let engine = ProbeEngine(options: try analysis.probeOptions())
        // The scan's walker: media files by extension, hidden files skipped, symlink loops walked once.
        var list: [(path: String, error: ReportError?)] = []
        LibraryWalker(roots: paths, options: WalkOptions()).walk(shouldStop: { false }) { event in
            switch event {
            case .file(let entry): list.append((entry.path, nil))
            case .failed(let entry, let error): list.append((entry.path, error))
            case .skipped: break
            }
        }
        let progress = !quiet && isatty(STDERR_FILENO) == 1
        var reports: [(report: ProbeReport, frames: [DynamicMetadataFrame])] = []
        for (i, (file, walkError)) in list.enumerated() {
            if progress { FileHandle.standardError.write(Data("\r\u{1B}[K[\(i + 1)/\(list.count)] \(TerminalText.escape(file))".utf8)) }
            if let walkError {
                reports.append((ProbeReport.failure(path: file, tool: ProbeEngine.tool, error: walkError), []))
                continue
            }
            let (report, frames) = engine.probeWithFrames(path: file)
            let first = report.streams.first { $0.kind == .video }.flatMap { frames[$0.index] } ?? []
            reports.append((report, first))
        }
        if progress { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }
        let matrix = CapabilityMatrix.build(reports: reports, targets: targets, catalog: catalog, tool: ProbeEngine.tool)
        let text: String
        switch format {
        case .md: text = matrix.markdown()
        case .csv: text = matrix.csv()
        case .json: text = try ReportEncoder.json(matrix) + "\n"
        case .html: text = MatrixHTML.render(matrix)
        }
        if let output {
            do { try Data(text.utf8).write(to: URL(fileURLWithPath: output), options: .atomic) } catch {
                throw ValidationError("--output \(output): \(error.localizedDescription)")
            }
        } else {
            print(text, terminator: "")
        }
        if reports.contains(where: { $0.report.status == .error }) { throw ExitCode(1) }
    }
}
