#if FFmpeg
import Foundation
import Testing

/// Dolby Vision shapes hdrprobe's own corpus cannot make: AV1 profile 10 in a `dav1` sample entry
/// (which libavformat 5.1 and 8.1 name no codec for) with a `dvvC` of another version, and an H.264
/// profile 9 stream with its RPU in NAL 28 (`docs/rules/dolby-vision.md` §5.3, §6, §9.5, §13).
///
/// Real files (Corpus/real, fetched by `Corpus/real/fetch.sh`, not committed) are checked when
/// present against their origin project's manifests. The derived files (Corpus/derived/make.py)
/// are byte-level derivations of corpus files made by real tools; each expected value names where
/// it comes from: ffprobe 8.1 (`DOVI configuration record` side data), MediaInfo, or a byte read
/// by make.py.
@Suite struct RealDolbyVisionTests {
    static let derived = TestPaths.corpus.appendingPathComponent("derived")
    static let real = TestPaths.corpus.appendingPathComponent("real")

    static func path(_ folder: URL, _ name: String) -> String { folder.appendingPathComponent(name).path }
    static func present(_ name: String) -> Bool { FileManager.default.fileExists(atPath: path(real, name)) }

    /// The first video stream of `hdrprobe probe --json FILE`, with the file's findings.
    static func probe(_ file: String) throws -> (status: Int32, video: [String: Any], findings: [String]) {
        let r = try CommandLineTests.run(["probe", "--json", file])
        let reports = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [[String: Any]])
        let report = try #require(reports.first)
        let streams = try #require(report["streams"] as? [[String: Any]])
        let video = try #require(streams.first { $0["kind"] as? String == "video" })
        let findings = (report["findings"] as? [[String: Any]] ?? []).compactMap { $0["code"] as? String }
        return (r.status, video, findings)
    }

    static func dolbyVision(_ video: [String: Any]) throws -> (record: [String: Any], rpu: [String: Any], profile: String?) {
        let dv = try #require(video["dolbyVision"] as? [String: Any])
        return (try #require(dv["configuration"] as? [String: Any]), try #require(dv["rpu"] as? [String: Any]),
                dv["profile"] as? String)
    }

    // MARK: AV1 in `dav1`

    @Test("dav1 10.1: AV1 facts, the record, the RPUs of every frame and the HLS strings")
    func dav1Profile101() throws {
        let (status, video, findings) = try Self.probe(Self.path(Self.derived, "av1_dv_p101_dav1.mp4"))
        #expect(status == 0)
        // MediaInfo: Format AV1, Codec ID dav1, 128×72 (the av01 original's ffprobe 8.1 width/height).
        #expect(video["codec"] as? String == "av1")
        #expect(video["sampleEntry"] as? String == "dav1")
        #expect(video["width"] as? Int == 128 && video["height"] as? Int == 72)
        #expect(video["bitDepth"] as? Int == 10)
        let dv = try Self.dolbyVision(video)
        // ffprobe 8.1 DOVI configuration record: 1.0, profile 10, level 1, rpu/el/bl 1/0/1, compatibility 1;
        // MediaInfo: "Dolby Vision, Version 1.0, dav1.10.01, BL+RPU, HDR10 compatible".
        #expect(dv.record["box"] as? String == "dvvC")
        #expect(dv.record["versionMajor"] as? Int == 1 && dv.record["versionMinor"] as? Int == 0)
        #expect(dv.record["profile"] as? Int == 10 && dv.record["level"] as? Int == 1)
        #expect(dv.record["compatibilityId"] as? Int == 1)
        #expect(dv.profile == "10.1")
        // Byte read: each of the 8 samples holds one metadata OBU of type ITU-T T.35 with provider 0x003B
        // (Corpus/README.md, av1_dv_p101 rows: ffprobe 5.1 exports no AV1 RPU).
        #expect(dv.rpu["present"] as? Bool == true)
        #expect(dv.rpu["framesScanned"] as? Int == 8 && dv.rpu["framesWithRpu"] as? Int == 8)
        #expect(!findings.contains("dv.configurationWithoutRpu"))
        #expect(!findings.contains("dv.configurationIrregular"))
        let hls = try #require(video["hls"] as? [String: Any])
        #expect((hls["codecs"] as? String)?.hasPrefix("av01.0.") == true)
        #expect(hls["supplementalCodecs"] as? String == "dav1.10.01/db1p")
    }

    @Test("dav1 10.0 with a dvvC of version 2.1: a regular record, dav1 CODECS")
    func dav1Profile100Version21() throws {
        let (status, video, findings) = try Self.probe(Self.path(Self.derived, "av1_dv_p100_dav1_v21.mp4"))
        #expect(status == 0)
        #expect(video["codec"] as? String == "av1")
        let dv = try Self.dolbyVision(video)
        // ffprobe 8.1: dv_version_major 2, dv_version_minor 1, dv_bl_signal_compatibility_id 0;
        // MediaInfo: "Dolby Vision, Version 2.1, dav1.10.01, BL+RPU".
        #expect(dv.record["versionMajor"] as? Int == 2 && dv.record["versionMinor"] as? Int == 1)
        #expect(dv.record["compatibilityId"] as? Int == 0)
        #expect(dv.profile == "10.0")
        #expect(!findings.contains("dv.configurationIrregular"))
        #expect(dv.rpu["framesWithRpu"] as? Int == 8)
        #expect((video["hls"] as? [String: Any])?["codecs"] as? String == "dav1.10.01")
    }

    @Test("hls, dash and simulate write a variant / play the dav1 file")
    func dav1Signalling() throws {
        let file = Self.path(Self.derived, "av1_dv_p100_dav1_v21.mp4")
        let hls = try CommandLineTests.run(["hls", file])
        #expect(hls.status == 0)
        #expect(hls.stdout.contains("#EXT-X-STREAM-INF:"))
        #expect(hls.stdout.contains("CODECS=\"dav1.10.01\""))
        let dash = try CommandLineTests.run(["dash", file])
        #expect(dash.status == 0)
        #expect(dash.stdout.contains("<Representation "))
        #expect(dash.stdout.contains("codecs=\"dav1.10.01\""))
        let simulate = try CommandLineTests.run(["simulate", "--json", Self.path(Self.derived, "av1_dv_p101_dav1.mp4"),
                                                 "--target", "iphone-15-pro"])
        #expect(simulate.status == 0)
        let report = try #require(try JSONSerialization.jsonObject(with: Data(simulate.stdout.utf8)) as? [String: Any])
        let playback = try #require((report["playback"] as? [[String: Any]])?.first)
        #expect(playback["status"] as? String == "plays")
        #expect(playback["supplementalCodecs"] as? String == "dav1.10.01/db1p")
    }

    // MARK: H.264 profile 9

    @Test("dva1 profile 9: the NAL 28 RPU of every access unit is found")
    func avcProfile9() throws {
        let (status, video, findings) = try Self.probe(Self.path(Self.derived, "dv_p9_dva1.mp4"))
        #expect(status == 0)
        #expect(video["codec"] as? String == "h264")
        #expect(video["sampleEntry"] as? String == "dva1")
        let dv = try Self.dolbyVision(video)
        // ffprobe 8.1: profile 9, level 1, rpu/el/bl 1/0/1, compatibility 2; MediaInfo: "dvav.09.01, BL+RPU, SDR compatible".
        #expect(dv.record["profile"] as? Int == 9 && dv.record["level"] as? Int == 1)
        #expect(dv.record["compatibilityId"] as? Int == 2)
        #expect(dv.profile == "9")
        // Byte read (make.py): one NAL 28 after the single slice of each of the 8 pictures, the RPU
        // of dovi_tool's tests/profile8.bin (CM v2.9, L1 max 3383).
        #expect(dv.rpu["present"] as? Bool == true)
        #expect(dv.rpu["framesScanned"] as? Int == 8 && dv.rpu["framesWithRpu"] as? Int == 8)
        #expect(dv.rpu["cmVersion"] as? String == "2.9")
        #expect((dv.rpu["summary"] as? [String: Any]).flatMap { ($0["l1MaxPq"] as? [String: Any])?["max"] as? Int } == 3383)
        #expect(!findings.contains("dv.configurationWithoutRpu"))
        // Refused (no Apple AVC + Dolby Vision decoder): the plan names that, not missing RPUs, and
        // does not claim a SUPPLEMENTAL-CODECS it does not write.
        let hls = try #require(video["hls"] as? [String: Any])
        #expect(hls["supplementalCodecs"] == nil || hls["supplementalCodecs"] is NSNull)
        let plan = try #require(hls["plan"] as? [String: Any])
        let steps = plan["steps"] as? [[String: Any]] ?? []
        #expect(!steps.contains { ($0["detail"] as? String)?.contains("SUPPLEMENTAL-CODECS") == true })
        let record = try #require(plan["dolbyVisionRecord"] as? [String: Any])
        #expect(record["action"] as? String == "strip")
        #expect((record["reason"] as? String)?.contains("AVC") == true)
    }

    @Test("an H.264 stream without NAL 28: no Dolby Vision, its 8 frames scanned as before")
    func avcWithoutRPU() throws {
        let (_, video, _) = try Self.probe(CommandLineTests.corpus("sdr_h264.mp4"))
        #expect(video["dolbyVision"] == nil || video["dolbyVision"] is NSNull)
        // Corpus/expected/sdr_h264.mp4.json: hdr.hdr10Plus.framesScanned 8 (ffprobe's packet count).
        let hdr10Plus = (video["hdr"] as? [String: Any])?["hdr10Plus"] as? [String: Any]
        #expect(hdr10Plus?["framesScanned"] as? Int == 8)
    }

    // MARK: Real files (Corpus/real/fetch.sh)

    @Test("shaka-player dv-p10-1-av1 head: AV1 10.1 in dav1, as its manifests say",
          .enabled(if: present("dv_p101_dav1_head.mp4"), "Corpus/real/dv_p101_dav1_head.mp4 absent: run Corpus/real/fetch.sh"))
    func realProfile101() throws {
        let (status, video, findings) = try Self.probe(Self.path(Self.real, "dv_p101_dav1_head.mp4"))
        #expect(status == 0)
        // dash.mpd: codecs av01.0.31M.10.0.111.09.16.09.0, 854×480, frameRate 25, supplementalCodecs dav1.10.01, db1p;
        // master.m3u8: SUPPLEMENTAL-CODECS "dav1.10.01/db1p", VIDEO-RANGE PQ.
        #expect(video["codec"] as? String == "av1")
        #expect(video["sampleEntry"] as? String == "dav1")
        #expect(video["width"] as? Int == 854 && video["height"] as? Int == 480)
        let dv = try Self.dolbyVision(video)
        #expect(dv.profile == "10.1")
        #expect(dv.record["level"] as? Int == 1)
        #expect(dv.rpu["present"] as? Bool == true)
        #expect(!findings.contains("dv.configurationWithoutRpu"))
        let hls = try #require(video["hls"] as? [String: Any])
        #expect(hls["supplementalCodecs"] as? String == "dav1.10.01/db1p")
        #expect(hls["videoRange"] as? String == "PQ")
    }

    @Test("shaka-player dv-p10-4-av1 head: AV1 10.4 (HLG) in dav1, as its manifests say",
          .enabled(if: present("dv_p104_dav1_head.mp4"), "Corpus/real/dv_p104_dav1_head.mp4 absent: run Corpus/real/fetch.sh"))
    func realProfile104() throws {
        let (status, video, _) = try Self.probe(Self.path(Self.real, "dv_p104_dav1_head.mp4"))
        #expect(status == 0)
        // dash.mpd: codecs av01.0.31M.10.0.112.09.18.09.0 (HLG), 854×480, supplementalCodecs dav1.10.01, db4h.
        #expect(video["codec"] as? String == "av1")
        #expect(video["sampleEntry"] as? String == "dav1")
        let dv = try Self.dolbyVision(video)
        #expect(dv.profile == "10.4")
        #expect(dv.rpu["present"] as? Bool == true)
        #expect((video["hls"] as? [String: Any])?["supplementalCodecs"] as? String == "dav1.10.01/db4h")
    }
}
#endif
