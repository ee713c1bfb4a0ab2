import HDRProbeEngine

extension ManifestCheck {
    /// How a manifest check reads `http(s)` manifests and segments (docs/rules/hls-presentation.md,
    /// "Network reads"): the parallel fetches and the run's budgets. Every fetch asks only for the
    /// bytes the checks need (`Range`), follows at most five redirects and only to http(s), and
    /// ends at ``requestTimeout``; a budget spent is an error naming the URL, never a hang. Local
    /// files are not affected.
    public struct Network: Sendable, Equatable {
        /// Segment fetches in flight at once (and connections per host); 1 reads one at a time.
        public var parallelFetches: Int
        /// HTTP requests one check may make, redirect hops included.
        public var maxRequests: Int
        /// Response body bytes one check may receive.
        public var maxBytes: Int
        /// Seconds one request may take, first byte to last (the probe's time limit may end it sooner).
        public var requestTimeout: Double

        /// The limits of `hdrprobe hls --check` and `dash --check` unless told otherwise: 8 fetches
        /// at once, 250,000 requests, 8 GiB, 30 seconds a request.
        public init(parallelFetches: Int = 8, maxRequests: Int = 250_000, maxBytes: Int = 8 << 30, requestTimeout: Double = 30) {
            self.parallelFetches = parallelFetches
            self.maxRequests = maxRequests
            self.maxBytes = maxBytes
            self.requestTimeout = requestTimeout
        }

        /// The engine's form of these limits.
        var configuration: HTTPResourceClient.Configuration {
            HTTPResourceClient.Configuration(concurrency: parallelFetches, maxRequests: maxRequests, maxBytes: maxBytes,
                                             requestTimeout: requestTimeout)
        }
    }
}
