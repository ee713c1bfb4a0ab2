import Testing
@testable import HDRProbeParse
@testable import HDRProbeModel
@testable import HDRProbeSignal
import HDRProbeTestSupport

/// The sample-entry plan and the Dolby Vision record's fate (`docs/rules/apple-playback.md` §1.3, §2.1–§2.7).
@Suite struct SampleEntryPlanTests {
    static func dv(_ p: Int, _ c: Int?) -> DolbyVisionProfile { DolbyVisionProfile(profile: p, compatibilityId: c, fromRPU: false) }

    @Test("record plan per profile class", arguments: [
        // (codec, profile, compat, accepted, signalled, action, box)
        (.hevc, 5, 0, true, true, DolbyVisionRecordPlan.Action.keep, .dvcC),
        (.hevc, 8, 1, true, true, .keep, .dvvC),
        (.hevc, 8, 4, true, true, .keep, .dvvC),
        (.av1, 10, 0, true, true, .keep, .dvvC),
        (.av1, 10, 1, true, true, .keep, .dvvC),
        (.hevc, 8, 6, true, true, .rewrite, .dvvC),
        (.hevc, 8, 6, false, false, .strip, nil),
        (.hevc, 7, 6, false, false, .strip, nil),
        (.hevc, 8, 2, false, false, .strip, nil),
        (.av1, 10, 2, false, false, .strip, nil),
        (.h264, 9, 2, false, false, .strip, nil),
        (.hevc, 4, 2, false, false, .strip, nil),
        (.hevc, 20, nil, false, false, .strip, nil),
        (.hevc, 8, 1, false, false, .strip, nil),
    ] as [(VideoCodec, Int, Int?, Bool, Bool, DolbyVisionRecordPlan.Action, DolbyVisionConfigurationBox?)])
    func recordPlan(_ codec: VideoCodec, _ p: Int, _ c: Int?, _ accepted: Bool, _ signalled: Bool,
                    _ action: DolbyVisionRecordPlan.Action, _ box: DolbyVisionConfigurationBox?) throws {
        let plan = try #require(DolbyVisionRecordPlan.decide(codec: codec, profile: Self.dv(p, c), hasRecord: true,
                                                             accepted: accepted, signalled: signalled))
        #expect(plan.action == action)
        #expect(plan.box == box)
        #expect(!plan.reason.isEmpty)
        if action == .rewrite { #expect(plan.profile == DolbyVisionProfile(profile: 8, compatibilityId: 1, fromRPU: false)) }
        #expect((plan.profile == nil) == (action == .strip))
    }

    @Test func noDolbyVisionNoPlanAndRPUOnlyNeedsARecord() throws {
        #expect(DolbyVisionRecordPlan.decide(codec: .hevc, profile: nil, hasRecord: false, accepted: false, signalled: false) == nil)
        let add = try #require(DolbyVisionRecordPlan.decide(codec: .hevc, profile: Self.dv(8, 1), hasRecord: false,
                                                            accepted: true, signalled: true))
        #expect(add.action == .add && add.box == .dvvC && add.profile?.string == "8.1")
        #expect(DolbyVisionRecordPlan.decide(codec: .hevc, profile: Self.dv(7, 6), hasRecord: false, accepted: false, signalled: false) == nil)
    }

    @Test func movencBoxChoice() {
        #expect(DolbyVisionConfigurationBox(profile: 5) == .dvcC)
        #expect(DolbyVisionConfigurationBox(profile: 7) == .dvcC)
        #expect(DolbyVisionConfigurationBox(profile: 8) == .dvvC)
        #expect(DolbyVisionConfigurationBox(profile: 10) == .dvvC)
        #expect(DolbyVisionConfigurationBox(profile: 20) == .dvwC)
    }

    static func evidence(entry: String?, codec: String = "hevc") -> VideoEvidence {
        var e = VideoEvidence(index: 0)
        e.codec = codec
        e.sampleEntry = entry
        e.configurationHasParameterSets = true
        return e
    }

    static func signalling(_ entry: String) -> HLSVideoSignalling {
        HLSVideoSignalling(sampleEntry: entry, codec: nil, supplementalCodecs: nil, videoRange: .pq)
    }

    @Test func stepsFollowTheEvidence() {
        var e = Self.evidence(entry: "hev1")
        e.configurationSEITypes = [5]
        var plan = SampleEntryPlan.plan(evidence: e, signalling: Self.signalling("hvc1"), dolbyVision: nil)
        #expect(plan.steps.map(\.code) == [.promoteEntry, .dropConfigurationSEI])
        #expect(plan.stored == "hev1" && plan.target == "hvc1" && !plan.isCopyAsIs)

        // An array of RPU NAL units (62) and one of AUD (35) beside SEI: every non-parameter-set array
        // is planned away (docs/rules/apple-playback.md §2.4: only arrays 32/33/34 are kept).
        e = Self.evidence(entry: "hvc1")
        e.configurationSEITypes = [5]
        e.configurationOtherArrayTypes = [62, 35]
        plan = SampleEntryPlan.plan(evidence: e, signalling: Self.signalling("hvc1"), dolbyVision: nil)
        #expect(plan.steps.map(\.code) == [.dropConfigurationSEI, .dropConfigurationArrays])
        #expect(plan.steps.last?.detail.contains("62, 35") == true)
        e.configurationSEITypes = []
        plan = SampleEntryPlan.plan(evidence: e, signalling: Self.signalling("hvc1"), dolbyVision: nil)
        #expect(plan.steps.map(\.code) == [.dropConfigurationArrays] && !plan.isCopyAsIs)

        e = Self.evidence(entry: "hvc1")
        e.configurationHasParameterSets = false
        e.configurationRecord = [1, 2, 3]
        plan = SampleEntryPlan.plan(evidence: e, signalling: Self.signalling("hvc1"), dolbyVision: nil)
        #expect(plan.steps.map(\.code) == [.moveParameterSetsOutOfBand])

        e = Self.evidence(entry: nil)
        e.configurationRecord = [0, 0, 0, 1, 0x40, 1]
        plan = SampleEntryPlan.plan(evidence: e, signalling: Self.signalling("hvc1"), dolbyVision: nil)
        #expect(plan.steps.map(\.code) == [.convertAnnexBConfiguration])

        plan = SampleEntryPlan.plan(evidence: Self.evidence(entry: "hvc1"), signalling: Self.signalling("hvc1"), dolbyVision: nil)
        #expect(plan.steps.isEmpty && plan.isCopyAsIs)
    }

    /// P5 stored as hvc1 without colour: promote to dvh1, force colr 9/16/9, keep dvcC.
    @Test func profile5Plan() throws {
        var e = Self.evidence(entry: "hvc1")
        e.doviRecord = try DOVIDecoderConfigurationRecord.parse([1, 0, 0x0A, 0x0D, 0, 0, 0, 0] + Array(repeating: 0, count: 16))
        let dv = HLSVideoSource.DolbyVision(profile: Self.dv(5, 0), level: 1, accepted: true)
        let signalling = HLSVideoSignalling(sampleEntry: "dvh1", codec: .dolbyVision(DolbyVisionCodecString(sampleEntry: "dvh1", profile: 5, level: 1)),
                                            supplementalCodecs: nil, videoRange: .pq)
        let plan = SampleEntryPlan.plan(evidence: e, signalling: signalling, dolbyVision: dv)
        #expect(plan.steps.map(\.code) == [.promoteEntry, .forceColour])
        #expect(plan.dolbyVisionRecord?.action == .keep && plan.dolbyVisionRecord?.box == .dvcC)
        let json = try JSONRoundTrip.encode(plan)
        #expect(json.contains("\"stored\":\"hvc1\"") && json.contains("\"action\":\"keep\""))
        #expect(try JSONRoundTrip.encode(SampleEntryPlan(stored: nil, target: "hvc1", steps: [], dolbyVisionRecord: nil))
            .contains("\"dolbyVisionRecord\":null"))
    }
}
