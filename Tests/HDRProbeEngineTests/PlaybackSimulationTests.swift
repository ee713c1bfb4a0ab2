#if FFmpeg
import Foundation
import HDRProbeModel
import HDRProbeSimulate
import HDRProbeEngine
import Testing

/// Playback simulation over corpus files × every built-in target. Each column follows rules of
/// the specs; the expected outcome lines were checked cell by cell against them:
///
/// - `atv4k-2022+lg-oled` (Match range + rate): docs/rules/devices.md §8 "honoured"; LG has DV/HDR10/HLG, no
///   HDR10+ (§7 HDTVTEST); the display switches to the snapped content rate (docs/rules/apple-playback.md §5.2).
/// - `…/match-off`: HT208288 "the format available at the highest refresh rate" — LG: DV@60, so
///   25 fps shows judder; the DV@30 TV gets HDR10@60 even for DV titles (docs/rules/devices.md §7).
/// - `atv4k-2022+samsung`: no DV → DV content plays as its static base (§7 MR), HDR10+ reaches the
///   panel (H10P-ATV); P5 is tone-mapped to HDR10 by the system DV decoder (docs/rules/apple-playback.md §1.3).
/// - `atv4k-2022+projector` / `+sdr-tv`: only 60 Hz / no HDR → HDR10 or SDR tone-mapped, judder.
/// - `atv-hd+sdr-tv`: no HEVC hardware (uncertain → software), no DV, rate matching only (§1, §8);
///   P5 on the software path is refused (docs/rules/apple-playback.md §1.4).
/// - `iphone-7`: A10 has no DV decoder (§2 SWF) and no HDR panel: P5 turns green/purple (§1.3).
/// - AV1 P10.1: hardware AV1 only on A17 Pro / M3 (§2, §4); elsewhere the stock AVPlayer has no decoder for it
///   (docs/rules/players.md §5; AetherEngine's software path is `PlayerRulesTests`).
/// - Clients beyond Apple (docs/rules/devices.md §10–§14, docs/rules/players.md §1–§4): the Shield's decoder takes
///   P7 through Media3, Chromecast / Fire TV play its HDR10 base; webOS and Roku keep the policy's verdict; Samsung
///   has no DV decoder (P5 green/purple); uncertain AV1 / HLG / 8.4 cells hold the conservative "no".
/// - P7: refused by the default policy (docs/rules/dolby-vision.md §1.1), the HDR10 base plays everywhere.
/// - HLG: devices with HLG keep it; the A10X devices (HLG uncertain → off) convert it to PQ (§7).
@Suite struct PlaybackSimulationTests {
    static let expected: KeyValuePairs<String, KeyValuePairs<String, String>> = [
        "dv_p81.mp4": [
            "atv4k-2022+lg-oled": "DV · 25 Hz",
            "atv4k-2022+lg-oled/match-off": "DV · 60 Hz judder",
            "atv4k-2022+samsung": "HDR10 (DV on a non-DV mode) · 25 Hz",
            "atv4k-2022+dv30-tv/match-off": "HDR10 (DV on a non-DV mode) · 60 Hz judder",
            "atv4k-2022+projector": "HDR10 (DV on a non-DV mode) · 60 Hz judder",
            "atv4k-2022+sdr-tv": "SDR tone-mapped · 60 Hz judder",
            "atv4k-2017+lg-oled": "DV · 25 Hz",
            "atv-hd+sdr-tv": "SW decode · SDR tone-mapped (no DV decoder) · 60 Hz judder",
            "iphone-15-pro": "DV",
            "iphone-7": "SDR tone-mapped (no DV decoder)",
            "ipad-pro-2017": "DV",
            "mac-m1": "DV",
            "mac-m3": "DV",
            "vision-pro": "DV",
            "shield+lg-oled": "DV · 25 Hz",
            "chromecast-gtv+lg-oled": "DV · 25 Hz",
            "firetv-4k-max+lg-oled": "DV · 25 Hz",
            "roku-ultra+lg-oled": "DV · 25 Hz",
            "lg-webos": "DV",
            "samsung-tizen": "HDR10 (no DV decoder)",
        ],
        "dv_p5.mp4": [
            "atv4k-2022+lg-oled": "DV · 25 Hz",
            "atv4k-2022+lg-oled/match-off": "DV · 60 Hz judder",
            "atv4k-2022+samsung": "HDR10 tone-mapped · 25 Hz",
            "atv4k-2022+dv30-tv/match-off": "HDR10 tone-mapped · 60 Hz judder",
            "atv4k-2022+projector": "HDR10 tone-mapped · 60 Hz judder",
            "atv4k-2022+sdr-tv": "SDR tone-mapped · 60 Hz judder",
            "atv4k-2017+lg-oled": "DV · 25 Hz",
            "atv-hd+sdr-tv": "won't play: DV 5 needs hardware",
            "iphone-15-pro": "DV",
            "iphone-7": "won't play correctly: green/purple (no DV decoder)",
            "ipad-pro-2017": "DV",
            "mac-m1": "DV",
            "mac-m3": "DV",
            "vision-pro": "DV",
            "shield+lg-oled": "DV · 25 Hz",
            "chromecast-gtv+lg-oled": "DV · 25 Hz",
            "firetv-4k-max+lg-oled": "DV · 25 Hz",
            "roku-ultra+lg-oled": "DV · 25 Hz",
            "lg-webos": "DV",
            "samsung-tizen": "won't play correctly: green/purple (no DV decoder)",
        ],
        "dv_p7_fel_rpu_no_el.mkv": [
            "atv4k-2022+lg-oled": "HDR10 (DV refused: 7) · 25 Hz",
            "atv4k-2022+lg-oled/match-off": "HDR10 (DV refused: 7) · 60 Hz judder",
            "atv4k-2022+samsung": "HDR10 (DV refused: 7) · 25 Hz",
            "atv4k-2022+dv30-tv/match-off": "HDR10 (DV refused: 7) · 60 Hz judder",
            "atv4k-2022+projector": "HDR10 (DV refused: 7) · 60 Hz judder",
            "atv4k-2022+sdr-tv": "SDR tone-mapped (DV refused: 7) · 60 Hz judder",
            "atv4k-2017+lg-oled": "HDR10 (DV refused: 7) · 25 Hz",
            "atv-hd+sdr-tv": "SW decode · SDR tone-mapped (DV refused: 7) · 60 Hz judder",
            "iphone-15-pro": "HDR10 (DV refused: 7)",
            "iphone-7": "SDR tone-mapped (DV refused: 7)",
            "ipad-pro-2017": "HDR10 (DV refused: 7)",
            "mac-m1": "HDR10 (DV refused: 7)",
            "mac-m3": "HDR10 (DV refused: 7)",
            "vision-pro": "HDR10 (DV refused: 7)",
            "shield+lg-oled": "DV · 25 Hz",
            "chromecast-gtv+lg-oled": "HDR10 (DV 7 not supported) · 25 Hz",
            "firetv-4k-max+lg-oled": "HDR10 (DV 7 not supported) · 25 Hz",
            "roku-ultra+lg-oled": "HDR10 (DV refused: 7) · 25 Hz",
            "lg-webos": "HDR10 (DV refused: 7)",
            "samsung-tizen": "HDR10 (DV refused: 7)",
        ],
        "hdr10plus_hevc.mp4": [
            "atv4k-2022+lg-oled": "HDR10 · 25 Hz",
            "atv4k-2022+lg-oled/match-off": "HDR10 · 60 Hz judder",
            "atv4k-2022+samsung": "HDR10+ · 25 Hz",
            "atv4k-2022+dv30-tv/match-off": "HDR10 · 60 Hz judder",
            "atv4k-2022+projector": "HDR10 · 60 Hz judder",
            "atv4k-2022+sdr-tv": "SDR tone-mapped · 60 Hz judder",
            "atv4k-2017+lg-oled": "HDR10 · 25 Hz",
            "atv-hd+sdr-tv": "SW decode · SDR tone-mapped · 60 Hz judder",
            "iphone-15-pro": "HDR10+",
            "iphone-7": "SDR tone-mapped",
            "ipad-pro-2017": "HDR10+",
            "mac-m1": "HDR10+",
            "mac-m3": "HDR10+",
            "vision-pro": "HDR10",
            "shield+lg-oled": "HDR10 · 25 Hz",
            "chromecast-gtv+lg-oled": "HDR10 · 25 Hz",
            "firetv-4k-max+lg-oled": "HDR10 · 25 Hz",
            "roku-ultra+lg-oled": "HDR10 · 25 Hz",
            "lg-webos": "HDR10",
            "samsung-tizen": "HDR10+",
        ],
        "av1_dv_p101.mp4": [
            "atv4k-2022+lg-oled": "won't play: no AV1 decoder in AVPlayer",
            "atv4k-2022+lg-oled/match-off": "won't play: no AV1 decoder in AVPlayer",
            "atv4k-2022+samsung": "won't play: no AV1 decoder in AVPlayer",
            "atv4k-2022+dv30-tv/match-off": "won't play: no AV1 decoder in AVPlayer",
            "atv4k-2022+projector": "won't play: no AV1 decoder in AVPlayer",
            "atv4k-2022+sdr-tv": "won't play: no AV1 decoder in AVPlayer",
            "atv4k-2017+lg-oled": "won't play: no AV1 decoder in AVPlayer",
            "atv-hd+sdr-tv": "won't play: no AV1 decoder in AVPlayer",
            "iphone-15-pro": "DV",
            "iphone-7": "won't play: no AV1 decoder in AVPlayer",
            "ipad-pro-2017": "won't play: no AV1 decoder in AVPlayer",
            "mac-m1": "won't play: no AV1 decoder in AVPlayer",
            "mac-m3": "DV",
            "vision-pro": "won't play: no AV1 decoder in AVPlayer",
            "shield+lg-oled": "won't play: no AV1 decoder in Media3 (ExoPlayer)",
            "chromecast-gtv+lg-oled": "won't play: no AV1 decoder in Media3 (ExoPlayer)",
            "firetv-4k-max+lg-oled": "won't play: no AV1 decoder in Media3 (ExoPlayer)",
            "roku-ultra+lg-oled": "won't play: no AV1 decoder in Roku OS player",
            "lg-webos": "won't play: no AV1 decoder in webOS player (LG)",
            "samsung-tizen": "won't play: no AV1 decoder in Tizen player (Samsung)",
        ],
        "hlg_hevc.mp4": [
            "atv4k-2022+lg-oled": "HLG · 25 Hz",
            "atv4k-2022+lg-oled/match-off": "HDR10 · 60 Hz judder",
            "atv4k-2022+samsung": "HLG · 25 Hz",
            "atv4k-2022+dv30-tv/match-off": "HDR10 · 60 Hz judder",
            "atv4k-2022+projector": "HDR10 · 60 Hz judder",
            "atv4k-2022+sdr-tv": "SDR tone-mapped · 60 Hz judder",
            "atv4k-2017+lg-oled": "HDR10 · 25 Hz",
            "atv-hd+sdr-tv": "SW decode · SDR tone-mapped · 60 Hz judder",
            "iphone-15-pro": "HLG",
            "iphone-7": "SDR tone-mapped",
            "ipad-pro-2017": "HDR10",
            "mac-m1": "HLG",
            "mac-m3": "HLG",
            "vision-pro": "HLG",
            "shield+lg-oled": "HDR10 · 25 Hz",
            "chromecast-gtv+lg-oled": "HLG · 25 Hz",
            "firetv-4k-max+lg-oled": "HLG · 25 Hz",
            "roku-ultra+lg-oled": "HDR10 · 25 Hz",
            "lg-webos": "HLG",
            "samsung-tizen": "HLG",
        ],
        "fps23976_h264.mp4": [
            "atv4k-2022+lg-oled": "SDR · 23.976 Hz",
            "atv4k-2022+lg-oled/match-off": "SDR · 60 Hz judder",
            "atv4k-2022+samsung": "SDR · 23.976 Hz",
            "atv4k-2022+dv30-tv/match-off": "SDR · 60 Hz judder",
            "atv4k-2022+projector": "SDR · 60 Hz judder",
            "atv4k-2022+sdr-tv": "SDR · 60 Hz judder",
            "atv4k-2017+lg-oled": "SDR · 23.976 Hz",
            "atv-hd+sdr-tv": "SDR · 60 Hz judder",
            "iphone-15-pro": "SDR",
            "iphone-7": "SDR",
            "ipad-pro-2017": "SDR",
            "mac-m1": "SDR",
            "mac-m3": "SDR",
            "vision-pro": "SDR",
            "shield+lg-oled": "SDR · 23.976 Hz",
            "chromecast-gtv+lg-oled": "SDR · 23.976 Hz",
            "firetv-4k-max+lg-oled": "SDR · 23.976 Hz",
            "roku-ultra+lg-oled": "SDR · 23.976 Hz",
            "lg-webos": "SDR",
            "samsung-tizen": "SDR",
        ],
        "dv_p84.mp4": [
            "atv4k-2022+lg-oled": "DV · 25 Hz",
            "atv4k-2022+lg-oled/match-off": "DV · 60 Hz judder",
            "atv4k-2022+samsung": "HLG (DV on a non-DV mode) · 25 Hz",
            "atv4k-2022+dv30-tv/match-off": "HDR10 (DV on a non-DV mode) · 60 Hz judder",
            "atv4k-2022+projector": "HDR10 (DV on a non-DV mode) · 60 Hz judder",
            "atv4k-2022+sdr-tv": "SDR tone-mapped · 60 Hz judder",
            "atv4k-2017+lg-oled": "DV · 25 Hz",
            "atv-hd+sdr-tv": "SW decode · SDR tone-mapped (no DV decoder) · 60 Hz judder",
            "iphone-15-pro": "DV",
            "iphone-7": "SDR tone-mapped (no DV decoder)",
            "ipad-pro-2017": "DV",
            "mac-m1": "DV",
            "mac-m3": "DV",
            "vision-pro": "DV",
            "shield+lg-oled": "HDR10 (DV 8.4 not supported) · 25 Hz",
            "chromecast-gtv+lg-oled": "HLG (DV 8.4 not supported) · 25 Hz",
            "firetv-4k-max+lg-oled": "HLG (DV 8.4 not supported) · 25 Hz",
            "roku-ultra+lg-oled": "HDR10 (DV 8.4 not supported) · 25 Hz",
            "lg-webos": "HLG (DV 8.4 not supported)",
            "samsung-tizen": "HLG (no DV decoder)",
        ],
    ]

