#if FFmpeg
import Foundation
import HDRProbeEngine
import Testing

/// The report's `hls` object for one corpus file per variant class of docs/rules/hls-signalling.md §5.2.
/// Expected values: the §5.2 decision table (sample entry, which CODECS / SUPPLEMENTAL-CODECS,
/// brand), §9 (VIDEO-RANGE, incl. the Dolby Vision override for P7), §2 (HEVC `hvc1.2.4.L<level>`:
/// Main 10 with bit-reversed compatibility flags, level from the golden's ffprobe-confirmed
/// `video.level`), §4 (`dvh1.PP.LL` with the record's `dv_level` from the golden), §8 (AAC LC →
/// `mp4a.40.2`), §10 (three decimals), §12 (stored size), §14 (attribute order).
@Suite struct HLSReportTests {
    struct Case: Sendable, CustomStringConvertible {
        let file: String, entry: String, codecsPrefix: String, supplemental: String?, range: String
        var description: String { file }
    }

    static let cases: [Case] = [
        Case(file: "dv_p5.mp4", entry: "dvh1", codecsPrefix: "dvh1.05.01", supplemental: nil, range: "PQ"),
        Case(file: "dv_p81.mp4", entry: "hvc1", codecsPrefix: "hvc1.2.4.L63", supplemental: "dvh1.08.01/db1p", range: "PQ"),
        Case(file: "dv_p84.mkv", entry: "hvc1", codecsPrefix: "hvc1.2.4.L63", supplemental: "dvh1.08.01/db4h", range: "HLG"),
        Case(file: "dv_p82.mkv", entry: "hvc1", codecsPrefix: "hvc1.2.4.L63", supplemental: nil, range: "SDR"),
        Case(file: "dv_p7_fel_rpu_no_el.mkv", entry: "hvc1", codecsPrefix: "hvc1.2.4.L63", supplemental: nil, range: "PQ"),
        Case(file: "dv_p81_hev1.mp4", entry: "hvc1", codecsPrefix: "hvc1.2.4.L63", supplemental: "dvh1.08.01/db1p", range: "PQ"),
        Case(file: "av1_dv_p101.mp4", entry: "av01", codecsPrefix: "av01.0.00M.10", supplemental: "dav1.10.01/db1p", range: "PQ"),
        Case(file: "hlg_hevc.mkv", entry: "hvc1", codecsPrefix: "hvc1.2.4.L", supplemental: nil, range: "HLG"),
        Case(file: "sdr_h264_aac.mp4", entry: "avc1", codecsPrefix: "avc1.64", supplemental: nil, range: "SDR"),
    ]

    @Test("hls object per variant class", arguments: cases)
    func hlsObject(_ c: Case) throws {
        let report = ProbeEngine().probe(path: TestPaths.corpus.appendingPathComponent(c.file).path)
        let video = try #require(report.streams.first { $0.kind == .video })
        let hls = try #require(video.hls)
        #expect(hls.sampleEntry == c.entry)
        #expect(hls.codecs.hasPrefix(c.codecsPrefix), "\(hls.codecs)")
        #expect(hls.supplementalCodecs == c.supplemental)
        #expect(hls.videoRange.rawValue == c.range)
        #expect(hls.frameRate?.string == "25.000" && hls.resolution == "128x72")
        // §14: Apple's attribute order, and BANDWIDTH never below AVERAGE-BANDWIDTH.
        let attrs = hls.streamInf.dropFirst("#EXT-X-STREAM-INF:".count)
        let names = attrs.split(separator: ",").compactMap { $0.split(separator: "=").first.map(String.init) }
            .filter { $0 == $0.uppercased() && !$0.contains(".") }
        var expectedOrder = ["AVERAGE-BANDWIDTH", "BANDWIDTH", "VIDEO-RANGE", "CODECS"]
        if c.supplemental != nil { expectedOrder.append("SUPPLEMENTAL-CODECS") }
        expectedOrder += ["RESOLUTION", "FRAME-RATE", "CLOSED-CAPTIONS"]
        #expect(names == expectedOrder, "\(hls.streamInf)")
        let value = { (name: String) in
            attrs.split(separator: ",").first { $0.hasPrefix(name + "=") }.flatMap { Int($0.dropFirst(name.count + 1)) }
        }
        let average = try #require(value("AVERAGE-BANDWIDTH")), peak = try #require(value("BANDWIDTH"))
        #expect(average > 0 && peak >= average)
    }

    @Test func hdr10PlusBrandOnItsOwnBase() throws {
        let report = ProbeEngine().probe(path: TestPaths.corpus.appendingPathComponent("hdr10plus_hevc.mp4").path)
        let hls = try #require(report.streams.first?.hls)
        // §5.2 "HDR10+ without DV": SUPPLEMENTAL-CODECS = <base string>/cdm4.
        #expect(hls.supplementalCodecs == hls.codecs + "/cdm4")
        #expect(hls.videoRange == .pq)
    }

    @Test func aacAudioToken() throws {
        let report = ProbeEngine().probe(path: TestPaths.corpus.appendingPathComponent("sdr_h264_aac.mp4").path)
        let hls = try #require(report.streams.first { $0.kind == .video }?.hls)
        #expect(hls.codecs.hasSuffix(",mp4a.40.2"))
    }

    @Test func rawStreamWithoutRecordUsesInBandParameterSets() throws {
        // dv_p81.hevc: no container, no record → codec string from the in-band SPS
        // profile_tier_level, DV level derived from the picture (128x72@25 → level 1, §4 table).
        let report = ProbeEngine().probe(path: TestPaths.corpus.appendingPathComponent("dv_p81.hevc").path)
        let hls = try #require(report.streams.first?.hls)
        #expect(hls.codecs.hasPrefix("hvc1.2.4.L63"))
        #expect(hls.supplementalCodecs == "dvh1.08.01/db1p")
    }
}
#endif
