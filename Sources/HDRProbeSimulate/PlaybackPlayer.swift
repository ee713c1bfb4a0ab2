import HDRProbeModel

/// The player software of a target (`docs/rules/players.md` §1): the stock AVPlayer, AetherEngine
/// by version, and the players of the clients beyond Apple. A player decides what happens to a
/// stream before the device's decoders see it: whether Dolby Vision profile 7 is converted, handed
/// to the device or played as its base layer, whether a profile 5 record its own RPU contradicts is
/// believed, which containers carry Dolby Vision to the decoder, and which codecs it decodes in
/// software where the chip has no decoder.
package struct PlaybackPlayer: Sendable, Equatable, Codable {
    package enum Kind: String, Sendable, Codable, CaseIterable {
        case avplayer, aetherEngine, media3, kodi, webOS, tizen, roku
    }

    /// What the player does with a Dolby Vision profile 7 stream (`docs/rules/players.md` §2).
    package enum Profile7: String, Sendable, Codable, CaseIterable {
        /// The HDR10 base layer plays; Dolby Vision never engages (stock AVPlayer, TVs' own players).
        case baseLayer
        /// The RPU is rewritten to profile 8.1 (`dovi_tool -m 2`) and the enhancement layer dropped:
        /// lossless for MEL, the FEL refinement lost.
        case convertTo81
        /// Handed to the device's Dolby Vision decoder: Dolby Vision where the device lists profile 7.
        case device
    }

    package var id: String
    package var name: String
    package var kind: Kind
    /// The release the row describes (`6.81.0`, `21`); behaviours change between versions.
    package var version: String
    /// The device platforms it runs on.
    package var platforms: [PlayerDevice.Platform]
    package var dvProfile7: Capability<Profile7>
    /// A profile 5 record whose RPU reads profile 7 (a residual / NLQ) is routed as profile 7.
    package var dvContradictedRecord: Capability<Bool>
    /// The player offers `dolbyVisionHandling = baseLayerOnly` (the base layer of a Dolby Vision source).
    package var baseLayerOnly: Capability<Bool>
    /// Containers from which Dolby Vision reaches the decoder (`mp4`, `matroska`, `mpegts`).
    package var dvContainers: Capability<[ContainerFamily]>
    /// Codecs decoded in software where the device has no hardware decoder (`av1`, `vp9`).
    package var softwareDecode: Capability<[VideoCodec]>

    package func runs(on device: PlayerDevice) -> Bool { platforms.contains(device.platform) }
}

/// The container families the player rules distinguish (`docs/rules/players.md` §4: Dolby Vision
/// in MKV versus MP4/TS).
package enum ContainerFamily: String, Sendable, Codable, CaseIterable {
    case mp4, matroska, mpegts

    /// The family of a report's `container.format`; nil for raw streams and anything else.
    package init?(format: String?) {
        switch format {
        case "mp4", "mov": self = .mp4
        case "matroska", "webm": self = .matroska
        case "mpegts", "m2ts": self = .mpegts
        default: return nil
        }
    }
}
