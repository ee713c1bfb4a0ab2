import HDRProbeModel
import HDRProbeManifests
import HDRProbeReport
import HDRProbeContainers
#if FFmpeg
import CFFmpeg
import HDRProbeFFmpeg
#endif

/// Reads an HLS resource (playlist, init section, segment) into memory, bounded in bytes and
/// time: local files through ``MediaFile`` (read-only, regular files only), `http(s)` URLs
/// through libavformat's own protocols with a whitelist of `http,https,tcp,tls` (nothing else a
/// playlist could name), a read/write timeout and the caller's deadline as interrupt callback.
/// A byte range (`EXT-X-BYTERANGE`, `EXT-X-MAP BYTERANGE`) is honoured with a seek (an HTTP
/// Range request for URLs).
enum HLSResourceFetcher {
    struct Fetched {
        var bytes: [UInt8]
        /// The resource's (or the range's) full size, when known.
        var totalSize: Int?
        /// Fewer bytes than the resource holds were read (the cap was reached).
        var truncated: Bool
    }

    #if FFmpeg
    static let networkSetup: Void = { _ = hdrprobe_avformat_network_init() }()
    #endif

    static func fetch(_ location: HLSResourceLocation, range: HLSByteRange? = nil, maxBytes: Int,
                      deadline: UInt64) -> Result<Fetched, ReportError> {
        switch location {
        case let .file(path): return fetchFile(path, range: range, maxBytes: maxBytes, deadline: deadline)
        case let .remote(url): return fetchURL(url, range: range, maxBytes: maxBytes, deadline: deadline)
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

    #if FFmpeg
    /// Holds the deadline for libavformat's interrupt callback.
    private final class Deadline {
        let nanoseconds: UInt64
        init(_ nanoseconds: UInt64) { self.nanoseconds = nanoseconds }
    }

    private static func fetchURL(_ url: String, range: HLSByteRange?, maxBytes: Int,
                                 deadline: UInt64) -> Result<Fetched, ReportError> {
        if let reason = FFmpegLibrary.loadFailure { return .failure(FFmpegLibrary.unavailable(reason).error) }
        _ = networkSetup
        _ = FFmpegLog.drain()
        let box = Deadline(deadline)
        let opaque = Unmanaged.passUnretained(box).toOpaque()
        var callback = AVIOInterruptCB(callback: { opaque in
            guard let opaque else { return 0 }
            let d = Unmanaged<Deadline>.fromOpaque(opaque).takeUnretainedValue()
            return Clock.nowNanoseconds() > d.nanoseconds || ProbeCancellation.isRequested ? 1 : 0
        }, opaque: opaque)
        var options: OpaquePointer?
        hdrprobe_av_dict_set(&options, "protocol_whitelist", "http,https,tcp,tls", 0)
        let now = Clock.nowNanoseconds()
        let seconds = deadline > now ? Double(deadline - now) / 1e9 : 0.001
        hdrprobe_av_dict_set(&options, "rw_timeout", String(Int64(min(seconds, 60) * 1e6)), 0)
        hdrprobe_av_dict_set(&options, "timeout", String(Int64(min(seconds, 60) * 1e6)), 0)
        hdrprobe_av_dict_set(&options, "user_agent", "hdrprobe/\(ProbeEngine.version)", 0)
        if let range, let offset = range.offset {
            hdrprobe_av_dict_set(&options, "offset", String(offset), 0)
            hdrprobe_av_dict_set(&options, "end_offset", String(offset + range.length), 0)
        }
        var context: UnsafeMutablePointer<AVIOContext>?
        let rc = withExtendedLifetime(box) { hdrprobe_avio_open2(&context, url, AVIO_FLAG_READ, &callback, &options) }
        hdrprobe_av_dict_free(&options)
        guard rc >= 0, let context else {
            let detail = FFmpegLog.drain().first ?? ProbeEngine.describe(rc)
            if Clock.nowNanoseconds() > deadline {
                return .failure(ResourceFetchFailure.timedOut(url: url).error)
            }
            return .failure(ResourceFetchFailure.cannotFetch(url: url, detail: detail).error)
        }
        defer {
            var c: UnsafeMutablePointer<AVIOContext>? = context
            hdrprobe_avio_closep(&c)
        }
        let size = hdrprobe_avio_size(context)
        var wanted = range?.length ?? (size > 0 ? Int(size) : Int.max)
        if range != nil, size > 0 { wanted = min(wanted, Int(size)) }
        let limit = min(wanted, maxBytes)
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while bytes.count < limit {
            let want = Int32(min(chunk.count, limit - bytes.count))
            let n = withExtendedLifetime(box) { chunk.withUnsafeMutableBufferPointer { hdrprobe_avio_read(context, $0.baseAddress, want) } }
            if n == hdrprobe_averror_eof() || n == 0 { break }
            if n < 0 {
                if Clock.nowNanoseconds() > deadline {
                    return .failure(ResourceFetchFailure.timedOut(url: url).error)
                }
                return .failure(ResourceFetchFailure.cannotRead(url: url, detail: ProbeEngine.describe(n)).error)
            }
            bytes.append(contentsOf: chunk.prefix(Int(n)))
        }
        if bytes.isEmpty { return .failure(ResourceFetchFailure.noData(url: url).error) }
        let total = wanted == Int.max ? nil : wanted
        return .success(Fetched(bytes: bytes, totalSize: total ?? (bytes.count < limit ? bytes.count : nil),
                                truncated: bytes.count >= maxBytes && (total.map { $0 > bytes.count } ?? true)))
    }
    #else
    /// http(s) is read through libavformat: a build without FFmpeg cannot fetch it.
    private static func fetchURL(_ url: String, range: HLSByteRange?, maxBytes: Int,
                                 deadline: UInt64) -> Result<Fetched, ReportError> {
        .failure(ProbeFailureReason.ffmpegNotBuiltIn.error)
    }
    #endif
}
