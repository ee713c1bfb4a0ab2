import HDRProbeParse
import HDRProbeModel

/// Turns the sample-entry plan of each video stream (``SampleEntryPlan``, `hls.plan`) into
/// ``SampleEntryEdit``s on the file's `moov`, or into refusals with the commands that do the step
/// (`docs/rules/isobmff-rewrite.md` §1 step by step, §4 refusals).
package enum FixPlanner {
    /// - Parameters:
    ///   - report: the report of the input file, made with the policy the fix follows.
    ///   - movie: its `moov` as parsed.
    ///   - input: the input path as typed, for the commands of a refusal.
    package static func plan(report: ProbeReport, movie: MovieBox, input: String) -> FixPlan {
        var streams: [FixPlan.Stream] = []
        var tracks: [TrackEdit] = []
        // libavformat makes one stream per `trak` in file order: the n-th video stream with a
        // stored sample entry is the n-th `vide` track.
        var videoTracks = movie.tracks.filter { $0.handler == "vide" }.makeIterator()
        for stream in report.streams where stream.kind == .video {
            guard let plan = stream.hls?.plan, plan.stored != nil else { continue }
            let track = videoTracks.next()
            var out = FixPlan.Stream(index: stream.index, trackID: track?.trackID, stored: plan.stored, target: plan.target,
                                     edits: [], refused: [])
            guard let track, let trackID = track.trackID, let entry = track.sampleEntries.first,
                  entry.fourCC == plan.stored || entry.originalFormat == plan.stored else {
                out.refused.append(FixPlan.Refusal(step: "track", reason: "the stream cannot be matched with a track of moov", commands: []))
                streams.append(out)
                continue
            }
            let edits = edits(plan: plan, stream: stream, entry: entry, input: input, refused: &out.refused)
            out.edits = edits.map(\.summary)
            if !edits.isEmpty { tracks.append(TrackEdit(trackID: trackID, entry: entry.fourCC, edits: edits)) }
            streams.append(out)
        }
        return FixPlan(streams: streams, tracks: tracks)
    }

    private static func edits(plan: SampleEntryPlan, stream: StreamReport, entry: SampleEntry, input: String,
                              refused: inout [FixPlan.Refusal]) -> [SampleEntryEdit] {
        var edits: [SampleEntryEdit] = []
        var dropped: Set<Int> = []
        for step in plan.steps {
            switch step.code {
            case .promoteEntry:
                // §2.1: an encrypted entry stays encv; its original format is the clear source's.
                if entry.protection != nil {
                    refused.append(FixCommands.repackageEncrypted(step: step, input: input, target: plan.target))
                    continue
                }
                edits.append(.rename(to: plan.target))
                // `docs/rules/isobmff-rewrite.md` §2: an out-of-band entry has complete parameter-set arrays.
                if entry.codecConfigurations["hvcC"] != nil { edits.append(.markParameterSetArraysComplete) }
            case .moveParameterSetsOutOfBand, .convertAnnexBConfiguration:
                refused.append(FixCommands.rebuildConfiguration(step: step, input: input, stream: stream, target: plan.target))
            case .dropConfigurationSEI:
                dropped.formUnion([39, 40])
            case .dropConfigurationArrays:
                let kept = HEVCConfigurationArrays.parameterSetTypes
                dropped.formUnion((0..<64).filter { !kept.contains($0) })
            case .forceColour:
                // §2.7: 9/16/9, keeping the range the stream declares (limited when it says none).
                let colour = stream.color
                let full = colour?.container?.fullRange ?? colour?.bitstream?.fullRange ?? (colour?.range == "full")
                edits.append(.writeColour(ColourCodes(primaries: 9, transfer: 16, matrix: 9, fullRange: full)))
            }
        }
        if !dropped.isEmpty, let types = presentArrayTypes(entry), !types.isDisjoint(with: dropped) {
            edits.append(.dropConfigurationArrays(nalTypes: types.intersection(dropped).sorted()))
        }
        if let record = plan.dolbyVisionRecord {
            edits += recordEdits(record, stream: stream, entry: entry, refused: &refused)
        }
        return edits
    }

    /// The NAL types of the `hvcC` arrays; nil without a readable `hvcC`.
    private static func presentArrayTypes(_ entry: SampleEntry) -> Set<Int>? {
        guard let hvcC = entry.codecConfigurations["hvcC"], let record = try? HEVCDecoderConfigurationRecord.parse(hvcC) else { return nil }
        return Set(record.arrays.map { Int($0.nalType) })
    }

    /// §2.5/§2.6: the record's action as box edits.
    private static func recordEdits(_ record: DolbyVisionRecordPlan, stream: StreamReport, entry: SampleEntry,
                                    refused: inout [FixPlan.Refusal]) -> [SampleEntryEdit] {
        switch record.action {
        case .keep:
            // The box movenc would write for the profile (§2.5), when the file stores another.
            guard let box = record.box, let stored = entry.doviBoxType, stored != box, let payload = entry.doviPayload else { return [] }
            return [.writeDolbyVisionRecord(box: box, payload: payload)]
        case .strip:
            return entry.doviBoxType == nil ? [] : [.removeDolbyVisionRecord]
        case .rewrite:
            guard let box = record.box, let payload = entry.doviPayload, payload.count >= 5 else { return [] }
            return [.writeDolbyVisionRecord(box: box, payload: DolbyVisionRecordBytes.rewrittenTo81(payload))]
        case .add:
            guard let box = record.box, let profile = record.profile ?? stream.dolbyVision?.profile else { return [] }
            let fps = stream.frameRate?.value ?? 0
            guard let level = DolbyVisionLevel.infer(width: stream.width ?? 0, height: stream.height ?? 0, framesPerSecond: fps) else {
                refused.append(FixPlan.Refusal(step: "addDolbyVisionRecord",
                                               reason: "no Dolby Vision level admits \(stream.width ?? 0)x\(stream.height ?? 0) at \(fps) fps, so the record's level cannot be derived",
                                               commands: []))
                return []
            }
            let compatibility = profile.compatibilityId ?? stream.dolbyVision?.profile?.compatibilityId ?? 0
            return [.writeDolbyVisionRecord(box: box, payload: DolbyVisionRecordBytes.record(profile: profile.profile, level: level.id,
                                                                                           compatibilityId: compatibility))]
        }
    }
}
