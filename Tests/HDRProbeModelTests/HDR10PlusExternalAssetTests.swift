import Foundation
import Testing
@testable import HDRProbeParse
@testable import HDRProbeModel
import HDRProbeTestSupport

/// HDR10+ parsing, validation and `HDR10PlusSummary` against hdr10plus_tool's own expectations:
/// the streams in `../shared/external/hdr10plus_tool/hevc_tests` and the tool's extraction JSON for
/// them (`regular_metadata.json`, `metadata-dhdr10-opt.json`, `single-frame-metadata.json`; one
/// entry per frame in display order, `docs/rules/hdr10plus.md` §10.1), plus the frame counts and
/// profiles of `ground-truth.json`. Every file's SHA-256 is checked against ground-truth.json first.
/// Skipped when `../shared/external` is absent.
@Suite(.enabled(if: ExternalTestAssets.isPresent, "../shared/external is not present"))
struct HDR10PlusExternalAssetTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let stream: String
        let json: String
        var testDescription: String { (stream as NSString).lastPathComponent }
    }

    static let cases: [Case] = [
        Case(stream: "hdr10plus_tool/hevc_tests/regular.hevc", json: "hdr10plus_tool/hevc_tests/regular_metadata.json"),
        Case(stream: "hdr10plus_tool/hevc_tests/dhdr10-opt.hevc", json: "hdr10plus_tool/hevc_tests/metadata-dhdr10-opt.json"),
        Case(stream: "hdr10plus_tool/hevc_tests/single-frame.hevc", json: "hdr10plus_tool/hevc_tests/single-frame-metadata.json"),
        // ground-truth.json: single-frame-metadata.json is also the metadata of multimsg-sei.hevc
        // (hdr10plus_tool tests/hevc/inject.rs::inject_replace_multimsg).
        Case(stream: "hdr10plus_tool/hevc_tests/multimsg-sei.hevc", json: "hdr10plus_tool/hevc_tests/single-frame-metadata.json"),
    ]

    /// The cases whose files are all present (a missing file skips its case, not the run).
    static var presentCases: [Case] { cases.filter { ExternalTestAssets.has($0.stream, $0.json) } }

    @Test(arguments: presentCases)
    func perFrameValuesMatchTheToolsJSON(_ c: Case) throws {
        let pictures = try HEVCTestPictureWalker.pictures(try ExternalTestAssets.verifiedBytes(c.stream))
        let tool = try ExternalTestAssets.verifiedJSON(c.json)
        let scenes = try #require(tool["SceneInfo"] as? [[String: Any]])
        let info = try #require(tool["JSONInfo"] as? [String: Any])
        let listProfile = try #require(info["HDR10plusProfile"] as? String)

        // Frame counts: pictures in the file (ground truth video.frames) = JSON entries (gap-filled).
        let frames = try #require(try ExternalTestAssets.fact(c.stream, "video.frames") as? Int)
        #expect(pictures.count == frames)
        #expect(scenes.count == frames)

        // Gap filling in decode order, then display order (§2.3).
        let filled = HEVCTestPictureWalker.gapFilledPayloads(pictures)
        let order = HEVCTestPictureWalker.displayOrder(pictures)
        var summary = HDR10PlusSummary()
        var firstFrameOfScene: [Int] = []
        for (i, decodeIndex) in order.enumerated() {
            let payload = try #require(filled[decodeIndex], "frame \(i) has no metadata")
            let m = try ST2094_40Metadata.parse(payload)
            let expected = scenes[i]
            let lum = try #require(expected["LuminanceParameters"] as? [String: Any])
            let dist = try #require(lum["LuminanceDistributions"] as? [String: Any])
            let w = try #require(m.windows.last)   // the tool keeps the last window (§3)
            #expect(w.maxscl.map(Int.init) == lum["MaxScl"] as? [Int], "frame \(i) MaxScl")
            #expect(Int(w.averageMaxrgb) == lum["AverageRGB"] as? Int, "frame \(i) AverageRGB")
            #expect(w.distribution.map { Int($0.percentage) } == dist["DistributionIndex"] as? [Int], "frame \(i)")
            #expect(w.distribution.map { Int($0.percentile) } == dist["DistributionValues"] as? [Int], "frame \(i)")
            #expect(m.numWindows == expected["NumberOfWindows"] as? Int, "frame \(i)")
            #expect(Int(m.targetedSystemDisplayMaximumLuminance) == expected["TargetedSystemDisplayMaximumLuminance"] as? Int,
                    "frame \(i) TSDML")
            if let curve = expected["BezierCurveData"] as? [String: Any] {
                #expect(w.toneMappingFlag)
                #expect(Int(w.kneePointX) == curve["KneePointX"] as? Int, "frame \(i) knee x")
                #expect(Int(w.kneePointY) == curve["KneePointY"] as? Int, "frame \(i) knee y")
                #expect(w.bezierCurveAnchors.map(Int.init) == curve["Anchors"] as? [Int], "frame \(i) anchors")
            } else {
                #expect(listProfile == "A")           // the writer omits curves only for an A list (§10.1)
                #expect(!w.toneMappingFlag)
            }
            #expect(m.validationIssues == [], "frame \(i): the tool extracts with validation on")
            #expect(m.profile == (listProfile == "N/A" ? nil : listProfile), "frame \(i) per-frame profile")

            // Scenes: feed in display order; the running scene count gives each frame's SceneId.
            let isOwn = pictures[decodeIndex].ownHDR10Plus != nil
            let before = summary.sceneCount
            summary.add(m, isOwnPayload: isOwn)
            if summary.sceneCount != before { firstFrameOfScene.append(i) }
            #expect(summary.sceneCount - 1 == expected["SceneId"] as? Int, "frame \(i) SceneId")
            #expect(i == expected["SequenceFrameIndex"] as? Int)
        }
        let sceneSummary = try #require(tool["SceneInfoSummary"] as? [String: Any])
        #expect(firstFrameOfScene == sceneSummary["SceneFirstFrameIndex"] as? [Int])
        #expect(summary.sceneCount == (sceneSummary["SceneFrameNumbers"] as? [Int])?.count)

        // Stream facts (§4, §2.3) against the JSON and ground-truth.json.
        #expect(summary.profile == (listProfile == "N/A" ? nil : listProfile))
        #expect(summary.profile == (try ExternalTestAssets.fact(c.stream, "video.hdr.hdr10Plus.profile") as? String))
        #expect(summary.present == (try ExternalTestAssets.fact(c.stream, "video.hdr.hdr10Plus.present") as? Bool))
        #expect(summary.framesScanned == frames)
        let ownCount = pictures.filter { $0.ownHDR10Plus != nil }.count
        #expect(summary.framesWithMetadata == ownCount)
        let expectedOwn = try ExternalTestAssets.fact(c.stream, "video.hdr.hdr10Plus.framesWithMetadata") as? Int
            ?? ExternalTestAssets.fact(c.stream, "video.hdr.hdr10Plus.seiCount") as? Int
        #expect(summary.framesWithMetadata == expectedOwn)
        #expect(info["Version"] as? String == summary.applicationVersions.first.map { "\($0).0" })
        #expect(summary.invalidPayloadCount == 0 && summary.maxNumWindows == 1)

        // The engine's feeding order (decode order, gaps as frames without metadata) gives the same
        // stream facts; only the scene split depends on the order.
        var decodeOrder = HDR10PlusSummary()
        for p in pictures { decodeOrder.addFrame(t35Payload: p.ownHDR10Plus) }
        #expect(decodeOrder.profile == summary.profile)
        #expect(decodeOrder.framesWithMetadata == summary.framesWithMetadata)
        #expect(decodeOrder.framesScanned == summary.framesScanned)
        #expect(decodeOrder.peakMaxscl == summary.peakMaxscl)
        #expect(decodeOrder.report == HDR10PlusReport(present: true, profile: summary.profile,
                                                      framesWithMetadata: ownCount, framesScanned: frames))
    }

    @Test(.enabled(if: ExternalTestAssets.has("hdr10plus_tool/hevc_tests/regular.hevc"), "asset missing"))
    func regularStreamScenesAndPeaks() throws {
        // §10.1: regular.hevc — 3 scenes of 3 + 3 + 253; frames 0–2 AverageRGB 1037, MaxScl
        // [17830, 16895, 14252]; 3–5: 297, [20487, 20579, 17047]; 6–258: 911, [17513, 16895, 14316].
        let path = "hdr10plus_tool/hevc_tests/regular.hevc"
        let pictures = try HEVCTestPictureWalker.pictures(try ExternalTestAssets.verifiedBytes(path))
        var summary = HDR10PlusSummary()
        for i in HEVCTestPictureWalker.displayOrder(pictures) {
            summary.addFrame(t35Payload: pictures[i].ownHDR10Plus)
        }
        #expect(summary.sceneCount == 3)
        #expect(summary.peakMaxscl == 20579 && summary.peakMaxsclNits == 2057.9)
        #expect(summary.maxAverageMaxrgb == 1037)
        let sum: Double = 3 * 1037 + 3 * 297 + 253 * 911
        let mean: Double = sum / 259
        #expect(abs((summary.meanAverageMaxrgb ?? 0) - mean) < 1e-9)
        #expect(summary.profile == "A" && summary.framesWithMetadata == 259)
    }

    @Test(.enabled(if: ExternalTestAssets.has("hdr10plus_tool/hevc_tests/multimsg-sei.hevc"), "asset missing"))
    func multiMessageFirstFrameFacts() throws {
        // ground-truth.json `video.hdr.hdr10Plus.first` of multimsg-sei.hevc
        // (test:tests/hevc/extract.rs::multimsg_sei_metadata).
        let path = "hdr10plus_tool/hevc_tests/multimsg-sei.hevc"
        let first = try #require(try ExternalTestAssets.fact(path, "video.hdr.hdr10Plus.first") as? [String: Any])
        let pictures = try HEVCTestPictureWalker.pictures(try ExternalTestAssets.verifiedBytes(path))
        let m = try ST2094_40Metadata.parse(try #require(pictures.first?.ownHDR10Plus))
        let w = m.windows[0]
        #expect(Int(m.targetedSystemDisplayMaximumLuminance) == first["targetedSystemDisplayMaximumLuminance"] as? Int)
        #expect(Int(w.averageMaxrgb) == first["averageMaxrgb"] as? Int)
        #expect(w.maxscl.map(Int.init) == first["maxscl"] as? [Int])
        #expect(Int(w.kneePointX) == first["kneePointX"] as? Int && Int(w.kneePointY) == first["kneePointY"] as? Int)
        #expect(w.bezierCurveAnchors.map(Int.init) == first["bezierCurveAnchors"] as? [Int])
    }

    @Test(.enabled(if: ExternalTestAssets.has("hdr10plus_tool/hevc_tests/sei-double-3byte-case.hevc"), "asset missing"))
    func emulationPreventionTrapHasNoHDR10Plus() throws {
        // ground-truth.json: sei-double-3byte-case.hevc has no picture and no HDR10+
        // (bitstream.frames 0, bitstream.hdr10Plus.present false — hdr10plus_tool remove.rs).
        let path = "hdr10plus_tool/hevc_tests/sei-double-3byte-case.hevc"
        let bytes = try ExternalTestAssets.verifiedBytes(path)
        #expect(try HEVCTestPictureWalker.pictures(bytes).isEmpty)
        #expect(try ExternalTestAssets.fact(path, "bitstream.hdr10Plus.present") as? Bool == false)
        var summary = HDR10PlusSummary()
        for unit in NALUnitSplitter.split(bytes[...], framing: .annexB) where unit.type == 39 {
            for msg in SEIMessageParser.parse(rbsp: EmulationPrevention.unescape(unit.bytes)) where msg.payloadType == 4 {
                summary.addFrame(t35Payload: msg.payload)
            }
        }
        #expect(!summary.present)
    }
}

@Test func sha256OfTheTestHelperIsRight() {
    // FIPS 180-4 example "abc" and the empty message (both published digests); the helper guards
    // every asset read above.
    #expect(ExternalTestAssets.sha256Hex(Array("abc".utf8))
            == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    #expect(ExternalTestAssets.sha256Hex([])
            == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
    // Two-block message (56 bytes: padding spills into a second block), FIPS 180-4 example.
    #expect(ExternalTestAssets.sha256Hex(Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8))
            == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
}
