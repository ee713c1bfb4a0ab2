import Foundation
import Testing
@testable import HDRProbeParse
@testable import HDRProbeModel
import HDRProbeTestSupport

/// `HDR10PlusSummary`: stream profile (`docs/rules/hdr10plus.md` §4 + §5), frame counts (§2.3),
/// scenes (§10.1 rule), luminance statistics (§3 units), invalid payloads (§5). Values are built by
/// hand; the stream-based checks are in `HDR10PlusExternalAssetTests`.

/// Profile B frame (the §3.1 values) and variants.
private let frameB = makeST2094_40(tsdml: 400, maxscl: [7768, 6589, 6912], averageMaxrgb: 263,
                                   percentiles: [0, 6080, 92, 1, 4, 107, 726, 1784, 5843], toneMapping: true,
                                   knee: (164, 240), anchors: [143, 298, 447, 592, 731, 864, 891, 917, 938])
/// Profile A frame: regular.hevc frame 0 (§10.1: AverageRGB 1037, MaxScl [17830, 16895, 14252], TSDML 0).
private let frameA = makeST2094_40(tsdml: 0, maxscl: [17830, 16895, 14252], averageMaxrgb: 1037,
                                   percentiles: [3, 14024, 43, 56, 219, 1036, 2714, 4668, 14445], toneMapping: false)

@Test func emptySummary() {
    let s = HDR10PlusSummary()
    #expect(!s.present && s.profile == nil && s.sceneCount == 0)
    #expect(s.peakMaxscl == nil && s.meanAverageMaxrgb == nil && s.maxNumWindows == nil)
    #expect(s.report == HDR10PlusReport(present: false, profile: nil, framesWithMetadata: 0, framesScanned: 0))
}

@Test func streamProfileNeedsEveryPayloadToAgree() {
    // §4: all A → "A", all B → "B", otherwise null.
    var a = HDR10PlusSummary()
    a.add(frameA); a.add(frameA)
    #expect(a.profile == "A")
    var b = HDR10PlusSummary()
    b.add(frameB); b.addFrameWithoutMetadata(); b.add(frameB)
    #expect(b.profile == "B")
    var mixed = b
    mixed.add(frameA)
    #expect(mixed.profile == nil)
    // Valid but per-frame "N/A" (tone mapping with 0 anchors — ToS-s15 shape) makes the list N/A.
    var na = frameB
    na.windows[0].bezierCurveAnchors = []
    #expect(na.isValid && na.profile == nil)
    var withNA = b
    withNA.add(na)
    #expect(withNA.profile == nil && withNA.invalidPayloadCount == 0)
}

@Test func invalidPayloadKeepsPresentButClearsProfile() {
    // §5: present stays true, profile becomes null, the finding names the first rule.
    var s = HDR10PlusSummary()
    s.add(frameB)
    s.addFrameWithoutMetadata()
    var bad = frameB
    bad.targetedSystemDisplayMaximumLuminance = 0       // tone mapping with TSDML 0
    s.add(bad)
    var worse = frameB
    worse.applicationVersion = 0
    s.add(worse)
    #expect(s.present)
    #expect(s.profile == nil)
    #expect(s.framesWithMetadata == 3 && s.framesScanned == 4)
    #expect(s.invalidPayloadCount == 2)
    #expect(s.firstInvalidFrameIndex == 2)
    #expect(s.firstInvalidIssue?.rule == .targetedSystemDisplayMaximumLuminanceProfileB)
    #expect(s.applicationVersions == [0, 1])
    #expect(s.report == HDR10PlusReport(present: true, profile: nil, framesWithMetadata: 3, framesScanned: 4))
}

@Test func t35PayloadConvenience() {
    // §2.1 signature decides; a payload ending early is present but invalid (payloadSyntax).
    let good = encodeST2094_40(frameB)
    var s = HDR10PlusSummary()
    s.addFrame(t35Payload: nil)
    s.addFrame(t35Payload: hex("b5003b00000800"))                  // Dolby Vision T.35 (provider 0x003B)
    s.addFrame(t35Payload: good)
    s.addFrame(t35Payload: Array(good.prefix(30)))                   // truncated
    #expect(s.framesScanned == 4 && s.framesWithMetadata == 2)
    #expect(s.invalidPayloadCount == 1 && s.firstInvalidFrameIndex == 3)
    #expect(s.firstInvalidIssue?.rule == .payloadSyntax)
    #expect(s.profile == nil)
    #expect(s.sceneCount == 1)        // the unparsable payload has no values and starts no scene
    #expect(s.peakMaxscl == 7768)
}

