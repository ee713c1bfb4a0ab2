/// A running summary over the RPUs of a stream, fed one parsed RPU at a time in display (or
/// decode) order, in constant memory: what `dovi_tool info --summary` reports
/// (`docs/rules/dolby-vision.md` §10.2 DM version, §10.3 L1 / L5 / L6 and PQ → nits, §11.2 EL
/// type, §10 scene cuts = `scene_refresh_flag == 1`, §14 the asserted summary lines).
///
/// Metadata (profile, EL type, CM version, L1/L2/L5/L6, scene cuts) is taken from valid RPUs only;
/// invalid ones are counted in ``framesWithRpu`` and ``invalidCount``.
package struct DolbyVisionRPUSummary: Sendable, Equatable, Codable {
    /// Min / max / sum of one 12-bit PQ value over the RPUs that carried it.
    package struct PQStatistic: Sendable, Equatable, Codable {
        package private(set) var count = 0
        package private(set) var min: UInt16?
        package private(set) var max: UInt16?
        package private(set) var sum = 0

        package var average: Double? { count == 0 ? nil : Double(sum) / Double(count) }
        /// ``max`` in cd/m² (ST 2084).
        package var maxNits: Double? { max.map { DolbyVisionPQ.nits(code: $0) } }

        package mutating func add(_ v: UInt16) {
            count += 1
            sum += Int(v)
            min = Swift.min(min ?? v, v)
            max = Swift.max(max ?? v, v)
        }
    }

    /// Bound on the scene cut indices kept (the count is always exact).
    package static let maxSceneCutIndices = 256
    /// Bound on the distinct L2 target displays kept.
    package static let maxL2Targets = 16

    package private(set) var framesWithRpu = 0
    /// RPUs that failed to parse (``addUnparsable()``) or parsed with issues.
    package private(set) var invalidCount = 0
    /// The first invalid RPU's first issue (or why it could not be parsed).
    package private(set) var firstProblem: DolbyVisionRPUProblem?
    /// Profile of the first valid RPU, and whether a later valid RPU had another one.
    package private(set) var profile: Int?
    package private(set) var profileChanges = false
    package private(set) var melCount = 0
    package private(set) var felCount = 0
    /// Valid RPUs with DM data, by CM version (§10.2), and without DM data.
    package private(set) var cmV29Count = 0
    package private(set) var cmV40Count = 0
    package private(set) var withoutDMCount = 0
    /// RPUs with `scene_refresh_flag == 1`.
    package private(set) var sceneCuts = 0
    /// RPU indices (0-based, counting every RPU added) of the first ``maxSceneCutIndices`` cuts.
    package private(set) var sceneCutIndices: [Int] = []
    /// Level 1 statistics over the valid RPUs that carried an L1 block.
    package private(set) var l1MinPq = PQStatistic()
    package private(set) var l1MaxPq = PQStatistic()
    package private(set) var l1AvgPq = PQStatistic()
    /// Distinct L2 `target_max_pq` values in order of first appearance (at most ``maxL2Targets``).
    package private(set) var l2TargetMaxPqs: [UInt16] = []
    package private(set) var firstL5: DolbyVisionLevel5?
    /// A later L5 differed from the first one (or some RPUs had L5 and others none).
    package private(set) var l5Changes = false
    package private(set) var framesWithL5 = 0
    package private(set) var firstL6: DolbyVisionLevel6?
    package private(set) var l6Changes = false
    package private(set) var framesWithL6 = 0
    /// The first valid RPU's mastering display (`source_min_pq`, `source_max_pq`), 12-bit PQ codes.
    package private(set) var sourceMinPq: UInt16?
    package private(set) var sourceMaxPq: UInt16?

    private var validFrames = 0

    package init() {}

    /// Folds one parsed RPU in.
    package mutating func add(_ rpu: DolbyVisionRPU) {
        let index = framesWithRpu
        framesWithRpu += 1
        guard rpu.isValid else {
            invalidCount += 1
            if firstProblem == nil { firstProblem = .issues(Array(rpu.issues.prefix(1))) }
            return
        }
        validFrames += 1
        if let p = profile { if p != rpu.profile { profileChanges = true } } else { profile = rpu.profile }
        switch rpu.enhancementLayer {
        case .mel?: melCount += 1
        case .fel?: felCount += 1
        case nil: break
        }
        guard let dm = rpu.dm else {
            withoutDMCount += 1
            noteL5(nil)
            noteL6(nil)
            return
        }
        if dm.cmVersion == .v40 { cmV40Count += 1 } else { cmV29Count += 1 }
        if dm.sceneRefreshFlag == 1 {
            sceneCuts += 1
            if sceneCutIndices.count < Self.maxSceneCutIndices { sceneCutIndices.append(index) }
        }
        if sourceMinPq == nil, let s = dm.signal {
            sourceMinPq = s.sourceMinPq
            sourceMaxPq = s.sourceMaxPq
        }
        if let l1 = dm.level1 {
            l1MinPq.add(l1.minPq)
            l1MaxPq.add(l1.maxPq)
            l1AvgPq.add(l1.avgPq)
        }
        for l2 in dm.level2 where !l2TargetMaxPqs.contains(l2.targetMaxPq) && l2TargetMaxPqs.count < Self.maxL2Targets {
            l2TargetMaxPqs.append(l2.targetMaxPq)
        }
        noteL5(dm.level5)
        noteL6(dm.level6)
    }

    /// Counts an RPU that could not be parsed at all (``DolbyVisionRPU/parse(_:)`` threw).
    package mutating func addUnparsable(_ error: any Error) {
        framesWithRpu += 1
        invalidCount += 1
        if firstProblem == nil { firstProblem = .unparsable(DolbyVisionRPU.ReadFailure(error)) }
    }

    /// The first valid RPU sets the baseline (possibly "no block"); any later difference — another
    /// value, or a block appearing or disappearing — is a change. The first block seen is kept.
    private mutating func noteL5(_ l5: DolbyVisionLevel5?) {
        if l5 != nil { framesWithL5 += 1 }
        if validFrames == 1 { firstL5 = l5; return }
        if l5 != firstL5 {
            l5Changes = true
            if firstL5 == nil { firstL5 = l5 }
        }
    }

    private mutating func noteL6(_ l6: DolbyVisionLevel6?) {
        if l6 != nil { framesWithL6 += 1 }
        if validFrames == 1 { firstL6 = l6; return }
        if l6 != firstL6 {
            l6Changes = true
            if firstL6 == nil { firstL6 = l6 }
        }
    }

    /// §10.2 for the report: nil when no valid RPU carried DM data, "4.0" when any did with a
    /// CM v4.0 list (dovi_tool's "2 (CM v4.0)", or its "1 + 2" mix), "2.9" otherwise.
    package var cmVersion: DolbyVisionCMVersion? {
        if cmV40Count > 0 { return .v40 }
        return cmV29Count > 0 ? .v29 : nil
    }

    /// Both CM versions occurred (dovi_tool's "1 + 2 (CM 2.9 and 4.0)").
    package var cmVersionMixed: Bool { cmV40Count > 0 && cmV29Count > 0 }

    /// §11.2 for the report: "FEL" when any valid RPU had a full EL (dovi_tool prints "FEL, MEL"
    /// for a mix; the full EL is what matters for conversion), "MEL" when all NLQ RPUs were MEL,
    /// nil without NLQ data.
    package var enhancementLayer: DolbyVisionEnhancementLayer? {
        if felCount > 0 { return .fel }
        return melCount > 0 ? .mel : nil
    }

    /// dovi_tool's "RPU content light level (L1)" MaxCLL: pq2nits of the largest L1 `max_pq`
    /// (§10.3). Computed over the RPUs that carry L1 (dovi_tool substitutes defaults for the rest).
    package var l1MaxCLLNits: Double? { l1MaxPq.maxNits }
    /// MaxFALL: pq2nits of the largest L1 `avg_pq`.
    package var l1MaxFALLNits: Double? { l1AvgPq.maxNits }
}
