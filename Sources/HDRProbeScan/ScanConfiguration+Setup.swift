import Foundation
import HDRProbe
import HDRProbeCheck
import HDRProbeContainers
import HDRProbeEngine

/// Why a scan cannot be set up as asked: the text of the usage error, naming the option.
package struct ScanSetupError: Error, Sendable, CustomStringConvertible {
    package var description: String

    /// The check policy `argument` names (`default`, `apple-hls` or a YAML file).
    package static func policy(_ argument: String) throws(ScanSetupError) -> PolicyDocument {
        do { return try PolicyLoader.load(argument) } catch { throw ScanSetupError(description: "--policy \(error)") }
    }
}

extension ScanConfiguration {
    /// The scan of `roots` (each by its exact bytes) as the library commands' options describe
    /// it: `jobs` workers (the machine's cores when nil), the probe `options`, the check policy
    /// `--policy` names, the walk, the shard, and the cache (`cache`, else the default file; none
    /// with `noCache`). Each file is probed in a worker process of this executable when it can
    /// be found, so that a crash or hang costs one report.
    package static func setUp(roots: [InputFile], jobs: Int?, options: MediaProbe.Options, policy: String,
                              walk: WalkOptions, shard: ShardSpec?, cache: String?, noCache: Bool) throws(ScanSetupError) -> ScanConfiguration {
        // The policy file is read once: the check policy, whose Dolby Vision part the probes use.
        let document = try ScanSetupError.policy(policy)
        let engine: ProbeOptions
        do throws(HDRProbeError) { engine = try options.engineOptions(with: document) } catch {
            throw ScanSetupError(description: error.description)
        }
        var config = ScanConfiguration(roots: roots.map(\.probePath), jobs: jobs ?? ProcessInfo.processInfo.activeProcessorCount,
                                       options: engine, policy: document)
        config.walk = walk
        config.shard = shard
        config.cachePath = noCache ? nil : (cache ?? ScanCache.defaultPath())
        if let executable = WorkerProcessExecutor.currentExecutable() {
            config.isolation = .workerProcesses(executable: executable, grace: WorkerProcessExecutor.grace(forTimeout: options.timeLimit))
        }
        return config
    }
}
