#if FFmpeg
import Foundation
import HDRProbeParse
import HDRProbeModel
import HDRProbeConfig
import HDRProbeSimulate
import HDRProbeEngine
import Testing

/// Players as a dimension of the simulation (docs/rules/players.md §1–§5) and the clients beyond
/// Apple (docs/rules/devices.md §10–§14): each rule against the player without it.
@Suite struct PlayerRulesTests {
    static let catalog: DeviceCatalog? = try? DeviceCatalogLoader.load()

    static func outcome(_ file: String, _ targetID: String) throws -> PlaybackOutcome {
        let catalog = try #require(Self.catalog)
        let report = ProbeEngine().probe(path: TestPaths.corpus.appendingPathComponent(file).path)
        let input = try #require(PlaybackInput(report: report), "\(file)")
        return try outcome(input, targetID)
    }

    static func outcome(_ input: PlaybackInput, _ targetID: String, catalog: DeviceCatalog? = nil) throws -> PlaybackOutcome {
        let catalog = try #require(catalog ?? Self.catalog)
        let target = try #require(catalog.target(targetID), "\(targetID)")
        return try #require(PlaybackSimulator.simulate(input, target: target, catalog: catalog))
    }

    /// A 4K 23.976 profile 7 remux in MKV as the classifier describes it: record 7 / compat 6,
    /// refused by the default policy (`dv.dualLayer`), RPUs of profile 7 with the given layer.
    static func profile7(_ layer: DolbyVisionEnhancementLayer?) -> PlaybackInput {
        PlaybackInput(codec: "hevc", profileName: "Main 10", bitDepth: 10, chroma: "4:2:0", width: 3840, height: 2160,
                      framesPerSecond: 24000.0 / 1001, container: "matroska", videoRange: .pq,
                      dolbyVision: DolbyVisionProfile(profile: 7, compatibilityId: 6, fromRPU: false), dolbyVisionLevel: 6,
                      dolbyVisionAccepted: false, dolbyVisionVerdict: .dualLayer, hasDolbyVisionRecord: true,
                      rpuProfile: 7, enhancementLayer: layer)
    }

    // MARK: - §2.1 profile 7 converted to 8.1

    @Test func profile7ConvertsOnAetherEngineAndStaysRefusedOnAVPlayer() throws {
        let ae = try Self.outcome("dv_p7_fel_rpu_no_el.mkv", "atv4k-2022+lg-oled@aetherengine")
        #expect(ae.outcome == "DV P7 → P8.1 (FEL refinement dropped) · 25 Hz", "\(ae.reasons)")
        #expect(ae.player == "aetherengine" && ae.output?.range == .dolbyVision && ae.status == .degraded)
        let conversion = try #require(ae.conversion)
        #expect(conversion.kind == .dolbyVisionProfile7To81 && conversion.from == "7" && conversion.to == "8.1")
        #expect(conversion.enhancementLayer == .fel && !conversion.lossless && !conversion.recordContradicted)
        #expect(ae.sampleEntry == "hvc1" && ae.supplementalCodecs?.hasSuffix("/db1p") == true)
        #expect(ae.reasons.contains { $0.contains("dovi_tool -m 2") && $0.contains("FEL refinement dropped") })

        let stock = try Self.outcome("dv_p7_fel_rpu_no_el.mkv", "atv4k-2022+lg-oled")
        #expect(stock.outcome == "HDR10 (DV refused: 7) · 25 Hz" && stock.conversion == nil && stock.player == "avplayer")

        // No Dolby Vision mode: the record is stripped, nothing is converted.
        let samsung = try Self.outcome("dv_p7_fel_rpu_no_el.mkv", "atv4k-2022+samsung@aetherengine")
        #expect(samsung.conversion == nil && samsung.output?.range == .hdr10, "\(samsung.outcome)")
    }

    @Test func melConversionIsLosslessAndNamedWithTheRate() throws {
        let mel = try Self.outcome(Self.profile7(.mel), "atv4k-2022+lg-oled@aetherengine")
        #expect(mel.outcome == "DV P7 → P8.1 (MEL, lossless) · 23.976 Hz", "\(mel.reasons)")
        #expect(mel.status == .plays && mel.conversion?.lossless == true)
        #expect(mel.supplementalCodecs == "dvh1.08.06/db1p")
        let unread = try Self.outcome(Self.profile7(nil), "atv4k-2022+lg-oled@aetherengine")
        #expect(unread.outcome == "DV P7 → P8.1 (enhancement layer dropped) · 23.976 Hz" && unread.status == .degraded)
        let stock = try Self.outcome(Self.profile7(.mel), "atv4k-2022+lg-oled")
        #expect(stock.outcome == "HDR10 (DV refused: 7) · 23.976 Hz" && stock.conversion == nil)
    }