    static let catalog: DeviceCatalog? = try? DeviceCatalogLoader.load()

    @Test("outcome per corpus file and built-in target", arguments: expected.map(\.key))
    func outcomes(_ file: String) throws {
        let catalog = try #require(Self.catalog, "the built-in catalogue must load")
        let report = ProbeEngine().probe(path: TestPaths.corpus.appendingPathComponent(file).path)
        let input = try #require(PlaybackInput(report: report))
        let rows = try #require(Self.expected.first { $0.key == file }?.value)
        #expect(rows.count == catalog.targets.count, "every built-in target has an expectation")
        for (targetID, outcome) in rows {
            let target = try #require(catalog.target(targetID), "\(targetID)")
            let result = try #require(PlaybackSimulator.simulate(input, target: target, catalog: catalog))
            #expect(result.outcome == outcome, "\(file) on \(targetID): \(result.reasons)")
            #expect(!result.reasons.isEmpty || result.output?.range == .sdr || result.criteria == nil)
        }
    }

    @Test func uncertainCellsAreNamed() throws {
        let catalog = try #require(Self.catalog)
        let report = ProbeEngine().probe(path: TestPaths.corpus.appendingPathComponent("hlg_hevc.mp4").path)
        let input = try #require(PlaybackInput(report: report))
        let t2017 = try #require(catalog.target("atv4k-2017+lg-oled"))
        let t2022 = try #require(catalog.target("atv4k-2022+samsung"))
        let r = try #require(PlaybackSimulator.simulate(input, target: t2017, catalog: catalog))
        #expect(r.uncertain.contains { $0.contains("HLG output") })
        let sure = try #require(PlaybackSimulator.simulate(input, target: t2022, catalog: catalog))
        #expect(!sure.uncertain.contains { $0.contains("Apple TV 4K (3rd gen") && $0.contains("HLG") })
    }

