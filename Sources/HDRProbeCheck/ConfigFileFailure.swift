import HDRProbeModel
import HDRProbeConfig
import HDRProbeClassify

/// Why a configuration file could not be loaded (`--policy FILE`, `--targets FILE`, the built-in
/// device catalogue), as a typed value: the engine's loaders report what they found on disk and
/// ``description`` writes the sentence the CLI prints after `--policy ` / `--targets `.
package enum ConfigFileFailure: Error, Sendable, Equatable, CustomStringConvertible {
    /// `--policy`: neither a built-in policy name nor an existing file.
    case policyNotFound(path: String)
    /// `--policy`: the path is a directory.
    case policyIsDirectory(path: String)
    /// `--policy`: the file exists but cannot be opened.
    case policyUnreadable(path: String)
    /// `--policy`: over ``ConfigNode/maxBytes``.
    case policyTooLarge(path: String)
    /// `--policy`: not UTF-8 text.
    case policyNotUTF8(path: String)
    /// The built-in `devices.yaml` was found in none of these places (the first two are named).
    case builtInCatalogueMissing(lookedIn: [String])
    /// `--targets`: no such file.
    case catalogueNotFound(path: String)
    /// `--targets`: over ``ConfigNode/maxBytes``.
    case catalogueTooLarge(path: String)
    /// `--targets`: exists but cannot be read as UTF-8 text.
    case catalogueNotUTF8(path: String)
    /// The file (or the built-in `devices.yaml`) parsed with a configuration error.
    case invalid(path: String, ConfigError)

    package var description: String {
        switch self {
        case .policyNotFound(let path):
            let names = DolbyVisionPolicy.builtIn.map(\.name).joined(separator: ", ")
            return "\(path): no such policy — give a built-in policy (\(names)) or a YAML file"
        case .policyIsDirectory(let path): return "\(path): is a directory, not a policy file"
        case .policyUnreadable(let path): return "\(path): cannot be read (permission denied?)"
        case .policyTooLarge(let path): return "\(path): larger than \(ConfigNode.maxBytes) bytes; not a policy file"
        case .policyNotUTF8(let path): return "\(path): not UTF-8 text"
        case .builtInCatalogueMissing(let places):
            return "the built-in device catalogue is missing (looked in \(places.prefix(2).joined(separator: ", ")))"
        case .catalogueNotFound(let path): return "\(path): no such file"
        case .catalogueTooLarge(let path): return "\(path): larger than \(ConfigNode.maxBytes) bytes"
        case .catalogueNotUTF8(let path): return "\(path): cannot be read as UTF-8 text"
        case .invalid(let path, let error): return "\(path): \(error)"
        }
    }
}
