#if FFmpeg
import Foundation
import HDRProbeModel
import HDRProbeSignal
import HDRProbeReport
import HDRProbeContainers
import HDRProbeEngine
import Testing

/// `streams[N].dash` for corpus files, against each file's golden (`Corpus/expected/<file>.json`, written by
/// `derive.py` from the recipe and confirmed by ffprobe / MediaInfo / the box tree) turned into DASH by the rules of
/// `docs/rules/dash-signalling.md` §3: `@codecs` = the video element of the golden `hls.codecs`; the Dolby Vision
/// element of `hls.supplementalCodecs` split into `scte214:supplementalCodecs` / `supplementalProfiles`, a `cdm4`
/// element into the `SMPTE2094-40` descriptor; the CICP values from the golden `color.*` names (H.273 code points);
/// `@frameRate` from `frameRate.rational`; ContentProtection from `video.encryption.*`.
@Suite struct DASHReportTests {
    static let files = [
        "dv_p5.mp4", "dv_p81.mp4", "dv_p84.mp4", "dv_p82.mp4", "dv_p81_hdr10plus.mp4", "hdr10_hevc.mp4", "hdr10plus_hevc.mp4",
        "hlg_hevc.mp4", "sdr_h264_aac.mp4", "av1_dv_p101.mp4", "av1_hdr10.mp4", "enc_cbcs_dv_p81.mp4", "enc_cenc_hdr10_hevc.mp4",
        "enc_cbcs_dv_p5_dvh1.mp4", "hdr10plus_hevc.mkv", "dv_p84.ts",
    ]

    static func golden(_ file: String) throws -> [String: Any] {
        let data = try Data(contentsOf: TestPaths.expected.appendingPathComponent(file + ".json"))
        let facts = try #require((try JSONSerialization.jsonObject(with: data) as? [String: Any])?["facts"] as? [String: Any])
        return facts.compactMapValues { ($0 as? [String: Any])?["value"] }
    }

    /// ffprobe / FFmpeg colour names → ITU-T H.273 code points (the inverse of `H273Names` for the names the corpus uses).
    static let primaries = ["bt709": 1, "bt2020": 9]
    static let matrices = ["bt709": 1, "bt2020nc": 9]

    @Test("dash object from the golden facts", arguments: files)
    func dashFromGolden(_ file: String) throws {
        let g = try Self.golden(file)
        var report = ProbeEngine().probe(path: TestPaths.corpus.appendingPathComponent(file).path)
        ReportSignalling.planDASH(&report)
        let video = try #require(report.streams.first { $0.kind == .video })
        let dash = try #require(video.dash)
        let hlsCodecs = try #require(g["hls.codecs"] as? String)
        #expect(dash.codecs == hlsCodecs.split(separator: ",").first.map(String.init))
        let elements = (g["hls.supplementalCodecs"] as? String).map { SupplementalCodecs(parsing: $0).elements } ?? []
        let dv = elements.first { DolbyVisionCodecString($0.codec) != nil }
        #expect(dash.supplementalCodecs == dv?.codec)
        #expect(dash.supplementalProfiles == dv.map { $0.brands.joined(separator: ",") })
        let hdr10Plus = elements.contains { $0.hasBrand("cdm4") }
        #expect(dash.descriptors.contains { $0.schemeIdUri == "http://dashif.org/metadata/hdr" && $0.value == "SMPTE2094-40" } == hdr10Plus)
        #expect(dash.videoRange.rawValue == g["hls.videoRange"] as? String)
        let rational = try #require(g["frameRate.rational"] as? String)
        #expect(dash.frameRate == (rational.hasSuffix("/1") ? String(rational.dropLast(2)) : rational))
        #expect(dash.width == g["video.width"] as? Int && dash.height == g["video.height"] as? Int)
        // CICP descriptors: one per specified code point, PQ Essential, everything else Supplemental.
        func descriptor(_ scheme: String) -> DASHDescriptor? { dash.descriptors.first { $0.schemeIdUri == "urn:mpeg:mpegB:cicp:" + scheme } }
        let transfer = g["color.transferCharacteristics"] as? Int
        #expect(descriptor("TransferCharacteristics")?.value == transfer.flatMap { $0 == 2 ? nil : String($0) })
        #expect(descriptor("TransferCharacteristics")?.element == (transfer == 16 ? .essentialProperty : transfer.map { _ in .supplementalProperty }))
        #expect(descriptor("ColourPrimaries")?.value == (g["color.primaries"] as? String).flatMap { Self.primaries[$0] }.map(String.init))
        #expect(descriptor("MatrixCoefficients")?.value == (g["color.matrix"] as? String).flatMap { Self.matrices[$0] }.map(String.init))
        // ContentProtection from the golden's encryption facts (scheme, KID, pssh systems).
        let cp = dash.descriptors.filter { $0.element == .contentProtection }
        if let scheme = g["video.encryption.scheme"] as? String {
            #expect(cp.first?.schemeIdUri == "urn:mpeg:dash:mp4protection:2011" && cp.first?.value == scheme)
            #expect(cp.first?.defaultKID == g["video.encryption.defaultKID"] as? String)
            #expect(cp.count == 1 + ((g["video.encryption.systems"] as? [String])?.count ?? 0))
            #expect(dash.codecs?.hasPrefix("encv") == false)
        } else {
            #expect(cp.isEmpty)
        }
        #expect((dash.bandwidth ?? 0) > 0)
    }

    /// `probe` reports never carry `dash` (their goldens and bytes stay as they were).
    @Test func probeReportsHaveNoDashObject() throws {
        let report = ProbeEngine().probe(path: TestPaths.corpus.appendingPathComponent("dv_p81.mp4").path)
        #expect(report.streams.allSatisfy { $0.dash == nil })
        #expect(!(try ReportEncoder.jsonArray([report])).contains("\"dash\""))
    }

    /// `hdrprobe dash` end to end: XML on stdout, exit 0; `--json` reports valid against the schema with `dash`.
    @Test func dashCommand() throws {
        let files = ["dv_p81.mp4", "hdr10_hevc.mp4", "enc_cbcs_hdr10_hevc.mp4"].map { TestPaths.corpus.appendingPathComponent($0).path }
        let xml = try CLI.run(["dash", "--quiet"] + files)
        #expect(xml.status == 0)
        #expect(xml.stdout.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<Period"))
        #expect(xml.stdout.components(separatedBy: "<Representation ").count - 1 == 3)
        // hdr10 and dv_p81 share colour but not the Dolby Vision brand; the encrypted one has ContentProtection.
        #expect(xml.stdout.components(separatedBy: "<AdaptationSet ").count - 1 == 3)
        let json = try CLI.run(["dash", "--json", "--quiet"] + files)
        #expect(json.status == 0)
        let reports = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        #expect(reports.count == 3)
        #expect(reports.allSatisfy { (($0["streams"] as? [[String: Any]])?.first?["dash"] as? [String: Any]) != nil })
        // sdr_h264_aac.mp4 has one AAC track (golden audio.codec aac): not planned, and the comment says so.
        let withAudio = try CLI.run(["dash", "--quiet", TestPaths.corpus.appendingPathComponent("sdr_h264_aac.mp4").path])
        #expect(withAudio.stdout.contains("1 audio stream not planned"))
        let bad = try CLI.run(["dash", "--quiet", TestPaths.corpus.appendingPathComponent("bad_empty.mp4").path])
        #expect(bad.status == 1 && bad.stdout.contains("no Representation"))
    }
}
#endif
