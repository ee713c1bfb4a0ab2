import Testing
@testable import HDRProbeModel
@testable import HDRProbeSimulate
@testable import HDRProbeCheck

/// The check part of a policy document (docs/check.md): parsing, errors with their line and key,
/// per-path overrides, and how the evaluator applies the built-in default and the policy.
@Suite struct CheckPolicyTests {
    static let full = """
    name: release
    extends: apple-hls
    dolbyVision:
      refuse: ["8.4"]
    severity:
      hdr10.missingMasteringDisplay: error
      "frameRate.*": off
      hls.seiInConfigurationRecord: info
    formats:
      forbid: [DOVIWithEL, DOVIInvalid]
    include: ["*.mkv", "*.mp4"]
    exclude: ["samples/**"]
    overrides:
      - paths: ["extras/**"]
        severity: {dv.refused: warning}
        formats: {allow: [SDR, HDR10]}
        dolbyVision: {accept: ["8.2"]}
    """

    @Test func parsesEverySection() throws {
        let doc = try PolicyDocument.parse(Self.full, defaultName: "x")
        #expect(doc.dolbyVision.name == "release")
        #expect(!doc.dolbyVision.accepted.contains("8.4"))
        #expect(Set(doc.check.formats.forbid.map(\.rawValue)) == ["DOVIWithEL", "DOVIInvalid"])
        #expect(doc.check.includes("movie.mkv") && !doc.check.includes("movie.ts"))
        #expect(!doc.check.includes("samples/a.mkv"))
        let extras = doc.check.effective(for: "extras/a.mkv", dolbyVision: doc.dolbyVision)
        #expect(extras.formats.allow.map { Set($0.map(\.rawValue)) } == ["SDR", "HDR10"])
        #expect(extras.dolbyVision.accepted.contains("8.2") && !extras.dolbyVision.accepted.contains("8.4"))
        #expect(extras.severity.choice(for: .dvRefused) == .level(.warning))
        let main = doc.check.effective(for: "main/a.mkv", dolbyVision: doc.dolbyVision)
        #expect(main.dolbyVision == doc.dolbyVision)
        #expect(main.severity.choice(for: .frameRateVariable) == .off)
        #expect(main.severity.choice(for: .hdr10MissingMasteringDisplay) == .level(.error))
    }

    @Test func dolbyVisionOnlyPoliciesStillParse() throws {
        let doc = try PolicyDocument.parse("extends: apple-hls\ndolbyVision:\n  refuse: [\"5\"]\n", defaultName: "p")
        #expect(doc.check == CheckRules())
    }

    struct Bad: Sendable, CustomStringConvertible {
        /// `line`: 1-based, as the YAML parser counts.
        let yaml: String, line: Int?, path: String, says: String
        var description: String { path }
    }

    static let bad: [Bad] = [
        Bad(yaml: "severity:\n  dv.refusd: error\n", line: 2, path: "severity.dv.refusd", says: "unknown code"),
        Bad(yaml: "severity:\n  dv.refused: fatal\n", line: 2, path: "severity.dv.refused", says: "expected error, warning, info or off"),
        Bad(yaml: "severity:\n  \"nope.*\": off\n", line: 2, path: "severity.nope.*", says: "matches no code"),
        Bad(yaml: "formats:\n  allow: [HDR11]\n", line: 2, path: "formats.allow[0]", says: "not a videoRangeType"),
        Bad(yaml: "formats:\n  allow: [HDR10]\n  forbid: [HDR10]\n", line: 2, path: "formats", says: "both allowed and forbidden"),
        Bad(yaml: "formats:\n  deny: [HDR10]\n", line: 2, path: "formats.deny", says: "unknown key"),
        Bad(yaml: "include: [\"[abc\"]\n", line: 1, path: "include[0]", says: "bad glob"),
        Bad(yaml: "overrides:\n  - severity: {dv.refused: info}\n", line: 2, path: "overrides[0]", says: "needs 'paths'"),
        Bad(yaml: "overrides:\n  - paths: [a]\n    color: x\n", line: 3, path: "overrides[0].color", says: "unknown key"),
        Bad(yaml: "targets:\n  - appletv\n", line: 1, path: "targets", says: "unknown key"),
    ]

