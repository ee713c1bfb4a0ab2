import Foundation
import HDRProbeModel
import HDRProbeContainers
import HDRProbeEngine

/// `-` in place of a file: the command reads standard input instead, up to ``budget`` bytes (the
/// container headers and the frames a probe scans; a stream's rest is not needed). A pipe cannot
/// be sought, so an index at the end of the input (an MP4 with `moov` last) is only seen when the
/// whole input fits the budget.
enum StandardInput {
    static let argument = "-"
    static let budget = 64 << 20

    /// The first ``budget`` bytes of standard input.
    static func read() -> [UInt8] {
        var bytes: [UInt8] = []
        while bytes.count < budget, let chunk = try? FileHandle.standardInput.read(upToCount: min(1 << 20, budget - bytes.count)), !chunk.isEmpty {
            bytes.append(contentsOf: chunk)
        }
        return bytes
    }

    /// The report and per-frame metadata of `path`, or of standard input when it is `-`.
    static func probeWithFrames(_ engine: ProbeEngine, _ path: ProbePath) -> (report: ProbeReport, frames: [Int: [DynamicMetadataFrame]]) {
        path.display == argument ? engine.probeWithFrames(name: argument, bytes: read()) : engine.probeWithFrames(path: path)
    }
}
