import HDRProbeModel
import HDRProbeConfig

/// A policy's `formats`: which `videoRangeType` values a video stream may have. `allow` (when
/// given) lists the only ones accepted; `forbid` lists refused ones.
package struct FormatRule: Sendable, Equatable {
    package var allow: Set<VideoRangeType>?
    package var forbid: Set<VideoRangeType>

    package init(allow: Set<VideoRangeType>? = nil, forbid: Set<VideoRangeType> = []) {
        self.allow = allow
        self.forbid = forbid
    }

    package var isEmpty: Bool { allow == nil && forbid.isEmpty }

    /// The check code a stream of this range type raises, if any.
    package func violation(_ rangeType: VideoRangeType) -> CheckCode? {
        if forbid.contains(rangeType) { return .formatForbidden }
        if let allow, !allow.contains(rangeType) { return .formatNotAllowed }
        return nil
    }

    package static func parse(_ node: ConfigNode) throws(ConfigError) -> FormatRule {
        var rule = FormatRule()
        func names(_ node: ConfigNode) throws(ConfigError) -> Set<VideoRangeType> {
            let items: [ConfigNode]
            if case .sequence = node.node { items = try node.sequence() } else { items = [node] }
            var result = Set<VideoRangeType>()
            for item in items {
                let name = try item.string()
                guard let type = VideoRangeType(rawValue: name) else {
                    let expected = VideoRangeType.allCases.map(\.rawValue).joined(separator: ", ")
                    throw item.error("'\(name)' is not a videoRangeType; expected one of: \(expected)")
                }
                result.insert(type)
            }
            return result
        }
        for (key, value) in try node.mapping(allowed: ["allow", "forbid"]) {
            switch key {
            case "allow": rule.allow = try names(value)
            default: rule.forbid = try names(value)
            }
        }
        if let allow = rule.allow, let both = allow.intersection(rule.forbid).map(\.rawValue).sorted().first {
            throw node.error("'\(both)' is both allowed and forbidden")
        }
        return rule
    }
}
