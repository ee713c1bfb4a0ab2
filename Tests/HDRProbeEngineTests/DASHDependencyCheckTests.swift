#if FFmpeg
import Foundation
import Testing
@testable import HDRProbeModel
@testable import HDRProbeManifests
@testable import HDRProbeSignal
@testable import HDRProbeEngine

/// `dash.check.dependencyInvalid` for an enhancement layer without `@dependencyId`
/// (docs/rules/dash-manifests.md, ISO/IEC 23009-1 §5.3.5.2: a Representation that cannot be
/// decoded alone names the Representations it depends on). No packager here writes a
/// dual-layer DASH presentation, so the media is `Corpus/dv_p81.mp4`'s probe with its
/// configuration record's flags set as an enhancement-layer track's record states them
/// (el_present_flag 1, bl_present_flag 0: the Dolby Vision configuration record syntax).
@Suite struct DASHDependencyCheckTests {
    static func mpd(dependency: String?) throws -> RepresentationContext {
        let attribute = dependency.map { #" dependencyId="\#($0)""# } ?? ""
        let text = """
        <?xml version="1.0"?>
        <MPD xmlns="urn:mpeg:dash:schema:mpd:2011" type="static" mediaPresentationDuration="PT1S" profiles="urn:mpeg:dash:profile:isoff-on-demand:2011">
          <Period>
            <AdaptationSet contentType="video" mimeType="video/mp4">
              <Representation id="bl" codecs="hvc1.2.4.L63.90" bandwidth="200000"><BaseURL>bl.mp4</BaseURL></Representation>
              <Representation id="el" codecs="dvhe.07.06" bandwidth="100000"\(attribute)><BaseURL>el.mp4</BaseURL></Representation>
            </AdaptationSet>
          </Period>
        </MPD>
        """
        let mpd = try MPD.parse(bytes: Array(text.utf8))
        let contexts = RepresentationContext.all(in: mpd, location: try HLSResourceLocation(argument: "/tmp/manifest.mpd"))
        return try #require(contexts.first { $0.representation.id == "el" })
    }

    static func findings(dependency: String?, enhancementLayer: Bool) throws -> [DASHCheckFinding] {
        let report = ProbeEngine().probe(path: TestPaths.corpus.appendingPathComponent("dv_p81.mp4").path)
        var video = try #require(report.streams.first { $0.kind == .video })
        if enhancementLayer {
            video.dolbyVision?.configuration?.elPresent = true
            video.dolbyVision?.configuration?.blPresent = false
        }
        let media = try #require(HLSMediaFacts(report: report))
        let input = DASHRepresentationCheck.Input(context: try mpd(dependency: dependency), periodRepresentationIDs: ["bl", "el"],
                                                  media: media, video: video)
        return DASHRepresentationCheck.checkDependency(input)
    }

    @Test func enhancementLayerWithoutDependencyIdIsFound() throws {
        let found = try Self.findings(dependency: nil, enhancementLayer: true)
        #expect(found.map(\.code) == [.dashDependencyInvalid])
        #expect(found.first?.line == 6, "the el Representation's line in the MPD above")
    }

    @Test func enhancementLayerNamingItsBaseLayerIsClean() throws {
        #expect(try Self.findings(dependency: "bl", enhancementLayer: true).isEmpty)
    }

    @Test func aSingleLayerStreamNeedsNoDependencyId() throws {
        #expect(try Self.findings(dependency: nil, enhancementLayer: false).isEmpty)
    }

    @Test func aDependencyOnItselfIsInvalid() throws {
        #expect(try Self.findings(dependency: "el", enhancementLayer: true).map(\.code) == [.dashDependencyInvalid])
    }
}
#endif