    @Test("errors name the line and key", arguments: bad)
    func errors(_ b: Bad) {
        do {
            _ = try PolicyDocument.parse(b.yaml, defaultName: "p")
            Issue.record("accepted: \(b.yaml)")
        } catch {
            #expect(error.path == b.path)
            #expect(error.message.contains(b.says), "\(error)")
            if let line = b.line { #expect(error.line == line, "\(error)") }
        }
    }

    static func digest(_ findings: [Finding], status: ProbeReport.Status = .ok, error: ReportError? = nil,
                       rangeType: String = "DOVIWithHDR10", verdict: DolbyVisionVerdictCode = .accepted) -> ReportDigest {
        ReportDigest(path: "lib/a.mkv", status: status, error: error,
                     streams: [.init(index: 0, kind: "video", videoRangeType: VideoRangeType(rawValue: rangeType),
                                     dolbyVision: .init(profile: "7", decision: .refuse, verdictCode: verdict))],
                     findings: findings)
    }

    @Test func builtInDefaultSeverities() {
        let evaluator = CheckEvaluator(document: PolicyDocument(dolbyVision: .default))
        let d = Self.digest([
            Finding(.dvRefused, "refused", stream: 0),
            Finding(.dvRpuWithoutConfiguration, "no record", stream: 0),
            Finding(.dvConfigurationIrregular, "irregular", stream: 0),
            Finding(.hlsParameterSetsInBandOnly, "in band", stream: 0),
            Finding(.hdr10MissingMasteringDisplay, "no mdcv", stream: 0),
        ], verdict: .dualLayer)
        let outcome = evaluator.evaluate(d, relativePath: "a.mkv")
        let severity = Dictionary(uniqueKeysWithValues: outcome.items.map { ($0.code, $0.severity) })
        #expect(severity[.dvRefused] == .error)
        #expect(severity[.dvRpuWithoutConfiguration] == .error)
        #expect(severity[.dvConfigurationIrregular] == .info)
        #expect(severity[.hlsParameterSetsInBandOnly] == .warning)
        #expect(severity[.hdr10MissingMasteringDisplay] == .warning)
        #expect(outcome.items.first?.severity == .error)
        // dv.refused carries the fix of its verdict code.
        #expect(outcome.items.first { $0.code == .dvRefused }?.fix == DolbyVisionVerdictCode.dualLayer.fix)
        #expect(outcome.items.first { $0.code == .hdr10MissingMasteringDisplay }?.fix == FindingCode.hdr10MissingMasteringDisplay.fix)
    }

    @Test func unreadableFilesAreErrors() {
        let evaluator = CheckEvaluator(document: PolicyDocument(dolbyVision: .default))
        let d = ReportDigest(path: "x.mp4", status: .error, error: ReportError(.unrecognized, "PNG"), streams: [], findings: [])
        let outcome = evaluator.evaluate(d, relativePath: "x.mp4")
        #expect(outcome.items.map(\.code) == [.unrecognized])
        #expect(outcome.items[0].severity == .error && outcome.items[0].fix != nil)
    }

    @Test func policyOverridesAndFormats() throws {
        let doc = try PolicyDocument.parse(Self.full, defaultName: "x")
        let evaluator = CheckEvaluator(document: doc)
        let d = Self.digest([Finding(.dvRefused, "refused", stream: 0), Finding(.frameRateVariable, "vfr", stream: 0),
                             Finding(.hdr10MissingMasteringDisplay, "no mdcv", stream: 0)], rangeType: "DOVIWithEL")
        let main = evaluator.evaluate(d, relativePath: "movies/a.mkv")
        #expect(Set(main.items.map(\.code)) == [.dvRefused, .hdr10MissingMasteringDisplay, .formatForbidden] && main.items.count == 3)
        #expect(main.items.allSatisfy { $0.severity == .error })
        let extras = evaluator.evaluate(d, relativePath: "extras/a.mkv")
        let bySeverity = Dictionary(grouping: extras.items, by: \.severity).mapValues { $0.map(\.code) }
        #expect(bySeverity[.warning] == [.dvRefused])
        // The extras override allows only SDR and HDR10 and replaces the forbid list.
        #expect(bySeverity[.error].map(Set.init) == [.hdr10MissingMasteringDisplay, .formatNotAllowed] && bySeverity[.error]?.count == 2)
    }
}
