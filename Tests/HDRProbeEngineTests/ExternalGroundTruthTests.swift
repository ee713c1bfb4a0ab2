#if FFmpeg
import Foundation
import HDRProbeEngine
import Testing
import HDRProbeContainers

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

    /// Every contract key the ground truth lists is compared (facts with `contractKey: false`
    /// are per-frame detail, compared in `frameFacts` below).
    static func cases() -> [Case] {
        guard let data = try? Data(contentsOf: TestPaths.external.appendingPathComponent("ground-truth.json")),
              let root = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
              let files = root["files"] as? [String: Any] else { return [] }
        var out: [Case] = []
        for (path, value) in files.sorted(by: { $0.key < $1.key }) {
            guard let entry = value as? [String: Any], entry["kind"] as? String == "media",
                  let facts = entry["facts"] as? [String: Any] else { continue }
            var selected: [String: String] = [:]
            for (key, fact) in facts {
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

    /// Per-frame facts (`contractKey: false`): scene cuts (RPU indices in display order with
    /// scene_refresh_flag = 1), the first RPU's L1 and L6 in display order, the number of coded pictures.
    @Test("per-frame facts match ground truth", arguments: cases().map(\.file))
    func frameFacts(_ file: String) throws {
        guard let data = try? Data(contentsOf: TestPaths.external.appendingPathComponent("ground-truth.json")),
              let root = try JSONSerialization.jsonObject(with: data) as? [String: Any],
              let files = root["files"] as? [String: Any], let entry = files[file] as? [String: Any],
              let facts = entry["facts"] as? [String: [String: Any]] else { Issue.record("no ground truth"); return }
        let url = TestPaths.external.appendingPathComponent(file)
        let (report, frames) = ProbeEngine(options: ProbeOptions(frames: nil)).probeWithFrames(path: url.path)
        let video = try #require(report.streams.first { $0.kind == .video })
        let rows = frames[video.index] ?? []
        if let expected = facts["video.frames"]?["value"] as? Int {
            #expect(rows.count == expected, "\(file): frames")
        }
        if let expected = facts["video.dolbyVision.rpu.sceneCuts"]?["value"] as? [Int] {
            let cuts = rows.filter { $0.rpu != nil }.enumerated().filter { $0.element.rpu?.sceneRefresh == true }.map(\.offset)
            #expect(cuts == expected, "\(file): scene cuts")
        }
        let firstRPU = rows.first { $0.rpu != nil }?.rpu
        if let l1 = facts["video.dolbyVision.rpu.first.l1"]?["value"] as? [String: Int] {
            #expect(firstRPU?.minPq == l1["minPq"] && firstRPU?.maxPq == l1["maxPq"] && firstRPU?.avgPq == l1["avgPq"],
                    "\(file): first L1 \(String(describing: firstRPU)) vs \(l1)")
        }
        if let l6 = facts["video.dolbyVision.rpu.first.l6"]?["value"] as? [String: Int] {
            // The summary keeps the first valid RPU's L6 (these streams carry one L6 throughout).
            let summary = try #require(video.dolbyVision?.rpu.summary?.level6)
            #expect(summary.maxDisplayMasteringLuminance == l6["maxDisplayMasteringLuminance"]
                    && summary.minDisplayMasteringLuminance == l6["minDisplayMasteringLuminance"]
                    && summary.maxContentLightLevel == l6["maxContentLightLevel"]
                    && summary.maxFrameAverageLightLevel == l6["maxFrameAverageLightLevel"], "\(file): L6")
        }
    }

    @Test func groundTruthListsMedia() {
        #expect(Self.cases().count >= 5)
    }
}
#endif
