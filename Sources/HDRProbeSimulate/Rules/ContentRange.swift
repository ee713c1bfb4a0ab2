import HDRProbeModel

/// Rule step 4, the range the content asks for on this device: VIDEO-RANGE, Dolby Vision when it
/// engages (profile 5 style content otherwise decodes to HDR10), HDR10+ on a native path of a
/// device that outputs it, HLG converted to PQ without HLG output, SDR without HDR output
/// (`docs/rules/apple-playback.md` §4, VIDEO-RANGE; `docs/rules/devices.md` §2, §7: what an Apple TV
/// does with each range).
package enum ContentRange {
    package struct Result {
        /// The range of the base layer (VIDEO-RANGE).
        package var base: OutputRange
        /// What the device outputs for the content.
        package var content: OutputRange
        /// Profile-5 style Dolby Vision (no compatible base layer a non-Dolby Vision decoder can show).
        package var profile5: Bool
    }

    package static func resolve(_ sim: inout PlaybackSimulation, dolbyVisionEngages: Bool) -> Result {
        let input = sim.input, device = sim.device
        let base: OutputRange
        switch input.videoRange {
        case .pq: base = .hdr10
        case .hlg: base = .hlg
        case .sdr: base = .sdr
        }
        var content = base
        let p5 = sim.dolbyVision?.isProfile5Style ?? false
        if dolbyVisionEngages { content = .dolbyVision } else if p5 { content = .hdr10 }
        sim.rely(device.hdr10Plus, "HDR10+")
        sim.relyDisplay(sim.display.hdr10Plus, "HDR10+")
        if content == .hdr10 && input.hdr10Plus && device.hdr10Plus.value && sim.outcome.pipeline == .native { content = .hdr10Plus }
        if content == .hlg {
            sim.rely(device.hlg, "HLG output")
            if !device.hlg.value && device.hdr.value {
                content = .hdr10
                sim.because("\(device.name) has no HLG output: HLG is converted to PQ (devices.md §7: tvOS converts HLG to PQ internally).", cause: false)
            }
        }
        if content != .sdr && !device.hdr.value {
            sim.because("\(device.name) has no HDR output: \(device.platform == .apple ? "AVPlayer" : sim.player.name) tone-maps to SDR (devices.md §2, §7).")
            content = .sdr
            sim.outcome.output = PlaybackOutcome.Output(range: .sdr, toneMapped: true)
        }
        return Result(base: base, content: content, profile5: p5)
    }
}
