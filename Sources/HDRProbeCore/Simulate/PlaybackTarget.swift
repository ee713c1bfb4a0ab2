/// A device + display + settings (`docs/rules/devices.md` §8): the unit `simulate` and `matrix`
/// work on. Settings are ignored where the device has no such setting.
package struct PlaybackTarget: Sendable, Equatable, Codable {
    package var id: String
    package var device: String
    package var display: String
    package var matchDynamicRange: Bool
    package var matchFrameRate: Bool

    package init(id: String, device: String, display: String, matchDynamicRange: Bool = false, matchFrameRate: Bool = false) {
        self.id = id
        self.device = device
        self.display = display
        self.matchDynamicRange = matchDynamicRange
        self.matchFrameRate = matchFrameRate
    }
}
