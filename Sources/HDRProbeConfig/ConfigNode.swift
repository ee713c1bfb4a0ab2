import Yams

/// A problem in a user configuration file (policy, targets): where it is and what is wrong.
package struct ConfigError: Error, Sendable, Equatable, CustomStringConvertible {
    /// 1-based line of the offending value, when the YAML parser knows it.
    package var line: Int?
    /// Dotted key path of the offending value (`dolbyVision.accept[2]`), empty for the document.
    package var path: String
    package var message: String

    package init(line: Int?, path: String, message: String) {
        self.line = line
        self.path = path
        self.message = message
    }

    package var description: String {
        let at = line.map { "line \($0)" }
        let key = path.isEmpty ? nil : path
        let prefix = [at, key].compactMap { $0 }.joined(separator: ", ")
        return prefix.isEmpty ? message : "\(prefix): \(message)"
    }
}

/// A YAML (or JSON, which is YAML) node with its key path and line, for configuration readers
/// that report every mistake with its location and reject keys they do not know — a typo in a
/// policy must not silently change a verdict.
///
/// Input is bounded: documents over ``maxBytes`` are refused before parsing.
package struct ConfigNode {
    package let node: Node
    package let path: String

    package static let maxBytes = 1 << 20

    /// Deepest nesting of collections accepted. Yams composes nodes recursively, about 1.2 KB of
    /// stack per level in a debug build (an 8 MiB stack overflows near 6,500 levels of `[`), so a
    /// document that could nest deeper than this is refused before Yams sees it.
    package static let maxNesting = 1024

    /// Parses `text`; an empty document is an error.
    package static func parse(_ text: String) throws(ConfigError) -> ConfigNode {
        guard text.utf8.count <= maxBytes else {
            throw ConfigError(line: nil, path: "", message: "the file is larger than \(maxBytes) bytes")
        }
        guard nestingBound(text) <= maxNesting else {
            throw ConfigError(line: nil, path: "", message: "the document may nest more than \(maxNesting) levels deep")
        }
        let node: Node?
        do {
            node = try Yams.compose(yaml: text)
        } catch let error as YamlError {
            throw Self.describe(error)
        } catch {
            throw ConfigError(line: nil, path: "", message: "not valid YAML: \(error)")
        }
        guard let node else { throw ConfigError(line: nil, path: "", message: "the file is empty") }
        return ConfigNode(node: node, path: "")
    }

    /// An upper bound on how deep the collections of `text` nest, from its bytes alone: a flow
    /// collection needs a `[` or `{` (and holds at most one implicit single-pair mapping level), and
    /// a chain of nested block collections moves at least one column right every two levels, each
    /// starting at or left of a `-`, `?` or `:` on its first line.
    package static func nestingBound(_ text: String) -> Int {
        var brackets = 0, column = 0, maxIndicatorColumn = -1
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\n"), UInt8(ascii: "\r"):
                column = 0
                continue
            case UInt8(ascii: "["), UInt8(ascii: "{"):
                brackets += 1
            case UInt8(ascii: "-"), UInt8(ascii: "?"), UInt8(ascii: ":"):
                maxIndicatorColumn = max(maxIndicatorColumn, column)
            default:
                break
            }
            column += 1
        }
        return 2 * brackets + 2 * (maxIndicatorColumn + 1) + 2
    }

    package var line: Int? { node.mark?.line }

    package func error(_ message: String) -> ConfigError {
        ConfigError(line: line, path: path, message: message)
    }

    /// The mapping's entries in file order; throws for keys outside `allowed`.
    package func mapping(allowed: [String]) throws(ConfigError) -> [(key: String, value: ConfigNode)] {
        guard case let .mapping(mapping) = node else { throw error("expected a mapping of keys to values") }
        var seen = Set<String>()
        var result: [(key: String, value: ConfigNode)] = []
        for (k, v) in mapping {
            guard let key = k.string else { throw ConfigNode(node: k, path: path).error("keys must be strings") }
            let child = ConfigNode(node: v, path: path.isEmpty ? key : "\(path).\(key)")
            guard allowed.contains(key) else {
                throw ConfigNode(node: k, path: child.path)
                    .error("unknown key '\(key)'; expected one of: \(allowed.joined(separator: ", "))")
            }
            guard seen.insert(key).inserted else { throw ConfigNode(node: k, path: child.path).error("duplicate key '\(key)'") }
            result.append((key, child))
        }
        return result
    }

    /// A mapping whose keys are free (e.g. profile → level); values come back with their paths.
    package func freeMapping() throws(ConfigError) -> [(key: String, value: ConfigNode)] {
        guard case let .mapping(mapping) = node else { throw error("expected a mapping") }
        var result: [(key: String, value: ConfigNode)] = []
        for (k, v) in mapping {
            guard let key = k.string else { throw ConfigNode(node: k, path: path).error("keys must be strings") }
            result.append((key, ConfigNode(node: v, path: "\(path).\(key)")))
        }
        return result
    }

    package func sequence() throws(ConfigError) -> [ConfigNode] {
        guard case let .sequence(items) = node else { throw error("expected a list") }
        return items.enumerated().map { ConfigNode(node: $0.element, path: "\(path)[\($0.offset)]") }
    }

    /// A scalar as text (numbers included: `8.1` and `"8.1"` read the same).
    package func string() throws(ConfigError) -> String {
        guard case let .scalar(scalar) = node else { throw error("expected a single value") }
        return scalar.string
    }

    package func int(in range: ClosedRange<Int>) throws(ConfigError) -> Int {
        let text = try string()
        guard let value = Int(text), range.contains(value) else {
            throw error("expected a whole number from \(range.lowerBound) to \(range.upperBound), found '\(text)'")
        }
        return value
    }

    package func bool() throws(ConfigError) -> Bool {
        switch try string().lowercased() {
        case "true", "yes", "on": return true
        case "false", "no", "off": return false
        case let other: throw error("expected true or false, found '\(other)'")
        }
    }

    private static func describe(_ error: YamlError) -> ConfigError {
        switch error {
        case let .scanner(_, problem, mark, _), let .parser(_, problem, mark, _), let .composer(_, problem, mark, _):
            return ConfigError(line: mark.line, path: "", message: "not valid YAML: \(problem)")
        default:
            return ConfigError(line: nil, path: "", message: "not valid YAML: \(error)")
        }
    }
}
