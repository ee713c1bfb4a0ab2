/// Why a call of the library could not run. A file that cannot be analysed is not one of these:
/// it gives a ``MediaReport`` with a ``MediaReport/failure``.
public enum HDRProbeError: Error, Sendable, Equatable, CustomStringConvertible {
    /// An option is out of range; the text says which.
    case invalidOption(String)
    /// The Dolby Vision policy file cannot be read or is not valid (docs/policy.md).
    case policy(String)
    /// ``MediaProbe/probe(url:)`` reads `file:`, `http:` and `https:` URLs only.
    case unsupportedURL(String)
    /// No playback target has this id (``PlaybackTargets/ids`` lists them).
    case unknownTarget(String)
    /// The device-catalogue file cannot be read or is not valid (docs/devices.md).
    case catalogue(String)
    /// The report is of a file that could not be analysed: there is nothing to simulate.
    case notAnalysed(String)
    /// Targets or players that cannot be chosen (``PlaybackTargets/select(targets:players:allWhenNoneNamed:)``):
    /// an unknown name, a player that does not run on the target's device, no target named; the text says which.
    case targetSelection(String)

    /// The reason, in one line.
    public var description: String {
        switch self {
        case .invalidOption(let text): return "invalid option: \(text)"
        case .policy(let text): return "policy: \(text)"
        case .unsupportedURL(let url): return "unsupported URL (file, http and https only): \(url)"
        case .unknownTarget(let id): return "unknown playback target '\(id)'"
        case .catalogue(let text): return "device catalogue: \(text)"
        case .notAnalysed(let path): return "\(path) was not analysed: no playback to simulate"
        case .targetSelection(let text): return text
        }
    }
}