    @Test func catalogueCitesKnownSourcesAndUserFilesAreValidated() throws {
        let catalog = try #require(Self.catalog)
        #expect(catalog.devices.count >= 10 && catalog.displays.count >= 7 && catalog.targets.count >= 12)
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("hdrprobe-targets-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let good = dir.appendingPathComponent("good.yaml")
        try "targets:\n  - {id: my-room, device: appletv-4k-2021, display: samsung-qled, matchDynamicRange: true}\n"
            .write(to: good, atomically: true, encoding: .utf8)
        let merged = try DeviceCatalogLoader.load(userFile: good.path)
        #expect(merged.target("my-room")?.device == "appletv-4k-2021")
        #expect(merged.targets.count == catalog.targets.count + 1)
        let bad = dir.appendingPathComponent("bad.yaml")
        try "targets:\n  - id: x\n    device: appletv-9\n    display: lg-oled\n".write(to: bad, atomically: true, encoding: .utf8)
        #expect(throws: (any Error).self) { try DeviceCatalogLoader.load(userFile: bad.path) }
        do { _ = try DeviceCatalogLoader.load(userFile: bad.path) } catch {
            #expect("\(error)".contains("line 2") && "\(error)".contains("unknown device 'appletv-9'"))
        }
    }

    /// A folder is walked as `scan` walks it: media files by extension, hidden files and a symlink
    /// loop skipped; every row gets a cell per requested target.
    @Test func matrixOfAFolder() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("hdrprobe-matrix-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("sub"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        for (name, to) in [("dv_p81.mp4", "a.mp4"), ("hdr10_hevc.mkv", "sub/b.mkv"), ("dv_p5.mp4", ".hidden.mp4")] {
            try FileManager.default.copyItem(at: TestPaths.corpus.appendingPathComponent(name), to: dir.appendingPathComponent(to))
        }
        try "notes".write(to: dir.appendingPathComponent("notes.txt"), atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(at: dir.appendingPathComponent("sub/loop"), withDestinationURL: dir)
        let r = try CLI.run(["matrix", dir.path, "--format", "json", "--target", "atv4k-2022+samsung", "--quiet", "--no-cache"])
        #expect(r.status == 0, "\(r.stderr)")
        let doc = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        let files = try #require(doc["files"] as? [[String: Any]])
        #expect(files.compactMap { ($0["path"] as? String).map { URL(fileURLWithPath: $0).lastPathComponent } } == ["a.mp4", "b.mkv"])
        #expect(files.allSatisfy { ($0["outcomes"] as? [Any])?.count == 1 })
    }

    @Test func commandLine() throws {
        let devices = try CommandLineTests.run(["devices"])
        #expect(devices.status == 0 && devices.stdout.contains("appletv-4k-2022") && devices.stdout.contains("atv4k-2022+lg-oled"))
        let sim = try CommandLineTests.run(["simulate", TestPaths.corpus.appendingPathComponent("dv_p81.mp4").path,
                                            "--target", "atv4k-2022+samsung", "--json"])
        #expect(sim.status == 0)
        let report = try JSONDecoder().decode(ProbeReport.self, from: Data(sim.stdout.utf8))
        #expect(report.playback?.first?.outcome == "HDR10 (DV on a non-DV mode) · 25 Hz")
        let unknown = try CommandLineTests.run(["simulate", TestPaths.corpus.appendingPathComponent("dv_p81.mp4").path, "--target", "nope"])
        #expect(unknown.status == 2 && unknown.stderr.contains("unknown target 'nope'"))
    }
}
#endif