@Test func inheritedPayloadsCountAsScannedOnly() {
    var s = HDR10PlusSummary()
    s.add(frameA)
    s.add(frameA, isOwnPayload: false)
    s.add(frameA, isOwnPayload: false)
    #expect(s.framesScanned == 3 && s.framesWithMetadata == 1 && s.framesProfileA == 1)
    #expect(s.profile == "A" && s.sceneCount == 1)
}

@Test func scenesFollowTheToolsRule() {
    // §10.1: a new scene when luminance parameters, num_windows or TSDML change; Bezier data
    // counts only for a profile-B list.
    var knee2 = frameB
    knee2.windows[0].kneePointX = 165
    var b = HDR10PlusSummary()
    for f in [frameB, frameB, knee2, knee2, frameB] { b.add(f) }
    #expect(b.profile == "B")
    #expect(b.sceneCount == 3)

    // The same curve changes in a list that is not all-B do not split scenes.
    var na = knee2
    na.windows[0].bezierCurveAnchors = []           // valid, per-frame N/A
    var n = HDR10PlusSummary()
    for f in [frameB, knee2, na] { n.add(f) }
    #expect(n.profile == nil)
    #expect(n.sceneCount == 1)

    // Luminance changes split scenes whatever the profile; gaps inherit (no new scene).
    var lum = frameA
    lum.windows[0].distribution[4] = .init(percentage: 50, percentile: 220)
    var tsdml = frameB
    tsdml.targetedSystemDisplayMaximumLuminance = 401
    var a = HDR10PlusSummary()
    a.add(frameA); a.addFrameWithoutMetadata(); a.add(frameA); a.add(lum); a.addFrameWithoutMetadata(); a.add(frameA)
    #expect(a.sceneCount == 3)
    var t = HDR10PlusSummary()
    t.add(frameB); t.add(tsdml); t.add(tsdml)
    #expect(t.sceneCount == 2)
}

@Test func luminanceStatistics() {
    // maxscl and average_maxrgb are in 0.1 cd/m² steps (§3).
    var s = HDR10PlusSummary()
    var f1 = frameA; f1.windows[0].averageMaxrgb = 100
    var f2 = frameA; f2.windows[0].averageMaxrgb = 200
    var f3 = frameA; f3.windows[0].averageMaxrgb = 600
    s.add(f1); s.add(f2); s.addFrameWithoutMetadata(); s.add(f3)
    #expect(s.maxAverageMaxrgb == 600 && s.maxAverageMaxrgbNits == 60)
    #expect(s.meanAverageMaxrgb == 300 && s.meanAverageMaxrgbNits == 30)
    #expect(s.peakMaxscl == 17830 && s.peakMaxsclNits == 1783)

    // Peak over every window and component; average from the last window (the one
    // hdr10plus_tool reports, §3).
    var two = frameB
    two.numWindows = 2
    var w2 = frameB.windows[0]
    w2.maxscl = [1, 99_000, 2]
    w2.averageMaxrgb = 5
    two.windows = [frameB.windows[0], w2]
    var m = HDR10PlusSummary()
    m.add(two)
    #expect(m.peakMaxscl == 99_000 && m.peakMaxsclNits == 9900)
    #expect(m.maxAverageMaxrgb == 5)
    #expect(m.maxNumWindows == 2)
    #expect(m.firstInvalidIssue?.rule == .numWindows)
}

@Test func encodesTheFactsAsJSON() throws {
    var s = HDR10PlusSummary()
    s.add(frameB)
    s.addFrameWithoutMetadata()
    let data = try JSONEncoder().encode(s)
    let json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    #expect(json["present"] as? Bool == true)
    #expect(json["profile"] as? String == "B")
    #expect(json["framesScanned"] as? Int == 2)
    #expect(json["framesWithMetadata"] as? Int == 1)
    #expect(json["peakMaxscl"] as? Int == 7768)
    #expect(json["peakMaxsclNits"] as? Double == 776.8)
    #expect(json["sceneCount"] as? Int == 1)
    #expect(json["applicationVersions"] as? [Int] == [1])
    #expect(json["firstInvalidIssue"] is NSNull)   // optional facts are written as null
    #expect(json["previousKey"] == nil)

    var bad = HDR10PlusSummary()
    bad.addUnparsablePayload()
    let badJSON = try #require(try JSONSerialization.jsonObject(with: JSONEncoder().encode(bad)) as? [String: Any])
    #expect(badJSON["profile"] is NSNull)
    let issue = try #require(badJSON["firstInvalidIssue"] as? [String: Any])
    #expect(issue["rule"] as? String == "payloadSyntax")
}