    // MARK: - §2.2 a profile 5 record its own RPU contradicts

    @Test func contradictedProfile5RecordIsRoutedAsProfile7FromAetherEngine681() throws {
        var input = Self.profile7(.fel)
        input.dolbyVision = DolbyVisionProfile(profile: 5, compatibilityId: 0, fromRPU: false)
        input.dolbyVisionAccepted = true
        input.dolbyVisionVerdict = .accepted
        let current = try Self.outcome(input, "atv4k-2022+lg-oled@aetherengine")
        #expect(current.outcome == "DV P7 → P8.1 (FEL refinement dropped) · 23.976 Hz", "\(current.reasons)")
        #expect(current.conversion?.recordContradicted == true)
        #expect(current.reasons.contains { $0.contains("contradicted by its own RPU") })
        // Without the rule the record is believed: the profile 5 route, as before.
        for target in ["atv4k-2022+lg-oled@aetherengine-6.34", "atv4k-2022+lg-oled"] {
            let older = try Self.outcome(input, target)
            #expect(older.outcome == "DV · 23.976 Hz" && older.conversion == nil, "\(target): \(older.outcome)")
        }
        // A profile 5 RPU under a profile 5 record is no contradiction.
        input.rpuProfile = 5
        input.enhancementLayer = nil
        #expect(try Self.outcome(input, "atv4k-2022+lg-oled@aetherengine").conversion == nil)
    }

    // MARK: - §3 baseLayerOnly

    @Test func baseLayerOnlyPlaysTheBaseAndKeepsProfile5() throws {
        let base = try #require(Self.catalog)
        let catalog = try DeviceCatalog.parse("""
        targets:
          - {id: living-room, device: appletv-4k-2022, display: lg-oled, player: aetherengine,
             matchDynamicRange: true, matchFrameRate: true, dolbyVisionHandling: baseLayerOnly}
          - {id: living-room-stock, device: appletv-4k-2022, display: lg-oled,
             matchDynamicRange: true, matchFrameRate: true, dolbyVisionHandling: baseLayerOnly}
        """, extending: base)
        let report = { (file: String) in ProbeEngine().probe(path: TestPaths.corpus.appendingPathComponent(file).path) }
        let p81 = try #require(PlaybackInput(report: report("dv_p81.mp4")))
        let bl = try Self.outcome(p81, "living-room", catalog: catalog)
        #expect(bl.outcome == "HDR10 (DV off: base layer only) · 25 Hz", "\(bl.reasons)")
        #expect(bl.supplementalCodecs == nil && bl.output?.range == .hdr10)
        let p84 = try #require(PlaybackInput(report: report("dv_p84.mp4")))
        #expect(try Self.outcome(p84, "living-room", catalog: catalog).output?.range == .hlg)
        let p5 = try #require(PlaybackInput(report: report("dv_p5.mp4")))
        #expect(try Self.outcome(p5, "living-room", catalog: catalog).outcome == "DV · 25 Hz")
        let p7 = try Self.outcome(Self.profile7(.fel), "living-room", catalog: catalog)
        #expect(p7.conversion == nil && p7.outcome == "HDR10 (DV off: base layer only) · 23.976 Hz")
        // The stock AVPlayer has no such setting: Dolby Vision as usual.
        let stock = try Self.outcome(p81, "living-room-stock", catalog: catalog)
        #expect(stock.outcome == "DV · 25 Hz" && stock.reasons.contains { $0.contains("no base-layer-only setting") })
    }

    // MARK: - §5 software AV1 / VP9

    @Test func av1AndVP9WithoutHardwareDecodeInSoftwareOnlyOnAetherEngine() throws {
        let stock = try Self.outcome("av1_hdr10.mp4", "atv4k-2022+lg-oled")
        #expect(stock.status == .fails && stock.decode == .impossible && stock.outcome == "won't play: no AV1 decoder in AVPlayer")
        let ae = try Self.outcome("av1_hdr10.mp4", "atv4k-2022+lg-oled@aetherengine")
        #expect(ae.outcome == "SW decode · HDR10 · 25 Hz" && ae.decode == .software && ae.pipeline == .software)
        // Hardware AV1 (M3): AVPlayer plays it natively.
        #expect(try Self.outcome("av1_hdr10.mp4", "mac-m3").outcome == "HDR10")

        #expect(try Self.outcome("vp9_hdr10.mkv", "atv4k-2022+lg-oled").outcome == "won't play: no VP9 decoder in AVPlayer")
        #expect(try Self.outcome("vp9_hdr10.mkv", "atv4k-2022+lg-oled@aetherengine-6.34").outcome == "SW decode · HDR10 · 25 Hz")
        // Android TV decodes VP9 in hardware (CDD).
        let shield = try Self.outcome("vp9_hdr10.mkv", "shield+lg-oled")
        #expect(shield.decode == .hardware && shield.outcome == "HDR10 · 25 Hz", "\(shield.reasons)")
    }

