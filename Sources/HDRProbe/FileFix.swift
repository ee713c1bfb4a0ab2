import HDRProbeModel
import HDRProbeFix
import HDRProbeReport
import HDRProbeContainers
import HDRProbeEngine

/// `hdrprobe fix IN OUT` as a library call (docs/fix.md): the sample-entry plan applied to an ISO BMFF
/// file — its `moov` (or init segment) rewritten, the media untouched, OUT written atomically — or,
/// for what a `moov` rewrite cannot do, the commands that would.
public struct FileFix: Sendable {
    let report: FixReport

    /// What became of the file.
    public enum Status: String, Sendable {
        /// OUT was written with the edits.
        case fixed
        /// Nothing to change: OUT was written as a byte-identical copy.
        case unchanged
        /// A dry run: what would change; nothing written.
        case planned
        /// A step needs more than a `moov` rewrite; nothing written.
        case refused
        /// The file or OUT cannot be used; nothing written.
        case error
    }

    /// What became of the file.
    public var status: Status { Status(rawValue: report.status.rawValue)! }
    /// Whether nothing could be done (``Status/refused`` or ``Status/error``).
    public var failed: Bool { report.status == .error || report.status == .refused }
    /// The fix for people: each change, or why none was made, and the commands for the rest.
    public var text: String { report.text }
    /// The fix as JSON (docs/fix.md).
    public func json() throws -> String { try ReportEncoder.json(report) }

    /// Fixes `input` into `output` (`dryRun`: plans only, writes nothing) with the policy of
    /// `options`, or with Apple's HLS policy for `target` (an Apple device's target id) when
    /// given. Throws ``HDRProbeError/targetSelection(_:)`` for a target that is not an Apple device's:
    /// the plan is Apple's sample-entry plan and says nothing of what other players want.
    public static func fix(input: InputFile, output: InputFile, dryRun: Bool = false, target: String? = nil,
                           in targets: PlaybackTargets? = nil, options: MediaProbe.Options = MediaProbe.Options()) throws(HDRProbeError) -> FileFix {
        var options = options
        var targetID: String?
        if let target {
            let catalogue: PlaybackTargets
            if let targets { catalogue = targets } else { catalogue = try PlaybackTargets.builtIn() }
            let resolved = try catalogue.select(targets: [target], allWhenNoneNamed: false).targets.first
            if let resolved, let device = catalogue.catalog.device(resolved.device), device.platform != .apple {
                throw .targetSelection("--target \(resolved.id): fix applies Apple's sample-entry plan; \(device.name) is not an Apple device")
            }
            targetID = resolved?.id
            options.policy = .appleHLS
        }
        guard case .path(let from) = input.source, case .path(let to) = output.source else {
            throw .invalidOption("fix reads and writes files, not standard input")
        }
        let fixer = ISOBMFFFixer(options: try options.engineOptions(), policyName: options.policy.argument, target: targetID)
        return FileFix(report: fixer.fix(input: from, output: to, dryRun: dryRun))
    }
}
