#if FFmpeg
@testable import HDRProbe
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
        #expect(video.codec == .hevc && video.codec?.name == "hevc")
        #expect(video.dolbyVision?.verdict.code == .accepted && video.dolbyVision?.verdict.fallback == .hdr10)
    }

    /// Every catalogued code is a public code under its own name, and the named constants are the
    /// catalogue's verdict and error codes, every one of them (docs/findings.md).
    @Test func codesAreTheCatalogues() {
        let catalogue = Set(FindingCode.catalogue.map(\.code.rawValue))
        #expect(Set(MediaReport.Code.all.map(\.rawValue)) == catalogue)
        #expect(MediaReport.Code(rawValue: "dv.noSuchCode") == nil)
        let verdicts: [MediaReport.Code] = [.accepted, .dualLayer, .sdrBase, .refusedByPolicy, .levelAboveCap, .invalidLevel,
                                            .invalidCompatibility, .unsupportedProfile, .metadataOnly]
        #expect(Set(verdicts.map(\.rawValue)) == Set(FindingCode.verdictEntries.map(\.code.rawValue)))
        let failures: [MediaReport.Code] = [.notFound, .isDirectory, .permissionDenied, .empty, .readFailed, .unrecognized,
                                            .containerMalformed, .containerTruncated, .mediaSegmentWithoutInit, .noStreams,
                                            .timeout, .demuxFailed, .ffmpegUnavailable, .crashed]
        #expect(Set(failures.map(\.rawValue)) == Set(FindingCode.errorEntries.map(\.code.rawValue)))
        #expect(MediaReport.Code.ffmpegUnavailable.severity == .error && MediaReport.Code.accepted.fix != nil)
    }

    /// Every verdict fallback the policy can name is a public range type.
    @Test func fallbacksAreRangeTypes() {
        let profiles = [4, 5, 7, 8, 9, 10, 20].flatMap { p in [nil, 0, 1, 2, 4, 6].map { DolbyVisionProfile(profile: p, compatibilityId: $0, fromRPU: false) } }
        for profile in profiles {
            for transfer in [nil, 1, H273Names.pq, H273Names.hlg] {
                if let fallback = DolbyVisionPolicy.fallback(for: profile, baseTransfer: transfer) {
                    #expect(MediaReport.RangeType(rawValue: fallback) != nil, "\(fallback)")
                }
            }
        }
    }

    @Test func codecsByTheirReportNames() {
        for name in ["hevc", "h264", "av1", "vp9", "vvc", "mpeg2video"] {
            #expect(MediaReport.Codec(name).name == name)
        }
        #expect(MediaReport.Codec("prores") == .other("prores"))
    }
}
#endif
