/// A device + display + settings (`docs/rules/devices.md` §8): the unit `simulate` and `matrix`
/// work on. Settings are ignored where the device has no such setting.
public struct PlaybackTarget: Sendable, Equatable, Codable {
    public var id: String
    public var device: String
    public var display: String
    public var matchDynamicRange: Bool
    public var matchFrameRate: Bool

    public init(id: String, device: String, display: String, matchDynamicRange: Bool = false, matchFrameRate: Bool = false) {
        self.id = id
        self.device = device
        self.display = display
        self.matchDynamicRange = matchDynamicRange
        self.matchFrameRate = matchFrameRate
    }
}
