/// A device + player + display + settings (`docs/rules/devices.md` §8, `docs/rules/players.md` §1):
/// the unit `simulate` and `matrix` work on. Settings are ignored where the device or player has no
/// such setting.
package struct PlaybackTarget: Sendable, Equatable, Codable {
    /// A player's Dolby Vision setting (`docs/rules/players.md` §3): `automatic` engages Dolby
    /// Vision where it can, `baseLayerOnly` plays the base layer of a Dolby Vision source.
    package enum DolbyVisionHandling: String, Sendable, Codable, CaseIterable { case automatic, baseLayerOnly }

    /// The player of a target that names none: the stock AVPlayer.
    package static let defaultPlayer = "avplayer"
    /// Joins a target id and a player id into the id of the combined target (`atv4k-2022+lg-oled@aetherengine`).
    package static let playerSeparator: Character = "@"

    package var id: String
    package var device: String
    package var display: String
    package var player: String
    package var matchDynamicRange: Bool
    package var matchFrameRate: Bool
    package var dolbyVisionHandling: DolbyVisionHandling

    package init(id: String, device: String, display: String, player: String = PlaybackTarget.defaultPlayer,
                 matchDynamicRange: Bool = false, matchFrameRate: Bool = false, dolbyVisionHandling: DolbyVisionHandling = .automatic) {
        self.id = id
        self.device = device
        self.display = display
        self.player = player
        self.matchDynamicRange = matchDynamicRange
        self.matchFrameRate = matchFrameRate
        self.dolbyVisionHandling = dolbyVisionHandling
    }

    /// This target played by another player: the id gains `@player`.
    package func played(by player: String) -> PlaybackTarget {
        var t = self
        t.id = id + String(Self.playerSeparator) + player
        t.player = player
        return t
    }
}
