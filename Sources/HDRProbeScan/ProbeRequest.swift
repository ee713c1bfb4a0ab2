import HDRProbeModel
import HDRProbeClassify
import HDRProbeSimulate
import HDRProbeContainers
import HDRProbeEngine

/// One file to probe with its options, as a worker process receives it (one JSON line on its
/// standard input; `hdrprobe worker`). Carries the whole Dolby Vision policy, because per-path
/// overrides give files of one scan different policies.
package struct ProbeRequest: Codable, Sendable, Equatable {
    package var path: String
    /// The exact bytes of a path that is not UTF-8, in Base64 (nil otherwise): what is opened.
    package var pathBytes: String?
    package var frames: Int?
    package var maxScanBytes: Int
    package var timeout: Double
    package var probeBytes: Int
    package var policy: Policy

    package struct Policy: Codable, Sendable, Equatable {
        package var name: String
        package var accepted: [String]
        package var maxLevel: [String: Int]
        package var requireValidLevel: Bool
    }

    package init(path: String, options: ProbeOptions) {
        self.path = path
        frames = options.frames
        maxScanBytes = options.maxScanBytes
        timeout = options.timeout
        probeBytes = options.probeBytes
        policy = Policy(name: options.policy.name, accepted: options.policy.accepted.sorted(),
                        maxLevel: options.policy.maxLevel, requireValidLevel: options.policy.requireValidLevel)
    }

    /// Probes the file as a scan does: the report with the first video stream's brightness
    /// series (`brightness`, what `matrix --from` plots), and its digest.
    package func probe() -> (report: ProbeReport, digest: ReportDigest) {
        var (report, frames) = ProbeEngine(options: options).probeWithFrames(path: probePath)
        report.brightness = ReportDigest.brightness(of: report, frames: frames)
        return (report, ReportDigest(report))
    }

    /// The file to open: its exact bytes.
    package var probePath: ProbePath { ProbePath(path: path, base64Bytes: pathBytes) }

    package var options: ProbeOptions {
        ProbeOptions(frames: frames, maxScanBytes: maxScanBytes, timeout: timeout,
                     policy: DolbyVisionPolicy(name: policy.name, accepted: Set(policy.accepted), maxLevel: policy.maxLevel,
                                               requireValidLevel: policy.requireValidLevel),
                     probeBytes: probeBytes)
    }

    /// The part of the options that changes a report — the incremental cache's key next to the
    /// path, size and modification time: hdrprobe and libavformat versions, the frame and byte
    /// budgets and the Dolby Vision policy. The time limit is not in it: results cut short by it
    /// are never cached.
    package var cacheKey: String {
        let levels = policy.maxLevel.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: ",")
        let tool = ProbeEngine.tool
        // `lines 3`: report lines carry `brightness` and `tool.libavformatUsed` (entries stored
        // without them are not served).
        return "hdrprobe \(tool.version); lines 3; lavf \(tool.libavformat); schema \(ProbeReport.currentSchemaVersion); "
            + "frames \(frames.map(String.init) ?? "all"); scanBytes \(maxScanBytes); probeBytes \(probeBytes); "
            + "policy \(policy.name): accept \(policy.accepted.joined(separator: ",")); maxLevel \(levels); validLevel \(policy.requireValidLevel)"
    }
}
