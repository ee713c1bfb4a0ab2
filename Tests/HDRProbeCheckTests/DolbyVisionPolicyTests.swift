import Testing
@testable import HDRProbeModel
@testable import HDRProbeClassify
@testable import HDRProbeCheck

/// Expectations: the verdict table of docs/rules/dolby-vision.md §1.1 (profile string →
/// decision, code, fallback), the level caps of §1/§4 (Apple rules 1.9: P5 ≤ L7; 1.9a: P10 ≤ L9),
/// and the issue's fallback list (P7 → HDR10, P8.2/P10.2 → SDR, P8.4 → HLG, P5 → nothing).
@Suite struct DolbyVisionPolicyTests {
    struct Row: Sendable, CustomStringConvertible {
        let codec: String, profile: Int, compat: Int?, transfer: Int?
        let decision: DolbyVisionReport.Verdict.Decision, code: DolbyVisionVerdictCode, fallback: String?
        var description: String { "\(codec) \(profile).\(compat.map(String.init) ?? "-")" }
    }

    static let table: [Row] = [
        Row(codec: "hevc", profile: 5, compat: 0, transfer: nil, decision: .accept, code: .accepted, fallback: nil),
        Row(codec: "hevc", profile: 7, compat: 6, transfer: 16, decision: .refuse, code: .dualLayer, fallback: "HDR10"),
        Row(codec: "hevc", profile: 8, compat: 1, transfer: 16, decision: .accept, code: .accepted, fallback: "HDR10"),
        Row(codec: "hevc", profile: 8, compat: 2, transfer: 1, decision: .refuse, code: .sdrBase, fallback: "SDR"),
        Row(codec: "hevc", profile: 8, compat: 4, transfer: 18, decision: .accept, code: .accepted, fallback: "HLG"),
        Row(codec: "hevc", profile: 8, compat: 6, transfer: 16, decision: .refuse, code: .invalidCompatibility, fallback: "HDR10"),
        Row(codec: "hevc", profile: 8, compat: 0, transfer: 18, decision: .refuse, code: .invalidCompatibility, fallback: "HLG"),
        Row(codec: "av1", profile: 10, compat: 0, transfer: 16, decision: .accept, code: .accepted, fallback: nil),
        Row(codec: "av1", profile: 10, compat: 1, transfer: 16, decision: .accept, code: .accepted, fallback: "HDR10"),
        Row(codec: "av1", profile: 10, compat: 2, transfer: 1, decision: .refuse, code: .sdrBase, fallback: "SDR"),
        Row(codec: "av1", profile: 10, compat: 4, transfer: 18, decision: .accept, code: .accepted, fallback: "HLG"),
        Row(codec: "av1", profile: 10, compat: 3, transfer: 1, decision: .refuse, code: .invalidCompatibility, fallback: "SDR"),
        Row(codec: "hevc", profile: 4, compat: 2, transfer: 1, decision: .refuse, code: .dualLayer, fallback: "SDR"),
        Row(codec: "h264", profile: 9, compat: 2, transfer: 1, decision: .refuse, code: .unsupportedProfile, fallback: "SDR"),
        Row(codec: "hevc", profile: 20, compat: nil, transfer: nil, decision: .refuse, code: .unsupportedProfile, fallback: nil),
        Row(codec: "hevc", profile: 10, compat: 1, transfer: 16, decision: .refuse, code: .unsupportedProfile, fallback: "HDR10"),
        Row(codec: "av1", profile: 8, compat: 1, transfer: 16, decision: .refuse, code: .unsupportedProfile, fallback: "HDR10"),
    ]

    @Test("default policy follows dolby-vision.md §1.1", arguments: table)
    func defaultTable(_ row: Row) {
        let dv = DolbyVisionProfile(profile: row.profile, compatibilityId: row.compat, fromRPU: false)
        let v = DolbyVisionPolicy.default.verdict(for: dv, codec: row.codec, baseTransfer: row.transfer, level: 6)
        #expect(v.decision == row.decision)
        #expect(v.code == row.code)
        #expect(v.fallback == row.fallback)
        #expect(!v.reason.isEmpty && v.reason.hasSuffix("."))
    }

    @Test func profileClasses() {
        func cls(_ p: Int, _ c: Int?) -> String {
            DolbyVisionPolicy.profileClass(of: DolbyVisionProfile(profile: p, compatibilityId: c, fromRPU: false))
        }
        #expect(cls(8, 1) == "8.1")
        #expect(cls(8, 6) == "8.x")
        #expect(cls(8, nil) == "8.x")
        #expect(cls(10, 4) == "10.4")
        #expect(cls(10, 9) == "10.x")
        #expect(cls(7, 6) == "7")
        #expect(cls(0, nil) == "unknown")
        #expect(cls(13, 1) == "unknown")
    }

