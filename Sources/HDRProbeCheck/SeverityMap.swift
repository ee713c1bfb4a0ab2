import HDRProbeModel
import HDRProbeConfig

/// A policy's `severity` map: finding, error, check and diff codes — or a family such as `hls.*` —
/// to `error`, `warning`, `info` or `off`. An exact code wins over a family, a longer family over a
/// shorter one; a later map (a per-path override) wins over an earlier one. The policy's keys are
/// read into typed codes here, at the boundary: a key that names no code is an error.
package struct SeverityMap: Sendable, Equatable {
    /// What a code becomes: a severity, or `off` (dropped from the check).
    package enum Choice: Sendable, Equatable {
        case level(Finding.Severity)
        case off

        /// nil for `off`.
        package var severity: Finding.Severity? {
            if case .level(let s) = self { return s }
            return nil
        }
    }

    package private(set) var exact: [FindingCode: Choice] = [:]
    /// Family prefixes (`hls`, `hls.bandwidth`), each matching at least one known code.
    package private(set) var families: [String: Choice] = [:]

    package init() {}

    package var isEmpty: Bool { exact.isEmpty && families.isEmpty }

    /// nil when the map does not mention the code.
    package func choice(for code: FindingCode) -> Choice? {
        if let e = exact[code] { return e }
        var best: (prefix: String, value: Choice)?
        for (prefix, value) in families where code.rawValue.hasPrefix(prefix + ".") {
            if best == nil || prefix.count > best!.prefix.count { best = (prefix, value) }
        }
        return best?.value
    }

    package mutating func merge(_ other: SeverityMap) {
        exact.merge(other.exact) { $1 }
        families.merge(other.families) { $1 }
    }

    package static func parse(_ node: ConfigNode) throws(ConfigError) -> SeverityMap {
        var map = SeverityMap()
        for (key, value) in try node.freeMapping() {
            let level: Choice
            switch try value.string().lowercased() {
            case "off", "ignore": level = .off
            case let text:
                guard let severity = Finding.Severity(rawValue: text) else {
                    throw value.error("expected error, warning, info or off, found '\(text)'")
                }
                level = .level(severity)
            }
            if key.hasSuffix(".*") {
                let family = String(key.dropLast(2))
                guard !family.isEmpty, FindingCode.policyCodes.contains(where: { $0.rawValue.hasPrefix(family + ".") }) else {
                    throw value.error("'\(key)' matches no code hdrprobe knows (docs/findings.md)")
                }
                map.families[family] = level
            } else {
                guard let code = FindingCode(rawValue: key), FindingCode.policyCodes.contains(code) else {
                    throw value.error("unknown code '\(key)'; the codes are listed in docs/findings.md (a family: 'hls.*')")
                }
                map.exact[code] = level
            }
        }
        return map
    }
}
