import HDRProbeModel

/// Rule step 1, the decode route: hardware, software or impossible, from the codec, its profile
/// and format, the device's decoder limits and the player's own software decoders
/// (`docs/rules/apple-playback.md` §7.1, native vs software decode; `docs/rules/devices.md` §1–§5,
/// hardware rows; `docs/rules/players.md` §5, software AV1 / VP9).
package enum DecodeRoute {
    package static func decide(_ sim: inout PlaybackSimulation) throws(PlaybackStop) -> PlaybackOutcome.Decode {
        var decode = try codecRoute(&sim)
        let device = sim.device, input = sim.input
        let contentIsHDR = input.videoRange != .sdr || (input.dolbyVision != nil && input.dolbyVisionAccepted)
        let decodeCap = device.maxDecode.value
        let hdrDecode = contentIsHDR && device.hdr.value && decodeCap.hdrFps > 0
        let fpsLimit = Double(hdrDecode ? decodeCap.hdrFps : decodeCap.fps)
        sim.rely(device.maxDecode, "maximum decode")
        if input.width * input.height > decodeCap.width * decodeCap.height || sim.fps > fpsLimit + 0.01 {
            decode = .impossible
            sim.because("\(input.width)x\(input.height)@\(HLSFrameRate(framesPerSecond: sim.fps)?.string ?? "?") exceeds \(device.name)'s decode limit \(decodeCap.width)x\(decodeCap.height)@\(Int(fpsLimit))\(hdrDecode ? " for HDR" : "") (devices.md §1).")
        }
        sim.outcome.decode = decode
        if decode == .impossible { throw sim.fail("won't play: beyond \(device.name)'s decoder") }
        return decode
    }

    /// The route the codec alone takes; a codec without a decoder ends the simulation.
    package static func codecRoute(_ sim: inout PlaybackSimulation) throws(PlaybackStop) -> PlaybackOutcome.Decode {
        switch VideoCodec(rawValue: sim.input.codec) {
        case .hevc?: return hevc(&sim)
        case .h264?: return h264(&sim)
        case .av1?: return try av1(&sim)
        case .vp9?: return try vp9(&sim)
        case nil:
            throw sim.fail("won't play: no decoder for \(sim.input.codec)")
        }
    }

    /// Range extensions (RExt profile, more than 10 bits, chroma other than 4:2:0) go to software;
    /// so does every HEVC on a device without the hardware decoder.
    package static func hevc(_ sim: inout PlaybackSimulation) -> PlaybackOutcome.Decode {
        let input = sim.input, device = sim.device
        sim.rely(device.hevcHardware, "HEVC hardware decode")
        let profile = (input.profileName ?? "").lowercased()
        if profile.contains("rext") || (input.bitDepth ?? 8) > 10 || isNot420(input) {
            sim.because("HEVC range extensions (\(input.profileName ?? "RExt"), \(input.chroma ?? "?"), \(input.bitDepth.map { "\($0)-bit" } ?? "")) are not decoded in hardware; the exact-format VideoToolbox probe sends them to the software path (apple-playback.md §7.1).")
            return .software
        }
        if device.hevcHardware.value { return .hardware }
        sim.because("\(device.name) has no HEVC hardware decoder (devices.md §1: A8 predates hardware HEVC).")
        return .software
    }

    /// High 4:2:2, High 4:4:4 and High 10 go to software.
    package static func h264(_ sim: inout PlaybackSimulation) -> PlaybackOutcome.Decode {
        let input = sim.input
        guard (input.bitDepth ?? 8) > 8 || isNot420(input) else { return .hardware }
        sim.because("H.264 \(input.profileName ?? "") \(input.chroma ?? "") \(input.bitDepth.map { "\($0)-bit" } ?? "") is outside the hardware decoder (apple-playback.md §7.1: High 4:2:2/4:4:4/High 10 go to software).")
        return .software
    }

    /// AV1 in hardware only from A17 Pro / M3 on (and on the non-Apple devices that list it);
    /// elsewhere only a player with its own AV1 decoder plays it.
    package static func av1(_ sim: inout PlaybackSimulation) throws(PlaybackStop) -> PlaybackOutcome.Decode {
        let device = sim.device
        sim.rely(device.av1Hardware, "AV1 hardware decode")
        if device.av1Hardware.value { return .hardware }
        let why = device.platform == .apple ? " (devices.md: A17 Pro / M3 and later only); AVPlayer's HLS path cannot take it" : " (devices.md §10–§14)"
        return try software(&sim, .av1, "No hardware AV1 on \(device.name)\(why)")
    }

    /// VP9: never through Apple's HLS path; in hardware on the devices that list it.
    package static func vp9(_ sim: inout PlaybackSimulation) throws(PlaybackStop) -> PlaybackOutcome.Decode {
        let device = sim.device
        if device.platform == .apple {
            return try software(&sim, .vp9, "VP9 is not an Apple HLS codec (AVPlayer rejects vp09; apple-playback.md §7.1, devices.md §4)")
        }
        sim.rely(device.vp9Hardware, "VP9 hardware decode")
        if device.vp9Hardware.value { return .hardware }
        return try software(&sim, .vp9, "No hardware VP9 on \(device.name) (devices.md §10–§14)")
    }

    /// The player's own software decoder, or no playback (`docs/rules/players.md` §5: AetherEngine's
    /// dav1d / libavcodec path; the stock AVPlayer has none for AV1 or VP9).
    package static func software(_ sim: inout PlaybackSimulation, _ codec: VideoCodec, _ why: String) throws(PlaybackStop) -> PlaybackOutcome.Decode {
        let player = sim.player
        sim.relyPlayer(player.softwareDecode, "software decoders")
        if player.softwareDecode.value.contains(codec) {
            sim.because("\(why); \(player.name) decodes it in software (players.md §5).")
            return .software
        }
        sim.because("\(why), and \(player.name) has no software \(codec.rawValue.uppercased()) decoder (players.md §5).")
        sim.outcome.decode = .impossible
        throw sim.fail("won't play: no \(codec.rawValue.uppercased()) decoder in \(player.name)")
    }

    package static func isNot420(_ input: PlaybackInput) -> Bool { input.chroma.map { $0 != "4:2:0" } ?? false }
}
