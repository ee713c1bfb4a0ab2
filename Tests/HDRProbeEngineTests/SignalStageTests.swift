#if FFmpeg
import Foundation
import Testing
import HDRProbeModel
import HDRProbeSignal
import HDRProbeReport
import HDRProbeEngine

/// The signal stage runs after the probe, from the report alone (docs/ARCHITECTURE.md): the probe's
/// JSON does not depend on which signalling a caller asks for, planning is pure and happens once, and a
/// report read back from JSON keeps its plans and cannot be planned again. Expected plans: the corpus
/// goldens (`Corpus/expected/*.json`, from how each file was made and ffprobe) through the HLS tests;
/// here only the stage's contract.
@Suite struct SignalStageTests {
    static func corpus(_ name: String) -> String { TestPaths.corpus.appendingPathComponent(name).path }

    @Test("DASH planned after the probe leaves the HLS plan and findings as they were", arguments: ["dv_p81.mp4", "dv_p81_hdr10plus.mkv", "atc_hevc.ts"])
    func dashAfterProbe(_ file: String) throws {
        let probed = ProbeEngine().probe(path: Self.corpus(file))
        var planned = probed
        ReportSignalling.planDASH(&planned)
        let video = try #require(planned.streams.first { $0.kind == .video })
        #expect(video.dash != nil)
        #expect(planned.findings == probed.findings)
        #expect(planned.streams.map(\.hls) == probed.streams.map(\.hls))
        // The probe's own document has no `dash`, whatever was asked of a copy of it.
        #expect(!(try ReportEncoder.jsonLine(probed)).contains("\"dash\""))
    }

    @Test("planning HLS again adds nothing; a report read back from JSON is left as it is")
    func onceAndFromJSON() throws {
        let probed = ProbeEngine().probe(path: Self.corpus("dv_p81.mp4"))
        #expect(ReportSignalling.canPlan(probed))
        var again = probed
        ReportSignalling.planHLS(&again)
        #expect(again.findings == probed.findings)
        let line = try ReportEncoder.jsonLine(probed)
        var decoded = try JSONDecoder().decode(ProbeReport.self, from: Data(line.utf8))
        #expect(!ReportSignalling.canPlan(decoded))
        #expect(!line.contains("signallingEvidence"))
        ReportSignalling.planDASH(&decoded)
        #expect(decoded.streams.allSatisfy { $0.dash == nil })
        #expect(try ReportEncoder.jsonLine(decoded) == line)
    }

    @Test("the HLS plan is a function of the report: removed and planned again, it is the same")
    func planFromTheReport() throws {
        let probed = ProbeEngine().probe(path: Self.corpus("dv_p81.mp4"))
        #expect(probed.streams.contains { $0.hls != nil })
        var replanned = probed
        for i in replanned.streams.indices { replanned.streams[i].hls = nil }
        for key in (replanned.signallingEvidence ?? [:]).keys { replanned.signallingEvidence?[key]?.hlsPlanned = false }
        ReportSignalling.planHLS(&replanned)
        #expect(replanned.streams.map(\.hls) == probed.streams.map(\.hls))
    }
}
#endif
