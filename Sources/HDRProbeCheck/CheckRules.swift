import HDRProbeModel
import HDRProbeConfig
import HDRProbeClassify

/// The `hdrprobe check` part of a policy document (`docs/check.md`): severity overrides, allowed
/// and forbidden formats, which files to look at, and per-path overrides. It lives in the same
/// YAML file as the Dolby Vision policy (``PolicyDocument``), so `--policy` means one thing for
/// every command: `probe` and `scan` use its Dolby Vision part (and `scan` its file selection),
/// `check` all of it. Keys outside the schema are errors with their line.
///
/// ```yaml
/// severity: {dv.refused: error, "frameRate.*": off}
/// formats: {forbid: [DOVIWithEL, DOVIInvalid]}
/// include: ["*.mkv", "*.mp4"]
/// exclude: ["samples/**"]
/// overrides:
///   - paths: ["extras/**"]
///     severity: {dv.refused: warning}
///     formats: {allow: [SDR, HDR10]}
///     dolbyVision: {accept: ["8.2"]}
/// ```
package struct CheckRules: Sendable, Equatable {
    package var severity = SeverityMap()
    package var formats = FormatRule()
    package var include: [GlobPattern] = []
    package var exclude: [GlobPattern] = []
    package var overrides: [PathOverride] = []
    /// Required outcomes on playback targets (``TargetRequirement``).
    package var require: [TargetRequirement] = []

    /// Top-level policy keys this part reads (next to ``PolicyDocument``'s own).
    package static let keys = ["severity", "formats", "include", "exclude", "overrides", "require"]
    package static let overrideKeys = ["paths", "severity", "formats", "dolbyVision"]

    package init() {}

    /// Codes the built-in default check makes errors whatever their report severity: a refused
    /// Dolby Vision verdict and RPUs without a configuration record (error codes of unreadable or
    /// unrecognised files are errors too). Every other report finding is at most a warning.
    package static let defaultErrors = FindingCode.defaultCheckErrors

    /// One `overrides[]` entry: rules for the files its globs match, applied over the top-level
    /// ones in file order. `dolbyVision` edits the document's Dolby Vision policy for those files.
    package struct PathOverride: Sendable, Equatable {
        package var paths: [GlobPattern]
        package var severity: SeverityMap
        package var formats: FormatRule?
        package var dolbyVision: DolbyVisionPolicy?

        package func matches(_ relativePath: String) -> Bool { paths.contains { $0.matches(relativePath) } }
    }

    /// The rules in force for one file.
    package struct Effective: Sendable, Equatable {
        package var severity: SeverityMap
        package var formats: FormatRule
        package var dolbyVision: DolbyVisionPolicy
    }

    /// Whether a file (path relative to its scan root) is checked at all.
    package func includes(_ relativePath: String) -> Bool {
        if !include.isEmpty && !include.contains(where: { $0.matches(relativePath) }) { return false }
        return !exclude.contains { $0.matches(relativePath) }
    }

    package func effective(for relativePath: String, dolbyVision base: DolbyVisionPolicy) -> Effective {
        var result = Effective(severity: severity, formats: formats, dolbyVision: base)
        for o in overrides where o.matches(relativePath) {
            result.severity.merge(o.severity)
            if let f = o.formats { result.formats = f }
            if let dv = o.dolbyVision { result.dolbyVision = dv }
        }
        return result
    }

    /// Reads the check keys of a policy document's top-level mapping.
    package static func parse(_ entries: [(key: String, value: ConfigNode)], dolbyVision base: DolbyVisionPolicy) throws(ConfigError) -> CheckRules {
        var rules = CheckRules()
        for (key, value) in entries {
            switch key {
            case "severity": rules.severity = try SeverityMap.parse(value)
            case "formats": rules.formats = try FormatRule.parse(value)
            case "include": rules.include = try globs(value)
            case "exclude": rules.exclude = try globs(value)
            case "require":
                for item in try value.sequence() { rules.require.append(try TargetRequirement.parse(item)) }
            case "overrides":
                for (i, item) in try value.sequence().enumerated() {
                    rules.overrides.append(try override(item, index: i, base: base))
                }
            default: break
            }
        }
        return rules
    }

    private static func override(_ node: ConfigNode, index: Int, base: DolbyVisionPolicy) throws(ConfigError) -> PathOverride {
        let entries = try node.mapping(allowed: overrideKeys)
        guard let paths = entries.first(where: { $0.key == "paths" }) else {
            throw node.error("an override needs 'paths', the globs of the files it applies to")
        }
        var result = PathOverride(paths: try globs(paths.value), severity: SeverityMap(), formats: nil, dolbyVision: nil)
        for (key, value) in entries {
            switch key {
            case "severity": result.severity = try SeverityMap.parse(value)
            case "formats": result.formats = try FormatRule.parse(value)
            case "dolbyVision":
                var policy = base
                policy.name = "\(base.name), overrides[\(index)]"
                try PolicyDocument.apply(value, to: &policy)
                result.dolbyVision = policy
            default: break
            }
        }
        return result
    }

    private static func globs(_ node: ConfigNode) throws(ConfigError) -> [GlobPattern] {
        let items: [ConfigNode]
        if case .sequence = node.node { items = try node.sequence() } else { items = [node] }
        var result: [GlobPattern] = []
        for item in items {
            let text = try item.string()
            do throws(GlobPattern.SyntaxError) {
                result.append(try GlobPattern(text))
            } catch {
                throw item.error("bad glob '\(text)': \(error)")
            }
        }
        return result
    }
}
