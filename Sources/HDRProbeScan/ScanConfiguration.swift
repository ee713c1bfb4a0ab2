import Foundation
import HDRProbeCheck
import HDRProbeContainers
import HDRProbeEngine

/// Everything a library scan needs: where to look, what to take, how many workers, the cache,
/// and the options and policy the files are probed with.
package struct ScanConfiguration: Sendable {
    /// Folders and files to scan, by their exact bytes (command-line arguments that are not UTF-8).
    package var roots: [ProbePath]
    package var walk = WalkOptions()
    package var shard: ShardSpec?
    /// Worker threads (each with its worker process in ``Isolation/workerProcesses``).
    package var jobs: Int
    /// Emit results in walk order (the byte order of the paths) instead of as they finish.
    package var sorted = false
    /// The cache file; nil scans without a cache.
    package var cachePath: String?
    /// Probe options; each file's Dolby Vision policy comes from ``policy`` (its per-path overrides).
    package var options: ProbeOptions
    /// The policy document: its Dolby Vision policy, overrides and `include`/`exclude`.
    package var policy: PolicyDocument
    package var isolation: Isolation = .inProcess
    /// Results dispatched but not yet written out, at most (bounds memory, also with `sorted`).
    package var window: Int?

    package enum Isolation: Sendable, Equatable {
        case inProcess
        /// A `hdrprobe worker` process per worker thread; `grace` seconds over the time limit
        /// before a silent worker is killed.
        case workerProcesses(executable: String, grace: Double)
    }

    package init(roots: [ProbePath], jobs: Int, options: ProbeOptions, policy: PolicyDocument) {
        self.roots = roots
        self.jobs = max(1, jobs)
        self.options = options
        self.policy = policy
    }

    /// Roots given as text (UTF-8 names).
    package init(roots: [String], jobs: Int, options: ProbeOptions, policy: PolicyDocument) {
        self.init(roots: roots.map { ProbePath($0) }, jobs: jobs, options: options, policy: policy)
    }

    var effectiveWindow: Int { max(2, window ?? (jobs * 32 + 64)) }

    /// The request for one file: the base options with the Dolby Vision policy in force for it.
    func request(for entry: WalkEntry) -> ProbeRequest {
        var options = self.options
        options.policy = policy.check.effective(for: entry.relativePath, dolbyVision: policy.dolbyVision).dolbyVision
        var request = ProbeRequest(path: entry.path, options: options)
        request.pathBytes = entry.pathBytes.map { Data($0).base64EncodedString() }
        return request
    }

    /// Why a found file is not scanned in this run, or nil.
    func exclusion(of entry: WalkEntry) -> String? {
        if let shard, !shard.contains(entry.relativePath) { return "otherShards" }
        if !policy.check.includes(entry.relativePath) { return "excludedByPolicy" }
        return nil
    }
}
