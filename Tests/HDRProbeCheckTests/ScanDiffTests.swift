import Testing
@testable import HDRProbeModel
@testable import HDRProbeSimulate
@testable import HDRProbeCheck

/// `check --diff`: each kind of change between two scans, with its default severity.
@Suite struct ScanDiffTests {
    static func video(_ type: String, dv: (String, String, String)? = nil, index: Int = 0) -> ReportDigest.StreamDigest {
        .init(index: index, kind: "video", videoRangeType: VideoRangeType(rawValue: type),
              dolbyVision: dv.map { .init(profile: $0.0, decision: .init(rawValue: $0.1)!, verdictCode: DolbyVisionVerdictCode(rawValue: $0.2)!) })
    }

    static func report(_ path: String, _ streams: [ReportDigest.StreamDigest], findings: [Finding] = [],
                       error: ReportError? = nil) -> ReportDigest {
        ReportDigest(path: path, status: error == nil ? .ok : .error, error: error, streams: streams, findings: findings)
    }

    @Test func everyKindOfChange() {
        let p81 = ("8.1", "accept", "dv.accepted")
        let old: [String: ReportDigest] = [
            "lost.mkv": Self.report("lost.mkv", [Self.video("DOVIWithHDR10", dv: p81)]),
            "regressed.mp4": Self.report("regressed.mp4", [Self.video("DOVIWithHDR10", dv: p81)]),
            "changed.mp4": Self.report("changed.mp4", [Self.video("DOVIWithEL", dv: ("7", "refuse", "dv.dualLayer"))]),
            "broken.ts": Self.report("broken.ts", [Self.video("HDR10")]),
            "fixed.ts": Self.report("fixed.ts", [], error: ReportError(.containerTruncated, "cut")),
            "range.mkv": Self.report("range.mkv", [Self.video("HDR10")]),
            "warned.mkv": Self.report("warned.mkv", [Self.video("SDR")]),
            "same.mkv": Self.report("same.mkv", [Self.video("SDR")]),
            "gone.mkv": Self.report("gone.mkv", [Self.video("SDR")]),
        ]
        var new = old
        new["lost.mkv"] = Self.report("lost.mkv", [Self.video("HDR10")])
        new["regressed.mp4"] = Self.report("regressed.mp4", [Self.video("DOVIWithHDR10", dv: ("8.1", "refuse", "dv.levelAboveCap"))])
        new["changed.mp4"] = Self.report("changed.mp4", [Self.video("DOVIWithEL", dv: ("7", "refuse", "dv.refusedByPolicy"))])
        new["broken.ts"] = Self.report("broken.ts", [], error: ReportError(.unrecognized, "garbage"))
        new["fixed.ts"] = Self.report("fixed.ts", [Self.video("HDR10")])
        new["range.mkv"] = Self.report("range.mkv", [Self.video("HDR10Plus")])
        new["warned.mkv"] = Self.report("warned.mkv", [Self.video("SDR")], findings: [Finding(.frameRateVariable, "vfr", stream: 0),
                                                                                   Finding(.frameRateNonStandard, "odd", stream: 0)])
        new["gone.mkv"] = nil
        new["added.mkv"] = Self.report("added.mkv", [Self.video("SDR")])

        let outcomes = ScanDiff.compare(old: old, new: new)
        let codes = Dictionary(uniqueKeysWithValues: outcomes.map { ($0.path, $0.items.map(\.code)) })
        #expect(codes["lost.mkv"] == [.lostDolbyVision])
        #expect(codes["regressed.mp4"] == [.verdictRegressed])
        #expect(codes["changed.mp4"] == [.verdictChanged])
        #expect(codes["broken.ts"] == [.newError])
        #expect(codes["fixed.ts"] == [.errorFixed])
        #expect(codes["range.mkv"] == [.rangeTypeChanged])
        #expect(codes["warned.mkv"] == [.findingAdded])  // the info finding is not a change worth reporting
        #expect(codes["gone.mkv"] == [.removed])
        #expect(codes["added.mkv"] == [.added])
        #expect(codes["same.mkv"] == nil)
        #expect(outcomes.map(\.path) == outcomes.map(\.path).sorted(by: MediaFileTypes.precedes))
        let errors = outcomes.filter { !$0.failing(at: .error).isEmpty }.map(\.path).sorted()
        #expect(errors == ["broken.ts", "lost.mkv", "regressed.mp4"])
    }

    @Test func policySeveritiesApplyToDiffCodes() throws {
        let doc = try PolicyDocument.parse("severity:\n  diff.removed: error\n  diff.added: off\n", defaultName: "p")
        let evaluator = CheckEvaluator(document: doc)
        let outcomes = ScanDiff.compare(old: ["a": Self.report("a", [])], new: ["b": Self.report("b", [])]).map(evaluator.apply)
        #expect(outcomes.first { $0.path == "a" }?.items.first?.severity == .error)
        #expect(outcomes.first { $0.path == "b" }?.items.isEmpty == true)
    }
}
