import Foundation
import HDRProbeCore
import HDRProbeEngine
import Testing

/// hdrprobe over the third-party streams in `../shared/external`, compared with
/// `ground-truth.json` (facts asserted by dovi_tool's and hdr10plus_tool's own tests, or derived
/// from the bytes by their parsing rules). Skipped when `../shared` is absent (a fresh clone).
/// Only media files and contract keys that the probe engine reports today are compared; RPU
/// payload files and per-frame metadata belong to the bitstream parsers' own tests.
@Suite(.enabled(if: TestPaths.hasExternal, "../shared/external is not present"))
struct ExternalGroundTruthTests {
    struct Case: CustomStringConvertible, Sendable {
        let file: String
        let facts: [String: String]  // key → JSON-encoded expected value
        var description: String { file }
    }

    /// Contract keys this issue's engine reports; others (RPU summaries, cmVersion, EL type) are checked once their parsers exist.
    static let comparedKeys: Set<String> = [
        "status", "container.format", "video.codec", "video.sampleEntry", "video.width", "video.height", "video.bitDepth",
        "video.color.transfer", "video.color.primaries", "video.hdr.hdr10Plus.present", "video.dolbyVision.rpu.present",
        "video.dolbyVision.rpu.profile", "video.dolbyVision.enhancementLayerNALs", "video.dolbyVision.configuration.profile",
        "video.dolbyVision.configuration.compatibilityId", "video.hdr.masteringDisplay.maxLuminance",
        "video.hdr.contentLightLevel.maxCLL", "video.hdr.contentLightLevel.maxFALL",
    ]

    static func cases() -> [Case] {
        guard let data = try? Data(contentsOf: TestPaths.external.appendingPathComponent("ground-truth.json")),
              let root = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
              let files = root["files"] as? [String: Any] else { return [] }
        var out: [Case] = []
        for (path, value) in files.sorted(by: { $0.key < $1.key }) {
            guard let entry = value as? [String: Any], entry["kind"] as? String == "media",
                  let facts = entry["facts"] as? [String: Any] else { continue }
            var selected: [String: String] = [:]
            for (key, fact) in facts where comparedKeys.contains(key) {
                guard let fact = fact as? [String: Any], fact["contractKey"] as? Bool != false, let v = fact["value"],
                      let json = try? JSONSerialization.data(withJSONObject: v, options: .fragmentsAllowed) else { continue }
                selected[key] = String(decoding: json, as: UTF8.self)
            }
            if !selected.isEmpty { out.append(Case(file: path, facts: selected)) }
        }
        return out
    }

    @Test("media facts match ground truth", arguments: cases())
    func mediaFacts(_ c: Case) throws {
        let url = TestPaths.external.appendingPathComponent(c.file)
        try #require(FileManager.default.fileExists(atPath: url.path))
        // Scan every frame: the ground truth counts whole streams.
        let report = ProbeEngine(options: ProbeOptions(frames: nil)).probe(path: url.path)
        let json = try #require(try JSONSerialization.jsonObject(with: JSONEncoder().encode(report)) as? [String: Any])
        var mismatches: [String] = []
        for (key, expectedJSON) in c.facts.sorted(by: { $0.key < $1.key }) {
            let expected = try JSONSerialization.jsonObject(with: Data(expectedJSON.utf8), options: .fragmentsAllowed)
            switch ReportPath.resolve(key, in: json) {
            case .missing(let why): if !(expected is NSNull) { mismatches.append("\(key): missing (\(why)), expected \(expectedJSON)") }
            case .value(let actual):
                if !ReportPath.equal(actual, expected) { mismatches.append("\(key): got \(ReportPath.describe(actual)), expected \(expectedJSON)") }
            }
        }
        #expect(mismatches.isEmpty, "\(c.file):\n\(mismatches.joined(separator: "\n"))")
    }

    @Test func groundTruthListsMedia() {
        #expect(Self.cases().count >= 5)
    }
}
