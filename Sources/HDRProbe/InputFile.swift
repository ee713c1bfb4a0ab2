import Foundation
import HDRProbeContainers

/// A file to probe as a command line names it: a path by its exact bytes (a name that is not
/// UTF-8 still opens the file it names), or `-` for standard input.
///
/// ```swift
/// let files = InputFile.commandLine(Array(CommandLine.arguments.dropFirst()))
/// try MediaProbe().reports(for: files) { _, report in print(report.text) }
/// ```
public struct InputFile: Sendable, Hashable, CustomStringConvertible {
    enum Source: Sendable, Hashable {
        case path(ProbePath)
        case standardInput
    }

    let source: Source

    /// The argument that names standard input.
    public static let standardInputArgument = "-"

    /// Bytes read of standard input: the container headers and the frames a probe scans. A pipe
    /// cannot be sought, so an index at the end of the input (an MP4 with `moov` last) is only seen
    /// when the whole input fits.
    public static let standardInputLimit = 64 << 20

    /// The file at `path`; `-` is standard input.
    public init(path: String) {
        source = path == Self.standardInputArgument ? .standardInput : .path(ProbePath(path))
    }

    package init(_ path: ProbePath) {
        source = path.display == Self.standardInputArgument ? .standardInput : .path(path)
    }

    /// Standard input.
    public static let standardInput = InputFile(path: standardInputArgument)

    /// The files `arguments` name, each by the exact bytes this process was given for it (found in
    /// `CommandLine.unsafeArgv`), so that a file name that is not UTF-8 is not lost to the `String`.
    public static func commandLine(_ arguments: [String]) -> [InputFile] {
        ProbePath.fromCommandLine(arguments).map(InputFile.init)
    }

    /// The path of the file, `-` for standard input.
    package var probePath: ProbePath {
        switch source {
        case .path(let path): path
        case .standardInput: ProbePath(Self.standardInputArgument)
        }
    }

    /// The name the report gives the file (U+FFFD where a name's bytes are not UTF-8).
    public var name: String {
        switch source {
        case .path(let path): path.display
        case .standardInput: Self.standardInputArgument
        }
    }

    public var description: String { name }

    /// The first ``standardInputLimit`` bytes of standard input.
    static func readStandardInput() -> [UInt8] {
        var bytes: [UInt8] = []
        while bytes.count < standardInputLimit,
              let chunk = try? FileHandle.standardInput.read(upToCount: min(1 << 20, standardInputLimit - bytes.count)), !chunk.isEmpty {
            bytes.append(contentsOf: chunk)
        }
        return bytes
    }
}
