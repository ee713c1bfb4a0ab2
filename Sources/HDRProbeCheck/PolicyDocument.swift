import HDRProbeModel
import HDRProbeConfig
import HDRProbeClassify

/// A user policy file (YAML or JSON): which Dolby Vision profile classes a deployment accepts and
/// up to which level. It starts from a built-in policy (`extends`, default `default`) and changes
/// it; unknown keys and unknown profile classes are errors with their line, so a typo cannot
/// silently flip a verdict. The format is documented in `docs/policy.md`.
///
/// ```yaml
/// name: living-room
/// extends: apple-hls
/// dolbyVision:
///   accept: ["8.2"]        # added to the accepted classes
///   refuse: ["5"]          # removed from them
///   maxLevel: {"8.1": 9}   # caps per class
///   requireValidLevel: true
/// ```
/// `acceptOnly: [...]` replaces the accepted set instead of editing it.
/// The same file carries the rules of `hdrprobe check` (``CheckRules``, `docs/check.md`).
package struct PolicyDocument: Sendable, Equatable {
    package var dolbyVision: DolbyVisionPolicy
    /// `severity`, `formats`, `include`, `exclude`, `overrides`; empty for built-in policies.
    package var check = CheckRules()

    package static let topLevelKeys = ["name", "extends", "dolbyVision"] + CheckRules.keys
    package static let dolbyVisionKeys = ["accept", "refuse", "acceptOnly", "maxLevel", "requireValidLevel"]

    package init(dolbyVision: DolbyVisionPolicy) { self.dolbyVision = dolbyVision }

    /// Parses a policy document; `defaultName` names it when the file has no `name`.
    package static func parse(_ text: String, defaultName: String) throws(ConfigError) -> PolicyDocument {
        let root = try ConfigNode.parse(text)
        let entries = try root.mapping(allowed: topLevelKeys)
        var name = defaultName
        var base = DolbyVisionPolicy.default
        if let n = entries.first(where: { $0.key == "name" }) { name = try n.value.string() }
        if let e = entries.first(where: { $0.key == "extends" }) {
            let baseName = try e.value.string()
            guard let builtIn = DolbyVisionPolicy.builtIn(named: baseName) else {
                throw e.value.error("unknown built-in policy '\(baseName)'; expected one of: \(DolbyVisionPolicy.builtIn.map(\.name).joined(separator: ", "))")
            }
            base = builtIn
        }
        var policy = base
        policy.name = name
        if let dv = entries.first(where: { $0.key == "dolbyVision" }) {
            try apply(dv.value, to: &policy)
        }
        var document = PolicyDocument(dolbyVision: policy)
        document.check = try CheckRules.parse(entries, dolbyVision: policy)
        return document
    }

    package static func apply(_ node: ConfigNode, to policy: inout DolbyVisionPolicy) throws(ConfigError) {
        let entries = try node.mapping(allowed: dolbyVisionKeys)
        func classes(_ node: ConfigNode) throws(ConfigError) -> [String] {
            let items: [ConfigNode]
            if case .sequence = node.node { items = try node.sequence() } else { items = [node] }
            var result: [String] = []
            for item in items {
                let value = try item.string()
                guard DolbyVisionPolicy.profileClasses.contains(value) else {
                    throw item.error("'\(value)' is not a Dolby Vision profile class; expected one of: \(DolbyVisionPolicy.profileClasses.joined(separator: ", "))")
                }
                result.append(value)
            }
            return result
        }
        if let only = entries.first(where: { $0.key == "acceptOnly" }) {
            if entries.contains(where: { $0.key == "accept" || $0.key == "refuse" }) {
                throw only.value.error("acceptOnly replaces the accepted classes; do not combine it with accept or refuse")
            }
            policy.accepted = Set(try classes(only.value))
        }
        let accepted = try entries.first { $0.key == "accept" }.map { entry throws(ConfigError) in try classes(entry.value) } ?? []
        for (key, value) in entries {
            switch key {
            case "accept":
                policy.accepted.formUnion(accepted)
            case "refuse":
                let refused = try classes(value)
                if let both = refused.first(where: accepted.contains) {
                    throw value.error("'\(both)' is both accepted and refused")
                }
                policy.accepted.subtract(refused)
            case "maxLevel":
                for (profileClass, level) in try value.freeMapping() {
                    guard DolbyVisionPolicy.profileClasses.contains(profileClass) else {
                        throw level.error("'\(profileClass)' is not a Dolby Vision profile class; expected one of: \(DolbyVisionPolicy.profileClasses.joined(separator: ", "))")
                    }
                    policy.maxLevel[profileClass] = try level.int(in: 1...13)
                }
            case "requireValidLevel":
                policy.requireValidLevel = try value.bool()
            default:
                break
            }
        }
    }
}
