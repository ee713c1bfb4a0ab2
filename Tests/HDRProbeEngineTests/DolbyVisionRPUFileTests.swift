#if FFmpeg
import Foundation
import HDRProbeParse
import HDRProbeModel
import HDRProbeReport
import HDRProbeContainers
import HDRProbeEngine
import Testing

/// Dolby Vision RPU files (issue 14 §6): dovi_tool's `extract-rpu` layout — `00 00 00 01` + each RPU
/// without its 2-byte NAL header (dovi_tool's `write_rpu_file` drops the `7C 01`) — read as one
/// `data` stream of RPUs, not `container.unrecognized`.
/// Expected values: `Corpus/dv_p81_rpu.bin` is every NAL 62 unit of `dv_p81.hevc` (Corpus/generate.sh),
/// which x265 copied from dovi_tool's `tests/profile8.bin` eight times (derive.py checks the bytes;
/// ffprobe 5.1 sees 8 frames with RPU side data in the source); that RPU's facts are asserted by
/// dovi_tool's tests (`../shared/external/ground-truth.json`: profile 8, CM v2.9, L1 2/3383/819,
/// L6 4000/50, scene cut at frame 0). The shared RPU files are the ground truth's own.
@Suite("Dolby Vision RPU files")
struct DolbyVisionRPUFileTests {
    static let file = TestPaths.corpus.appendingPathComponent("dv_p81_rpu.bin")

