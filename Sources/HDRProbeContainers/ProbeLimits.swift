/// The default budgets of one probe, defined once: the engine's ``ProbeOptions``, the library's
/// `MediaProbe.Options` and the command line's `--frames` / `--timeout` all start from these.
/// `@usableFromInline` because the library's public initialiser names them as its defaults.
@usableFromInline package enum ProbeLimits {
    /// Video access units scanned per stream (`--frames`).
    @usableFromInline package static let frames = 32
    /// Video packet bytes scanned per stream before the scan stops.
    @usableFromInline package static let maxScanBytes = 8 << 20
    /// Per-file time limit in seconds (`--timeout`).
    @usableFromInline package static let timeout: Double = 30
    /// Bytes libavformat may read to identify streams in header-less formats (TS, raw).
    package static let probeBytes = 2 << 20
    /// Bytes libavformat may read once the container's headers are read.
    package static let maxReadBytes = 16 << 20
    /// Bytes fetched from the start of an http(s) URL.
    @usableFromInline package static let remoteBytes = 16 << 20
}