    // MARK: - §4 and devices.md §10–§14: the clients beyond Apple

    @Test func dolbyVisionInMKVOnShieldButNotOnWebOSBefore25() throws {
        #expect(try Self.outcome("dv_p81.mkv", "shield+lg-oled").outcome == "DV · 25 Hz")
        let webos = try Self.outcome("dv_p81.mkv", "lg-webos")
        #expect(webos.outcome == "HDR10 (DV not in MKV)" && webos.status == .degraded, "\(webos.reasons)")
        #expect(try Self.outcome("dv_p81.mp4", "lg-webos").outcome == "DV")
        #expect(try Self.outcome("dv_p81.mkv", "lg-webos@webos-25").outcome == "DV")
        // Profile 5 has no base layer to fall back to: wrong colours from MKV.
        let p5 = try Self.outcome("dv_p5.mkv", "lg-webos")
        #expect(p5.status == .fails && p5.outcome == "won't play correctly: DV 5 not engaged in MKV")
        // Samsung has no Dolby Vision decoder: the base layer, and P5 green/purple.
        #expect(try Self.outcome("dv_p81.mkv", "samsung-tizen").outcome == "HDR10 (no DV decoder)")
        #expect(try Self.outcome("dv_p81_hdr10plus.mp4", "samsung-tizen").output?.range == .hdr10Plus)
    }

    @Test func profile7OnAndroidClients() throws {
        let shield = try Self.outcome("dv_p7_fel_rpu_no_el.mkv", "shield+lg-oled")
        #expect(shield.outcome == "DV · 25 Hz" && shield.conversion == nil, "\(shield.reasons)")
        #expect(shield.reasons.contains { $0.contains("hands profile 7") })
        #expect(shield.uncertain.contains { $0.contains("FEL refinement") })   // the Shield uses BL + RPU (JVP412)
        #expect(try Self.outcome("dv_p7_fel_rpu_no_el.mkv", "chromecast-gtv+lg-oled").outcome == "HDR10 (DV 7 not supported) · 25 Hz")
        #expect(try Self.outcome("dv_p7_fel_rpu_no_el.mkv", "firetv-4k-max+lg-oled").outcome == "HDR10 (DV 7 not supported) · 25 Hz")
        // Kodi converts: Dolby Vision 8.1 on the Chromecast too.
        let kodi = try Self.outcome("dv_p7_fel_rpu_no_el.mkv", "chromecast-gtv+lg-oled@kodi")
        #expect(kodi.outcome == "DV P7 → P8.1 (FEL refinement dropped) · 25 Hz" && kodi.sampleEntry == nil)
    }

    // MARK: - the catalogue: players like devices

    @Test func catalogueResolvesPlayersAndRejectsWrongOnes() throws {
        let catalog = try #require(Self.catalog)
        #expect(catalog.players.count >= 9 && catalog.player(PlaybackTarget.defaultPlayer) != nil)
        #expect(catalog.targets.allSatisfy { catalog.playerProblem($0) == nil })
        let composed = try #require(catalog.target("atv4k-2022+lg-oled@aetherengine"))
        #expect(composed.device == "appletv-4k-2022" && composed.player == "aetherengine" && composed.matchFrameRate)
        #expect(catalog.target("atv4k-2022+lg-oled@media3") == nil)   // Media3 does not run on tvOS
        #expect(catalog.target("atv4k-2022+lg-oled@nobody") == nil)
        #expect(catalog.playerProblem(PlaybackTarget(id: "x", device: "appletv-4k-2022", display: "lg-oled", player: "kodi"))?
            .contains("players there: avplayer, aetherengine, aetherengine-6.34") == true)

