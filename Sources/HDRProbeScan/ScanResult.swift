import HDRProbeSimulate

/// One file's result as the scan hands it out: the report as a JSON line, its digest, and
/// whether it came from the cache.
package struct ScanResult: Sendable {
    package var entry: WalkEntry
    package var jsonLine: String
    package var digest: ReportDigest
    package var fromCache: Bool
}
