#if FFmpeg
import Foundation
import Testing

/// The policy's `require:` entries: required outcomes on playback targets, evaluated with the
/// playback simulation (expected outcomes: `PlaybackSimulationTests`, whose rules they cite).
@Suite struct CheckRequirementTests {
    static func library() throws -> LibraryFixture {
        let lib = try LibraryFixture()
        try lib.copy("dv_p81.mp4", to: "dv81.mp4")          // DV 8.1 → DV on LG
        try lib.copy("dv_p7_fel_rpu_no_el.mkv", to: "p7.mkv")  // P7 refused → HDR10 base
        try lib.copy("av1_hdr10.mp4", to: "av1.mp4")        // AV1 → no decoder in AVPlayer; software in AetherEngine
        try lib.copy("sdr_h264.mkv", to: "sdr.mkv")         // not HDR: requirement does not apply
        return lib
    }

    @Test func unmetRequirementsAreErrors() throws {
        let lib = try Self.library()
        defer { lib.remove() }
        let policy = try CheckCommandTests.write("""
        severity:
          dv.refused: off
          hls.seiInConfigurationRecord: off
        require:
          - target: atv4k-2022+lg-oled
            when: hdr
            output: [DolbyVision, HDR10]
            pipeline: native
        """, "require.yaml", in: lib)
        let r = try CLI.run(["check", lib.path, "--no-cache", "--quiet", "--policy", policy, "--format", "json"])
        #expect(r.status == 1, "\(r.stderr)")
        let items = CheckCommandTests.items(try CheckCommandTests.json(r.stdout))
        #expect(items["\(lib.path)/av1.mp4"]?.contains("policy.requirementNotMet") == true)   // no AV1 decoder
        #expect(items["\(lib.path)/dv81.mp4"]?.contains("policy.requirementNotMet") != true)
        #expect(items["\(lib.path)/p7.mkv"]?.contains("policy.requirementNotMet") != true)   // HDR10 base is allowed
        #expect(items["\(lib.path)/sdr.mkv"]?.contains("policy.requirementNotMet") != true)
        #expect(r.stdout.contains("On atv4k-2022+lg-oled the file plays as 'won't play: no AV1 decoder in AVPlayer'"))

        // Only Dolby Vision: the refused P7 now misses too.
        let strict = try CheckCommandTests.write("""
        severity: {dv.refused: off}
        require:
          - {target: atv4k-2022+lg-oled, when: [DOVIWithEL, DOVIWithHDR10], output: DolbyVision}
        """, "strict.yaml", in: lib)
        let s = try CLI.run(["check", lib.path, "--no-cache", "--quiet", "--policy", strict, "--format", "json"])
        let strictItems = CheckCommandTests.items(try CheckCommandTests.json(s.stdout))
        #expect(strictItems["\(lib.path)/p7.mkv"]?.contains("policy.requirementNotMet") == true)
        #expect(strictItems["\(lib.path)/dv81.mp4"]?.contains("policy.requirementNotMet") != true)
        #expect(strictItems["\(lib.path)/av1.mp4"]?.contains("policy.requirementNotMet") != true)  // not DOVI*: not applied
    }

    @Test func unknownTargetOrBadEntryIsAUsageError() throws {
        let lib = try Self.library()
        defer { lib.remove() }
        let unknown = try CheckCommandTests.write("require:\n  - {target: nowhere, output: HDR10}\n", "unknown.yaml", in: lib)
        let r = try CLI.run(["check", lib.path, "--no-cache", "--quiet", "--policy", unknown])
        #expect(r.status == 2 && r.stderr.contains("unknown target 'nowhere'"))
        let bad = try CheckCommandTests.write("require:\n  - {target: iphone-7, output: Vivid}\n", "bad.yaml", in: lib)
        let b = try CLI.run(["check", lib.path, "--no-cache", "--quiet", "--policy", bad])
        #expect(b.status == 2 && b.stderr.contains("'Vivid' is not an output range"))
    }

    /// A requirement names a player like a device: `TARGET@PLAYER` (docs/rules/players.md §1). On
    /// AetherEngine the P7 file converts to 8.1 and meets "Dolby Vision"; AV1 plays in software.
    @Test func requirementsTakePlayers() throws {
        let lib = try Self.library()
        defer { lib.remove() }
        let policy = try CheckCommandTests.write("""
        severity: {dv.refused: off, hls.seiInConfigurationRecord: off}
        require:
          - {target: atv4k-2022+lg-oled@aetherengine, when: [DOVIWithEL, DOVIWithHDR10], output: DolbyVision}
          - {target: atv4k-2022+lg-oled@aetherengine, when: HDR10, output: HDR10, pipeline: native}
        """, "players.yaml", in: lib)
        let r = try CLI.run(["check", lib.path, "--no-cache", "--quiet", "--policy", policy, "--format", "json"])
        let items = CheckCommandTests.items(try CheckCommandTests.json(r.stdout))
        #expect(items["\(lib.path)/p7.mkv"]?.contains("policy.requirementNotMet") != true, "\(r.stdout)")
        #expect(items["\(lib.path)/dv81.mp4"]?.contains("policy.requirementNotMet") != true)
        #expect(items["\(lib.path)/av1.mp4"]?.contains("policy.requirementNotMet") == true)   // software pipeline
        #expect(r.stdout.contains("On atv4k-2022+lg-oled@aetherengine the file plays as 'SW decode · HDR10 · 25 Hz'"))

        let wrong = try CheckCommandTests.write("require:\n  - {target: atv4k-2022+lg-oled@kodi, output: HDR10}\n", "wrong.yaml", in: lib)
        let w = try CLI.run(["check", lib.path, "--no-cache", "--quiet", "--policy", wrong])
        #expect(w.status == 2 && w.stderr.contains("unknown target 'atv4k-2022+lg-oled@kodi'"), "\(w.stderr)")
    }
}
#endif
