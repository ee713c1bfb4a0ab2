import HDRProbeCore

/// One file's result as the scan hands it out: the report as a JSON line, its digest, and
/// whether it came from the cache.
public struct ScanResult: Sendable {
    public var entry: WalkEntry
    public var jsonLine: String
    public var digest: ReportDigest
    public var fromCache: Bool
}
