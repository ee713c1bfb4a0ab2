import HDRProbeModel

/// Dolby Vision on two transport-stream PIDs (UHD Blu-ray profile 7): the enhancement-layer PID
/// carries a `DOVI_video_stream_descriptor` with `bl_present_flag` 0 and the base layer's PID as
/// `dependency_pid`; its packets hold the EL pictures and the RPUs. hdrprobe reports the pair as one
/// Dolby Vision presentation on the base-layer stream and marks the EL stream with
/// `role: "dolbyVisionEnhancementLayer"` and `dependsOn` (`docs/report-contract.md`, "Stream").
package enum DolbyVisionLayerPairing {
    package static let enhancementLayerRole = "dolbyVisionEnhancementLayer"

    /// A video stream as the pairing sees it: container index, stream id (the TS PID) and evidence.
    package struct Candidate: Sendable {
        package var index: Int
        package var id: Int
        package var evidence: VideoEvidence

        package init(index: Int, id: Int, evidence: VideoEvidence) {
            self.index = index
            self.id = id
            self.evidence = evidence
        }
    }

    /// Enhancement-layer stream index → base-layer stream index.
    package static func pairs(_ streams: [Candidate]) -> [Int: Int] {
        var result: [Int: Int] = [:]
        for el in streams {
            guard let record = el.evidence.doviRecord, !record.blPresent, let dependency = record.dependencyPID,
                  let bl = streams.first(where: { $0.id == dependency && $0.index != el.index }) else { continue }
            result[el.index] = bl.index
        }
        return result
    }

    /// The base layer's evidence with the enhancement layer's record (now with the base layer
    /// present) and its RPU facts folded in; the EL's own pictures count as the enhancement layer.
    package static func presentation(base: VideoEvidence, enhancement el: VideoEvidence) -> VideoEvidence {
        var e = base
        if var record = el.doviRecord {
            record.blPresent = true
            record.dependencyPID = nil
            e.doviRecord = record
            e.doviRecordBox = el.doviRecordBox
        }
        e.scan.enhancementLayerNALs = true
        guard base.scan.framesWithRPU == 0 else { return e }
        e.scan.framesWithRPU = el.scan.framesWithRPU
        e.scan.rpuProfile = el.scan.rpuProfile
        e.scan.rpuEnhancementLayer = el.scan.rpuEnhancementLayer
        e.scan.invalidRPUs = el.scan.invalidRPUs
        e.scan.rpuProblems = el.scan.rpuProblems
        e.scan.rpuSummary = el.scan.rpuSummary
        // Both PIDs are scanned in decode order: picture i of the EL carries the RPU of picture i.
        for i in e.scan.frames.indices where i < el.scan.frames.count {
            e.scan.frames[i].rpu = el.scan.frames[i].rpu
        }
        return e
    }
}
