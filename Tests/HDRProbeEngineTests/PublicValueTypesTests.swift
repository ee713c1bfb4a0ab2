#if FFmpeg
import HDRProbe
import HDRProbeModel
import Testing

/// The library's typed values name exactly what the report's JSON writes: each public case's raw
/// value is the report's name (docs/report-contract.md), every value the report can hold has a
/// public case, and the corpus reports read back through the API as the same names.
@Suite struct PublicValueTypesTests {
    @Test func rangeTypesAreTheReportsNames() {
        #expect(Set(MediaReport.RangeType.allCases.map(\.rawValue)) == Set(VideoRangeType.allCases.map(\.rawValue)))
    }

    @Test func videoRangesAreTheAttributeValues() {
        #expect(Set(MediaReport.VideoRange.allCases.map(\.rawValue)) == Set(VideoRange.allCases.map(\.rawValue)))
    }

    /// Every combination the classifier can give (`VideoRangeType.formats`) is a list of public formats.
    @Test func everyFormatTheClassifierWritesIsPublic() {
        var seen: Set<String> = []
        for dv in [false, true] {
            for plus in [false, true] {
                for transfer in [nil, 1, H273Names.pq, H273Names.hlg] {
                    seen.formUnion(VideoRangeType.formats(dolbyVision: dv, hdr10Plus: plus, transfer: transfer))
                }
            }
        }
        #expect(seen == Set(MediaReport.HDRFormat.allCases.map(\.rawValue)))
    }

    /// Corpus/README.md: dv_p81_hdr10plus.mp4 is x265 PQ with Dolby Vision 8.1 RPUs and HDR10+ in
    /// every frame; the API gives the typed values of what `hdrprobe probe --json` writes.
    @Test func aCorpusReportThroughTheAPI() async throws {
        let report = try await MediaProbe().probe(path: "Corpus/dv_p81_hdr10plus.mp4")
        let video = try #require(report.videoStreams.first)
        #expect(video.videoRangeType == .doviWithHDR10Plus)
        #expect(Set(video.hdrFormats) == [.dolbyVision, .hdr10Plus, .hdr10])
        #expect(video.hls?.videoRange == .pq)
    }
}
#endif