        #expect(throws: ConfigError.self) {
            _ = try DeviceCatalog.parse("targets:\n  - {id: t, device: appletv-4k-2022, display: lg-oled, player: vlc}\n", extending: catalog)
        }
        do {
            _ = try DeviceCatalog.parse("targets:\n  - {id: t, device: appletv-4k-2022, display: lg-oled, player: vlc}\n", extending: catalog)
        } catch {
            #expect("\(error)".contains("unknown player 'vlc'") && "\(error)".contains("aetherengine"))
        }
        // A user file adds a player like a device.
        let extended = try DeviceCatalog.parse("""
        players:
          - id: my-player
            name: My player
            kind: avplayer
            version: "1"
            platforms: [apple]
            dvProfile7: {value: convertTo81, source: AE-CL}
            dvContradictedRecord: {value: false, source: AE532}
            baseLayerOnly: {value: false, source: AE529}
            dvContainers: {value: [mp4], source: AE}
            softwareDecode: {value: [av1], source: AE-CL}
        """, extending: catalog)
        let mkv = try Self.outcome(Self.profile7(.mel), "atv4k-2022+lg-oled@my-player", catalog: extended)
        #expect(mkv.outcome == "HDR10 (DV not in MKV) · 23.976 Hz", "\(mkv.reasons)")
    }

    @Test func simulateJSONCarriesPlayerAndConversionAndValidates() throws {
        let r = try CLI.run(["simulate", TestPaths.corpus.appendingPathComponent("dv_p7_fel_rpu_no_el.mkv").path, "--json",
                             "--target", "atv4k-2022+lg-oled", "--player", "avplayer", "--player", "aetherengine"])
        #expect(r.status == 0, "\(r.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        let playback = try #require(json["playback"] as? [[String: Any]])
        #expect(playback.map { $0["target"] as? String } == ["atv4k-2022+lg-oled", "atv4k-2022+lg-oled@aetherengine"])
        #expect(playback[0]["conversion"] is NSNull && playback[0]["player"] as? String == "avplayer")
        let conversion = try #require(playback[1]["conversion"] as? [String: Any])
        #expect(conversion["kind"] as? String == "dolbyVisionProfile7To81" && conversion["enhancementLayer"] as? String == "FEL")
        if ReportSchema.enabled { #expect(try ReportSchema.errors(of: json) == []) }

        let bad = try CLI.run(["simulate", TestPaths.corpus.appendingPathComponent("dv_p81.mp4").path,
                               "--target", "atv4k-2022+lg-oled", "--player", "vlc"])
        #expect(bad.status == 2 && bad.stderr.contains("unknown player 'vlc'") && bad.stderr.contains("aetherengine"))
        let wrong = try CLI.run(["simulate", TestPaths.corpus.appendingPathComponent("dv_p81.mp4").path,
                                 "--target", "lg-webos", "--player", "aetherengine"])
        #expect(wrong.status == 2 && wrong.stderr.contains("does not run on"), "\(wrong.stderr)")
        let composed = try CLI.run(["simulate", TestPaths.corpus.appendingPathComponent("dv_p81.mp4").path,
                                    "--target", "atv4k-2022+lg-oled@media3"])
        #expect(composed.status == 2 && composed.stderr.contains("players there: avplayer, aetherengine"), "\(composed.stderr)")
        let devices = try CLI.run(["devices"])
        #expect(devices.stdout.contains("Players") && devices.stdout.contains("aetherengine") && devices.stdout.contains("P7 → 8.1"))
    }

    /// The matrix takes players like devices: each `--target` × each `--player` is a column; the
    /// default columns (every built-in target) include the clients beyond Apple.
    @Test func matrixColumnsArePlayers() throws {
        let lib = try LibraryFixture()
        defer { lib.remove() }
        try lib.copy("dv_p7_fel_rpu_no_el.mkv", to: "p7.mkv")
        try lib.copy("av1_hdr10.mp4", to: "av1.mp4")
        let r = try CLI.run(["matrix", lib.path, "--no-cache", "--quiet", "--target", "atv4k-2022+lg-oled",
                             "--player", "avplayer", "--player", "aetherengine", "--per-file"])
        #expect(r.status == 0, "\(r.stderr)")
        let p7 = try #require(r.stdout.split(separator: "\n").first { $0.contains("p7.mkv") })
        #expect(p7.contains("HDR10 (DV refused: 7) · 25 Hz") && p7.contains("DV P7 → P8.1 (FEL refinement dropped) · 25 Hz"), "\(p7)")
        let av1 = try #require(r.stdout.split(separator: "\n").first { $0.contains("av1.mp4") })
        #expect(av1.contains("won't play: no AV1 decoder in AVPlayer") && av1.contains("SW decode · HDR10 · 25 Hz"), "\(av1)")
        #expect(r.stdout.contains("`atv4k-2022+lg-oled@aetherengine`: Apple TV 4K") && r.stdout.contains("player AetherEngine 6.81.0"))

        let all = try CLI.run(["matrix", lib.path, "--no-cache", "--quiet", "--format", "json"])
        let json = try #require(try JSONSerialization.jsonObject(with: Data(all.stdout.utf8)) as? [String: Any])
        let ids = try #require(json["columns"] as? [[String: Any]]).compactMap { $0["id"] as? String }
        #expect(ids.contains("shield+lg-oled") && ids.contains("lg-webos") && ids.contains("samsung-tizen") && ids.contains("atv4k-2022+lg-oled"))
    }
}
#endif
