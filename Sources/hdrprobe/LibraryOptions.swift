import ArgumentParser
import Foundation
import HDRProbe
import HDRProbeScan

/// Options of the commands that walk whole libraries (`scan`, `check`): workers, cache, shard,
/// which files to take and how to treat links.
struct LibraryOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Files analysed in parallel (default: the machine's cores).", valueName: "N"))
    var jobs: Int?

    @Option(help: ArgumentHelp("The incremental cache (SQLite). Default: $XDG_CACHE_HOME/hdrprobe/scan-cache.sqlite or ~/.cache/hdrprobe/scan-cache.sqlite.",
                               valueName: "FILE"))
    var cache: String?

    @Flag(help: "Do not read or write the cache.")
    var noCache = false

    @Option(help: ArgumentHelp("Take only shard I of N (1-based), split by a stable hash of each file's path relative to its root.",
                               valueName: "I/N"))
    var shard: ShardSpec?

    @Flag(help: "Also look inside files without a media extension and keep those that start like a media container.")
    var allFiles = false

    @Flag(help: "Include hidden files and folders (names starting with '.').")
    var hidden = false

    @Option(help: ArgumentHelp("Symbolic links: follow (loop-safe), inside (only when the target is inside the scan root), never.",
                               valueName: "follow|inside|never"))
    var symlinks: WalkOptions.SymlinkPolicy = .follow

    @Flag(help: "No progress on standard error.")
    var quiet = false

    func validate() throws {
        if let jobs, jobs < 1 { throw ValidationError("--jobs must be at least 1") }
        if cache != nil && noCache { throw ValidationError("--cache and --no-cache are exclusive") }
    }

    /// The scan these options and the analysis options describe; a policy that cannot be
    /// loaded is a usage error (exit status 2).
    func configuration(paths: [String], analysis: AnalysisOptions) throws -> ScanConfiguration {
        let options = try analysis.mediaProbeOptions()
        do throws(ScanSetupError) {
            // Each root by the exact bytes of its argument (a name that is not UTF-8 still names it).
            return try ScanConfiguration.setUp(roots: InputFile.commandLine(paths), jobs: jobs, options: options,
                                               policy: analysis.policy, walk: WalkOptions(includeHidden: hidden, allFiles: allFiles, symlinks: symlinks),
                                               shard: shard, cache: cache, noCache: noCache)
        } catch {
            throw ValidationError(error.description)
        }
    }
}

extension ShardSpec: ExpressibleByArgument {}
extension WalkOptions.SymlinkPolicy: ExpressibleByArgument {}