    static func json(_ report: ProbeReport) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: JSONEncoder().encode(report)) as? [String: Any])
    }

    @Test("the corpus RPU file: one data stream with the RPUs' Dolby Vision facts")
    func corpusFile() throws {
        let r = ProbeEngine().probe(path: Self.file.path)
        #expect(r.status == .ok && r.container.format == "dolbyVisionRpu")
        let s = try #require(r.streams.first)
        #expect(r.streams.count == 1 && s.kind == .data && s.codec == nil && s.hls == nil && s.hdr == nil)
        let dv = try #require(s.dolbyVision)
        #expect(dv.configuration == nil && dv.profile == DolbyVisionProfile(profile: 8, compatibilityId: nil, fromRPU: true))
        #expect(dv.rpu.profile == 8 && dv.rpu.cmVersion == "2.9" && dv.rpu.enhancementLayer == nil)
        #expect(dv.rpu.framesWithRpu == 8 && dv.rpu.framesScanned == 8)
        #expect(dv.rpu.summary?.l1MaxPq?.max == 3383 && dv.rpu.summary?.l1MinPq?.min == 2 && dv.rpu.summary?.l1AvgPq?.max == 819)
        #expect(dv.rpu.summary?.level6?.maxDisplayMasteringLuminance == 4000 && dv.rpu.summary?.level6?.minDisplayMasteringLuminance == 50)
        #expect(dv.verdict.code == .metadataOnly && dv.verdict.decision == .refuse && dv.verdict.fallback == nil)
        #expect(r.findings.isEmpty)
        let text = HumanSummary.render(r)
        #expect(text.contains("Dolby Vision RPUs (no video)") && text.contains("profile 8, CM v2.9"))
    }

    @Test("the same RPUs with their NAL 62 header (7C 01) read the same")
    func withNALHeaders() throws {
        let bytes = try [UInt8](Data(contentsOf: Self.file))
        var headed: [UInt8] = []
        var i = 0
        while i < bytes.count {
            if bytes.count - i >= 4 && bytes[i..<(i + 4)].elementsEqual([0, 0, 0, 1]) {
                headed += [0, 0, 0, 1, 0x7C, 0x01]
                i += 4
            } else {
                headed.append(bytes[i])
                i += 1
            }
        }
        #expect(headed.count == bytes.count + 16)
        let plain = ProbeEngine().probe(path: Self.file.path)
        let withHeaders = ProbeEngine().probe(name: "rpu_with_headers.bin", bytes: headed)
        #expect(withHeaders.container.format == "dolbyVisionRpu")
        #expect(withHeaders.streams.first?.dolbyVision == plain.streams.first?.dolbyVision)
    }

    @Test("raw HEVC, other media and text are not RPU files")
    func otherFilesDoNotMatch() throws {
        for name in ["dv_p81.hevc", "hdr10_hevc.hevc", "sdr_h264.h264", "bad_text_renamed.mkv", "dv_p81.ts"] {
            let head = try [UInt8](Data(contentsOf: TestPaths.corpus.appendingPathComponent(name)).prefix(8192))
            #expect(!DolbyVisionRPUFile.matches(head), "\(name)")
        }
        #expect(DolbyVisionRPUFile.matches(try [UInt8](Data(contentsOf: Self.file))))
    }

    @Test("the frame budget bounds the RPUs read; metadata prints one row per RPU")
    func budgetAndMetadata() throws {
        let three = ProbeEngine(options: ProbeOptions(frames: 3)).probe(path: Self.file.path)
        #expect(three.streams.first?.dolbyVision?.rpu.framesScanned == 3 && three.probe?.framesScanned == 3)
        let run = try CommandLineTests.run(["metadata", "--json", Self.file.path])
        #expect(run.status == 0, "\(run.stderr)")
        let doc = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let frames = try #require(doc["frames"] as? [[String: Any]])
        #expect(frames.count == 8)
        #expect(frames.allSatisfy { ($0["rpu"] as? [String: Any])?["maxPq"] as? Int == 3383 })
        let probe = try CommandLineTests.run(["probe", Self.file.path])
        #expect(probe.status == 0 && probe.stdout.contains("dolbyVisionRpu"))
    }

    @Test("an RPU file cut inside its fifth RPU: four valid, the cut one invalid")
    func cutFile() throws {
        let bytes = try [UInt8](Data(contentsOf: Self.file))
        let unit = bytes.count / 8  // eight equal units (167 bytes each)
        let r = ProbeEngine().probe(name: "cut.bin", bytes: Array(bytes.prefix(4 * unit + 40)))
        #expect(r.status == .ok)
        let dv = try #require(r.streams.first?.dolbyVision)
        #expect(dv.rpu.framesScanned == 5 && dv.rpu.summary?.invalidRpus == 1 && dv.rpu.summary?.framesWithL1 == 4)
        #expect(r.findings.map(\.code) == [.dvRpuInvalid])
    }

    /// dovi_tool's own RPU files (each one RPU in the extract-rpu layout) against ground-truth.json.
    static func sharedRPUFiles() -> [String] {
        guard let data = try? Data(contentsOf: TestPaths.external.appendingPathComponent("ground-truth.json")),
              let root = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
              let files = root["files"] as? [String: [String: Any]] else { return [] }
        return files.filter { $0.value["kind"] as? String == "dolby-vision-rpu-file" }.keys.sorted()
    }

    @Test("dovi_tool's RPU files match ground-truth.json", .enabled(if: TestPaths.hasExternal, "../shared/external is not present"),
          arguments: sharedRPUFiles())
    func sharedFiles(_ path: String) throws {
        let data = try Data(contentsOf: TestPaths.external.appendingPathComponent("ground-truth.json"))
        let root = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let entry = try #require((root["files"] as? [String: [String: Any]])?[path])
        let facts = try #require(entry["facts"] as? [String: [String: Any]])
        func fact(_ key: String) -> Any? { facts[key]?["value"] }
        let r = ProbeEngine().probe(path: TestPaths.external.appendingPathComponent(path).path)
        #expect(r.status == .ok && r.container.format == "dolbyVisionRpu", "\(path)")
        let dv = try #require(r.streams.first?.dolbyVision)
        #expect(dv.rpu.framesScanned == 1)
        guard fact("rpu.valid") as? Bool == true else {
            #expect(r.findings.map(\.code) == [.dvRpuInvalid], "\(path)")
            return
        }
        #expect(r.findings.isEmpty, "\(path): \(r.findings.map(\.code))")
        #expect(dv.rpu.profile == fact("dolbyVision.rpu.profile") as? Int, "\(path)")
        #expect(dv.rpu.enhancementLayer == fact("dolbyVision.rpu.enhancementLayer") as? String, "\(path)")
        #expect(dv.rpu.cmVersion == fact("dolbyVision.rpu.cmVersion") as? String, "\(path)")
        #expect(dv.rpu.framesWithRpu == fact("dolbyVision.rpu.framesWithRpu") as? Int, "\(path)")
        #expect(dv.rpu.summary?.sceneCuts == (fact("dolbyVision.rpu.sceneCuts") as? [Int])?.count, "\(path)")
        let l1 = try #require(fact("dolbyVision.rpu.first.l1") as? [String: Int])
        #expect(dv.rpu.summary?.l1MaxPq?.max == l1["maxPq"] && dv.rpu.summary?.l1MinPq?.min == l1["minPq"]
                && dv.rpu.summary?.l1AvgPq?.max == l1["avgPq"], "\(path)")
        if let l6 = fact("dolbyVision.rpu.first.l6") as? [String: Int] {
            let got = dv.rpu.summary?.level6
            #expect(got?.maxDisplayMasteringLuminance == l6["maxDisplayMasteringLuminance"]
                    && got?.minDisplayMasteringLuminance == l6["minDisplayMasteringLuminance"]
                    && got?.maxContentLightLevel == l6["maxContentLightLevel"]
                    && got?.maxFrameAverageLightLevel == l6["maxFrameAverageLightLevel"], "\(path)")
        } else {
            #expect(dv.rpu.summary?.level6 == nil, "\(path)")
        }
        let profile = try #require(fact("dolbyVision.rpu.profile") as? Int)
        #expect(dv.profile?.profile == profile && dv.profile?.fromRPU == true && dv.profileName == (profile == 8 ? "8" : "\(profile)"))
    }
}
#endif
