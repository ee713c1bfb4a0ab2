import Foundation
import HDRProbeCore
@testable import HDRProbeEngine
import Testing

/// Probes a file twice, with one of the engine's own-reader switches on and off, and expects the
/// same report (less `probe`: time and bytes read differ by design) and the same per-frame metadata.
enum ReaderEquivalence {
    static func expectSameReports(_ path: String, frames: Int?, switch key: WritableKeyPath<ProbeOptions, Bool>,
                                  sourceLocation: SourceLocation = #_sourceLocation) throws {
        var on = ProbeEngine(options: ProbeOptions(frames: frames))
        var off = on
        on.options[keyPath: key] = true
        off.options[keyPath: key] = false
        let a = on.probeWithFrames(path: path)
        let b = off.probeWithFrames(path: path)
        #expect(try ISOBMFFContainerDemuxTests.json(a.report) == ISOBMFFContainerDemuxTests.json(b.report), "\(path): report",
                sourceLocation: sourceLocation)
        #expect(a.frames == b.frames, "\(path): per-frame metadata", sourceLocation: sourceLocation)
    }
}
