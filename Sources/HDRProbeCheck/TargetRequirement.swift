import HDRProbeModel
import HDRProbeConfig

/// A `require:` entry of a check policy: on a playback target, the files it applies to must end
/// in one of the allowed output ranges (and, when given, on the required pipeline), as
/// ``PlaybackSimulator`` decides. Example (`docs/check.md`):
///
/// ```yaml
/// require:
///   - target: atv4k-2022+lg-oled
///     when: hdr                       # hdr (every range type but SDR), all, or range type names
///     output: [DolbyVision, HDR10]    # DolbyVision, HDR10+, HDR10, HLG, SDR
///     pipeline: native                # optional: native or software
/// ```
/// A file that misses it gets `policy.requirementNotMet` with the simulated outcome and reasons.
package struct TargetRequirement: Sendable, Equatable {
    package var target: String
    /// nil: every file with video; otherwise `videoRangeType` names (`hdr` expands to all but SDR).
    package var when: Set<VideoRangeType>?
    package var hdrOnly: Bool
    package var output: Set<OutputRange>
    package var pipeline: PlaybackOutcome.Pipeline?
    /// Line in the policy file (for the errors about unknown targets).
    package var line: Int?

    package static let keys = ["target", "when", "output", "pipeline"]

    /// Whether the requirement applies to a stream of this range type.
    package func applies(to videoRangeType: VideoRangeType?) -> Bool {
        guard let type = videoRangeType else { return false }
        if hdrOnly { return type != .sdr }
        return when.map { $0.contains(type) } ?? true
    }

    /// nil when met; else the sentence of the finding.
    package func violation(_ outcome: PlaybackOutcome) -> String? {
        let rangeOK = outcome.output.map { output.contains($0.range) } ?? false
        let pipelineOK = pipeline.map { $0 == outcome.pipeline } ?? true
        if rangeOK && pipelineOK && outcome.status != .fails { return nil }
        let wanted = output.sorted().reversed().map(\.rawValue).joined(separator: " or ") + (pipeline.map { " via the \($0.rawValue) pipeline" } ?? "")
        let why = outcome.reasons.first.map { " First reason: \($0)" } ?? ""
        return "On \(target) the file plays as '\(outcome.outcome)' (\(outcome.pipeline.rawValue) pipeline); the policy requires \(wanted).\(why)"
    }

    package static func parse(_ node: ConfigNode) throws(ConfigError) -> TargetRequirement {
        var fields: [String: ConfigNode] = [:]
        for (k, v) in try node.mapping(allowed: keys) { fields[k] = v }
        guard let target = fields["target"], let output = fields["output"] else {
            throw node.error("a requirement needs 'target' and 'output'")
        }
        var r = TargetRequirement(target: try target.string(), when: nil, hdrOnly: false, output: [], pipeline: nil, line: node.line)
        func list(_ n: ConfigNode) throws(ConfigError) -> [ConfigNode] {
            if case .sequence = n.node { return try n.sequence() }
            return [n]
        }
        for item in try list(output) {
            let text = try item.string()
            guard let range = OutputRange(rawValue: text) else {
                throw item.error("'\(text)' is not an output range: \(OutputRange.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            r.output.insert(range)
        }
        if let when = fields["when"] {
            let names = try list(when).map { n throws(ConfigError) -> String in try n.string() }
            if names == ["hdr"] { r.hdrOnly = true } else if names != ["all"] {
                for (i, name) in names.enumerated() where VideoRangeType(rawValue: name) == nil {
                    throw (try list(when))[i].error("'\(name)' is not a videoRangeType name (or 'hdr', 'all')")
                }
                r.when = Set(names.compactMap(VideoRangeType.init(rawValue:)))
            }
        }
        if let p = fields["pipeline"] {
            let text = try p.string()
            guard let pipeline = PlaybackOutcome.Pipeline(rawValue: text), pipeline != .refused else {
                throw p.error("pipeline is 'native' or 'software'")
            }
            r.pipeline = pipeline
        }
        return r
    }
}
