/// A policy's `formats`: which `videoRangeType` values a video stream may have. `allow` (when
/// given) lists the only ones accepted; `forbid` lists refused ones.
public struct FormatRule: Sendable, Equatable {
    public var allow: Set<String>?
    public var forbid: Set<String>

    public init(allow: Set<String>? = nil, forbid: Set<String> = []) {
        self.allow = allow
        self.forbid = forbid
    }

    public var isEmpty: Bool { allow == nil && forbid.isEmpty }

    /// Jellyfin's `VideoRangeType` names, as the report contract lists them.
    public static let rangeTypes = ["SDR", "HDR10", "HDR10Plus", "HLG", "DOVI", "DOVIWithHDR10", "DOVIWithHDR10Plus",
                                    "DOVIWithHLG", "DOVIWithSDR", "DOVIWithEL", "DOVIWithELHDR10Plus", "DOVIInvalid"]

    /// The check code a stream of this range type raises, if any.
    public func violation(_ rangeType: String) -> CheckCode? {
        if forbid.contains(rangeType) { return .formatForbidden }
        if let allow, !allow.contains(rangeType) { return .formatNotAllowed }
        return nil
    }

    static func parse(_ node: ConfigNode) throws(ConfigError) -> FormatRule {
        var rule = FormatRule()
        func names(_ node: ConfigNode) throws(ConfigError) -> Set<String> {
            let items: [ConfigNode]
            if case .sequence = node.node { items = try node.sequence() } else { items = [node] }
            var result = Set<String>()
            for item in items {
                let name = try item.string()
                guard rangeTypes.contains(name) else {
                    throw item.error("'\(name)' is not a videoRangeType; expected one of: \(rangeTypes.joined(separator: ", "))")
                }
                result.insert(name)
            }
            return result
        }
        for (key, value) in try node.mapping(allowed: ["allow", "forbid"]) {
            switch key {
            case "allow": rule.allow = try names(value)
            default: rule.forbid = try names(value)
            }
        }
        if let allow = rule.allow, let both = allow.intersection(rule.forbid).sorted().first {
            throw node.error("'\(both)' is both allowed and forbidden")
        }
        return rule
    }
}
