import Testing
@testable import HDRProbeModel
@testable import HDRProbeSimulate

/// The scan cache's compact digest: every field survives a round trip; malformed bytes give nil.
@Suite struct ReportDigestCompactTests {
    static let sample: ReportDigest = {
        let input = PlaybackInput(codec: "hevc", profileName: "Main 10", bitDepth: 10, chroma: "4:2:0", width: 3840, height: 2160,
                                  framesPerSecond: 24000.0 / 1001, container: "mp4", videoRange: .pq, hdr10Plus: true,
                                  dolbyVision: DolbyVisionProfile(profile: 8, compatibilityId: 1, fromRPU: false), dolbyVisionLevel: 6,
                                  dolbyVisionAccepted: true, dolbyVisionVerdict: .accepted, hasDolbyVisionRecord: true,
                                  sampleEntry: "hvc1", supplementalCodecs: "dvh1.08.06/db1p")
        return ReportDigest(path: "/lib/ünï cödé.mkv", status: .ok, error: nil,
                            streams: [.init(index: 0, kind: "video", videoRangeType: .doviWithHDR10Plus,
                                            dolbyVision: .init(profile: "8.1", decision: .accept, verdictCode: .accepted), playback: input),
                                      .init(index: -1, kind: "audio", videoRangeType: nil, dolbyVision: nil)],
                            findings: [Finding(code: .hlsSampleEntryInBand, severity: .warning, message: "m\nultiline", stream: 0),
                                       Finding(code: .scanIncomplete, severity: .info, message: "", stream: nil)],
                            brightness: BrightnessSeries(source: .hdr10plus, milliseconds: [0, 42, 83], decinits: [10000, 4, 0]))
    }()

    @Test func roundTrip() throws {
        let bytes = Self.sample.compactEncoded()
        #expect(ReportDigest(compact: bytes) == Self.sample)
        let failed = ReportDigest(path: "x", status: .error, error: ReportError(.empty, "empty"), streams: [], findings: [])
        #expect(ReportDigest(compact: failed.compactEncoded()) == failed)
    }

    @Test func malformedBytesAreNil() {
        let bytes = Self.sample.compactEncoded()
        for cut in [0, 1, 5, bytes.count / 2, bytes.count - 1] {
            #expect(ReportDigest(compact: Array(bytes.prefix(cut))) == nil, "cut at \(cut)")
        }
        #expect(ReportDigest(compact: bytes + [0]) == nil)
        #expect(ReportDigest(compact: [9] + bytes.dropFirst()) == nil)
        #expect(ReportDigest(compact: [1, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x7F]) == nil)
    }
}
