import ArgumentParser
import HDRProbe

/// How `hls --check` and `dash --check` read http(s) manifests and segments (defined once, used by both).
struct NetworkOptions: ParsableArguments {
    @Option(help: ArgumentHelp("With --check of an http(s) manifest: segment fetches in flight at once (1 reads one at a time).",
                               valueName: "N"))
    var fetches = ManifestCheck.Network().parallelFetches

    @Option(help: ArgumentHelp("With --check of an http(s) manifest: the most HTTP requests the check may make (redirects count).",
                               valueName: "N"))
    var maxRequests = ManifestCheck.Network().maxRequests

    func validate() throws {
        // More than a few dozen connections to one host is a load test, not a check.
        guard (1...64).contains(fetches) else { throw ValidationError("--fetches takes 1 to 64") }
        guard maxRequests >= 1 else { throw ValidationError("--max-requests takes a positive number") }
    }

    var network: ManifestCheck.Network {
        var network = ManifestCheck.Network()
        network.parallelFetches = fetches
        network.maxRequests = maxRequests
        return network
    }
}
