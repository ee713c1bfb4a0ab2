import Foundation
import Testing
@testable import HDRProbeParse
@testable import HDRProbeModel
@testable import HDRProbeReport

/// The brightness-over-time picture's data and SVG (`docs/report-pages.md`). Expected values are
/// computed here from the frames by brute force, or are SMPTE ST 2084's published values.
@Suite struct BrightnessTimelineTests {
    /// A frame with an RPU whose L1 is the given 12-bit PQ codes.
    static func frame(_ i: Int, max: Int, avg: Int, min: Int = 0, cut: Bool = false, time: Double? = nil) -> DynamicMetadataFrame {
        var f = DynamicMetadataFrame(decodeIndex: i, pts: nil, poc: nil, irap: false)
        f.index = i
        f.time = time
        f.rpu = .init(valid: true, level1: (min: min, max: max, avg: avg), sceneRefresh: cut)
        return f
    }

    /// A two-hour film's worth of frames (172,800 at 24 fps) with a deterministic pattern: the
    /// shape `--frames all` hands the page.
    static func film(_ count: Int = 172_800) -> [DynamicMetadataFrame] {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        return (0..<count).map { i in
            state = state &* 6364136223846793005 &+ 1442695040888963407
            let max = 1500 + Int(state >> 33) % 1800
            return frame(i, max: max, avg: max / 3, min: Int(state >> 40) % 60, cut: i % 131 == 0, time: Double(i) / 24)
        }
    }

    @Test func envelopeKeepsEveryRunsExtremes() throws {
        let frames = Self.film()
        let t = try #require(BrightnessTimeline(frames: frames, frameRate: 24, hdr: nil))
        #expect(t.columns.count == BrightnessTimeline.maxBuckets)
        #expect(t.isEnvelope)
        #expect(t.series == [.dolbyVisionL1Max, .dolbyVisionL1Average, .dolbyVisionL1Min])
        #expect(t.frameCount == 172_800)
        #expect(abs(t.duration - 172_799.0 / 24) < 1e-9)
        // Every frame is in exactly one column, in order.
        #expect(t.columns.first?.firstFrame == 0 && t.columns.last?.lastFrame == frames.count - 1)
        for (a, b) in zip(t.columns, t.columns.dropFirst()) { #expect(b.firstFrame == a.lastFrame + 1) }
        // Each column's low/high is the brute-force min/max of its run.
        for c in t.columns {
            let run = frames[c.firstFrame...c.lastFrame].compactMap { $0.rpu?.maxNits }
            #expect(c.low[0] == run.min() && c.high[0] == run.max())
        }
        #expect(t.peak(of: .dolbyVisionL1Max) == frames.compactMap { $0.rpu?.maxNits }.max())
        // Cuts: every 131st frame but the first.
        #expect(t.sceneCuts.count == (frames.count - 1) / 131)
    }

    @Test func shortStreamsKeepAVertexPerFrame() throws {
        let frames = (0..<40).map { Self.frame($0, max: 2000 + $0, avg: 900) }
        let t = try #require(BrightnessTimeline(frames: frames, frameRate: 25, hdr: nil))
        #expect(!t.isEnvelope)
        #expect(t.columns.count == 40)
        let svg = BrightnessTimelineSVG.render(t)
        #expect(svg.contains("data-series=\"dv-l1-max\" data-points=\"40\""))
        #expect(svg.contains("data-envelope=\"false\""))
        // No time stamps: index / frame rate.
        #expect(abs(t.duration - 39.0 / 25) < 1e-9)
    }

    @Test func noDynamicMetadataNoPicture() {
        var f = DynamicMetadataFrame(decodeIndex: 0, pts: nil, poc: nil, irap: false)
        f.index = 0
        #expect(BrightnessTimeline(frames: [f], frameRate: 25, hdr: nil) == nil)
        #expect(BrightnessTimeline(frames: [], frameRate: 25, hdr: nil) == nil)
    }

    /// The luminance axis is ST 2084: 10,000 cd/m² at the top, 0 at the bottom, 100 cd/m² at
    /// PQ 0.5081 (SMPTE ST 2084's published value for 100 cd/m²).
    @Test func luminanceAxisIsPQ() {
        let top = BrightnessTimelineSVG.top, h = BrightnessTimelineSVG.plotHeight
        #expect(abs(BrightnessTimelineSVG.y(10_000) - top) < 1e-9)
        #expect(abs(BrightnessTimelineSVG.y(0) - (top + h)) < 0.01)
        #expect(abs(BrightnessTimelineSVG.y(100) - (top + h * (1 - 0.5081))) < 0.05 * h / 100)
    }

    @Test func filmPictureIsSmall() throws {
        let t = try #require(BrightnessTimeline(frames: Self.film(), frameRate: 24, hdr: nil))
        let svg = BrightnessTimelineSVG.render(t, title: "<film>")
        #expect(svg.utf8.count < 400_000, "\(svg.utf8.count) bytes")
        #expect(svg.contains("data-series=\"dv-l1-max\" data-points=\"1000\""))
        #expect(svg.contains("data-count=\"\(t.sceneCuts.count)\""))
        #expect(!svg.contains("<film>") && svg.contains("&lt;film&gt;"))
    }

    @Test func referenceLevelsFromStaticMetadata() throws {
        let hdr = HDRReport(videoRangeType: .hdr10, formats: ["HDR10"],
                            masteringDisplay: MasteringDisplay(redX: 0.68, redY: 0.32, greenX: 0.265, greenY: 0.69, blueX: 0.15, blueY: 0.06,
                                                               whiteX: 0.3127, whiteY: 0.329, minLuminance: 0.005, maxLuminance: 4000, source: .bitstream),
                            contentLightLevel: ContentLightLevel(maxCLL: 1200, maxFALL: 300, source: .bitstream), alternativeTransfer: nil,
                            hdr10Plus: HDR10PlusReport(present: false, profile: nil, framesWithMetadata: 0, framesScanned: 1))
        let t = try #require(BrightnessTimeline(frames: [Self.frame(0, max: 3000, avg: 1000)], frameRate: 25, hdr: hdr))
        #expect(t.references.map(\.0) == [.maxCLL, .maxFALL, .masteringPeak])
        #expect(t.references.map(\.1) == [1200, 300, 4000])
        let svg = BrightnessTimelineSVG.render(t)
        for id in ["maxcll", "maxfall", "mastering-peak"] { #expect(svg.contains("data-ref=\"\(id)\"")) }
    }

    @Test func pageNamesAreFileNames() {
        #expect(FileReportHTML.pageName(index: 0, path: "/a/b/film.mkv") == "001-film.mkv.html")
        #expect(FileReportHTML.pageName(index: 41, path: "x/<b>é 1.mp4") == "042-_b___1.mp4.html")
        #expect(FileReportHTML.pageName(index: 999, path: "../.hidden") == "1000-_hidden.html")
    }
}