    @Test func appleHLSLevelCaps() {
        let p5 = DolbyVisionProfile(profile: 5, compatibilityId: 0, fromRPU: false)
        let policy = DolbyVisionPolicy.appleHLS
        #expect(policy.verdict(for: p5, codec: "hevc", baseTransfer: nil, level: 7).decision == .accept)
        let above = policy.verdict(for: p5, codec: "hevc", baseTransfer: nil, level: 8)
        #expect(above.decision == .refuse && above.code == .levelAboveCap)
        let p10 = DolbyVisionProfile(profile: 10, compatibilityId: 0, fromRPU: false)
        #expect(policy.verdict(for: p10, codec: "av1", baseTransfer: 16, level: 9).decision == .accept)
        #expect(policy.verdict(for: p10, codec: "av1", baseTransfer: 16, level: 10).code == .levelAboveCap)
        // 8.1 has no cap; level 0 does not exist (§4: "level 0 or > 13 is invalid").
        let p81 = DolbyVisionProfile(profile: 8, compatibilityId: 1, fromRPU: false)
        #expect(policy.verdict(for: p81, codec: "hevc", baseTransfer: 16, level: 13).decision == .accept)
        #expect(policy.verdict(for: p81, codec: "hevc", baseTransfer: 16, level: 0).code == .invalidLevel)
        // The default policy has no caps and does not check the level.
        #expect(DolbyVisionPolicy.default.verdict(for: p5, codec: "hevc", baseTransfer: nil, level: 12).decision == .accept)
        // Without a record (RPU only) the level is unknown: no cap applies.
        #expect(policy.verdict(for: p5, codec: "hevc", baseTransfer: nil, level: nil).decision == .accept)
    }

    @Test func policyFileEditsABuiltIn() throws {
        let doc = try PolicyDocument.parse("""
            name: living-room
            extends: apple-hls
            dolbyVision:
              accept: ["8.2", 7]
              refuse: ["5"]
              maxLevel: {"8.1": 6}
            """, defaultName: "file")
        let p = doc.dolbyVision
        #expect(p.name == "living-room")
        #expect(p.accepted == ["7", "8.1", "8.2", "8.4", "10.0", "10.1", "10.4"])
        #expect(p.maxLevel["8.1"] == 6 && p.maxLevel["10.0"] == 9)
        #expect(p.requireValidLevel)
        let p5 = p.verdict(for: DolbyVisionProfile(profile: 5, compatibilityId: 0, fromRPU: false), codec: "hevc", baseTransfer: nil, level: 6)
        #expect(p5.code == .refusedByPolicy && p5.decision == .refuse)
        let p7 = p.verdict(for: DolbyVisionProfile(profile: 7, compatibilityId: 6, fromRPU: false), codec: "hevc", baseTransfer: 16, level: 6)
        #expect(p7.decision == .accept && p7.fallback == "HDR10")
        let p81 = p.verdict(for: DolbyVisionProfile(profile: 8, compatibilityId: 1, fromRPU: false), codec: "hevc", baseTransfer: 16, level: 7)
        #expect(p81.code == .levelAboveCap)
    }

    @Test func policyFileAcceptOnlyAndJSON() throws {
        let doc = try PolicyDocument.parse(#"{"dolbyVision": {"acceptOnly": ["8.1"]}}"#, defaultName: "json-policy")
        #expect(doc.dolbyVision.name == "json-policy")
        #expect(doc.dolbyVision.accepted == ["8.1"])
        #expect(!doc.dolbyVision.requireValidLevel)
    }

    @Test("policy file errors carry the line and key", arguments: [
        ("dolbyVision:\n  accept: [\"8.3\"]\n", 2, "dolbyVision.accept[0]", "not a Dolby Vision profile class"),
        ("name: x\ndolbyvision: {}\n", 2, "dolbyvision", "unknown key 'dolbyvision'"),
        ("extends: apple\n", 1, "extends", "unknown built-in policy 'apple'"),
        ("dolbyVision:\n  maxLevel: {\"5\": 14}\n", 2, "dolbyVision.maxLevel.5", "from 1 to 13"),
        ("dolbyVision:\n  accept: [\"5\"]\n  refuse: [\"5\"]\n", 3, "dolbyVision.refuse", "both accepted and refused"),
        ("dolbyVision:\n  acceptOnly: [\"5\"]\n  accept: [\"7\"]\n", 2, "dolbyVision.acceptOnly", "do not combine"),
        ("dolbyVision: [1, 2\n", 2, "", "not valid YAML"),
        ("", nil, "", "empty"),
        ("- 1\n- 2\n", 1, "", "expected a mapping"),
    ] as [(String, Int?, String, String)])
    func policyFileErrors(_ text: String, _ line: Int?, _ path: String, _ message: String) {
        do {
            _ = try PolicyDocument.parse(text, defaultName: "x")
            Issue.record("expected an error for \(text)")
        } catch {
            #expect(error.line == line)
            #expect(error.path == path)
            #expect(error.message.contains(message), "\(error.message)")
        }
    }
}
