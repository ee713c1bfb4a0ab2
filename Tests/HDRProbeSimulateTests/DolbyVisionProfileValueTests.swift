import Foundation
import Testing
@testable import HDRProbeParse
@testable import HDRProbeModel
@testable import HDRProbeClassify
@testable import HDRProbeSimulate

/// The Dolby Vision profile is resolved once, by the classifier, and every later stage (HLS
/// planning, the simulation's input, `hls --check`'s media facts, a report read back from JSON)
/// sees that value; only the encoder writes `"8.1"`.
@Suite struct DolbyVisionProfileValueTests {
    /// The 4-byte record of `Corpus/dv_p81_nocompat.ts` (its TS descriptor body `0100100d`,
    /// Corpus/generate.sh): profile 8, level 1, RPU + BL, no `dv_bl_signal_compatibility_id`.
    /// Over a PQ base the compatibility id is inferred as 1 (`docs/rules/dolby-vision.md` §1.1
    /// step 2, mkvmerge's rule); Corpus/expected/derive.py gives this file profile "8.1".
    static func shortRecordOverPQ() throws -> VideoEvidence {
        var e = VideoEvidence(index: 0)
        e.codec = "hevc"
        e.width = 128
        e.height = 72
        e.containerColour = ColourCodes(primaries: 9, transfer: 16, matrix: 9, fullRange: false)
        e.doviRecord = try DOVIDecoderConfigurationRecord.parse([0x01, 0x00, 0x10, 0x0D])
        e.doviRecordBox = .mpegtsDescriptor
        e.scan.framesScanned = 4
        e.scan.framesWithRPU = 4
        e.scan.rpuProfile = 8
        return e
    }

    @Test func aRecordWithoutItsCompatibilityByteReachesTheSimulationAs81() throws {
        let (stream, _) = VideoStreamClassifier().classify(try Self.shortRecordOverPQ())
        let p81 = DolbyVisionProfile(profile: 8, compatibilityId: 1, fromRPU: false)
        #expect(stream.dolbyVision?.configuration?.compatibilityId == 0, "the record itself holds no id")
        #expect(stream.dolbyVision?.profile == p81)
        // Before, the simulation re-parsed the record and saw 8.0 while the report said 8.1.
        #expect(PlaybackInput(stream: stream, container: "mpegts")?.dolbyVision == p81)
    }

    @Test func theReportStringIsWrittenByTheEncoderAndReadBackToTheSameValue() throws {
        let (stream, _) = VideoStreamClassifier().classify(try Self.shortRecordOverPQ())
        let dv = try #require(stream.dolbyVision)
        let json = try #require(String(data: try JSONEncoder().encode(dv), encoding: .utf8))
        #expect(json.contains(#""profile":"8.1""#))
        #expect(try JSONDecoder().decode(DolbyVisionReport.self, from: Data(json.utf8)) == dv)
    }

    @Test func rpusWithoutAReadableHeaderHaveNoProfile() throws {
        var e = VideoEvidence(index: 0)
        e.codec = "hevc"
        e.scan.framesScanned = 2
        e.scan.framesWithRPU = 2
        let (stream, _) = VideoStreamClassifier().classify(e)
        let dv = try #require(stream.dolbyVision)
        #expect(dv.profile == nil && dv.profileName == "unknown")
        #expect(dv.verdict.decision == .refuse)
        let back = try JSONDecoder().decode(DolbyVisionReport.self, from: JSONEncoder().encode(dv))
        #expect(back == dv)
        // Profile 7 and 5 names carry no compatibility id: the implied one comes back (6, 0).
        #expect(DolbyVisionProfile(reportName: "7", configuration: nil) == DolbyVisionProfile(profile: 7, compatibilityId: 6, fromRPU: true))
        #expect(DolbyVisionProfile(reportName: "5", configuration: nil) == DolbyVisionProfile(profile: 5, compatibilityId: 0, fromRPU: true))
    }
}
