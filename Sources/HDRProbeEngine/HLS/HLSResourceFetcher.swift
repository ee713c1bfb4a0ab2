import HDRProbeModel
import HDRProbeManifests
import HDRProbeReport
import HDRProbeContainers

/// Reads an HLS resource (playlist, init section, segment) into memory, bounded in bytes and
/// time: local files through ``MediaFile`` (read-only, regular files only), `http(s)` URLs
/// through ``HTTPResourceClient`` (URLSession: no FFmpeg needed; a redirect never leaves
/// http(s)). A byte range (`EXT-X-BYTERANGE`, `EXT-X-MAP BYTERANGE`) is honoured with a seek
/// (an HTTP Range request for URLs).
enum HLSResourceFetcher {
    struct Fetched {
        var bytes: [UInt8]
        /// The resource's (or the range's) full size, when known.
        var totalSize: Int?
        /// Fewer bytes than the resource holds were read (the cap was reached).
        var truncated: Bool
    }

    /// `client` reads `http(s)` locations: the run's own (its connections and budgets), else the shared one.
    static func fetch(_ location: HLSResourceLocation, range: HLSByteRange? = nil, maxBytes: Int,
                      deadline: UInt64, client: HTTPResourceClient = .shared) -> Result<Fetched, ReportError> {
        switch location {
        case let .file(path): return fetchFile(path, range: range, maxBytes: maxBytes, deadline: deadline)
        case let .remote(url): return client.fetch(url, range: range, maxBytes: maxBytes, deadline: deadline)
        }
    }

    private static func fetchFile(_ path: String, range: HLSByteRange?, maxBytes: Int,
                                  deadline: UInt64) -> Result<Fetched, ReportError> {
        let file: MediaFile
        do throws(MediaFile.OpenError) {
            file = try MediaFile(path: path, deadline: deadline)
        } catch {
            switch error { case let .failed(reason): return .failure(reason) }
        }
        let offset = range?.offset ?? 0
        let available = max(0, file.size - offset)
        let wanted = min(range?.length ?? available, available)
        if range != nil, offset + (range?.length ?? 0) > file.size {
            return .failure(ResourceFetchFailure.rangePastEnd(path: path, size: file.size, range: "\(range!)").error)
        }
        let count = min(wanted, maxBytes)
        let bytes = file.read(at: offset, count: count)
        if bytes.count < count {
            return .failure(ResourceFetchFailure.shortRead(path: path, got: bytes.count, wanted: count, timedOut: file.timedOut).error)
        }
        return .success(Fetched(bytes: bytes, totalSize: wanted, truncated: count < wanted))
    }

}
