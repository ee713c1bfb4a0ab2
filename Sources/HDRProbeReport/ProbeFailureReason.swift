import HDRProbeModel

/// Why a file could not be analysed, as facts: the engine (file system, libavformat, hdrprobe's
/// own header walk) hands these over and ``error`` writes the report's `error` — its code and its
/// sentence (docs/report-contract.md, "Errors").
package enum ProbeFailureReason: Equatable, Sendable {
    /// The path does not name a file (`ENOENT`, `ENOTDIR`).
    case noSuchFile(path: String)
    /// The file cannot be read for lack of permission.
    case permissionDenied(path: String)
    /// `stat` failed for another reason (`strerror`'s text).
    case cannotStat(path: String, reason: String)
    case isDirectory(path: String)
    /// A FIFO, socket or device.
    case notRegularFile(path: String)
    /// `open` failed for another reason (`strerror`'s text).
    case cannotOpen(path: String, reason: String)
    case empty(path: String)
    /// A still image, by its signature's name (`png`).
    case image(path: String, format: String)
    /// libavformat cannot open a file whose first bytes are no known media signature; `detail`
    /// is libavformat's own message.
    case notMedia(detail: String)
    /// libavformat cannot open a file the header walk found cut short.
    case truncated(ContainerTruncation, detail: String)
    /// An MP4 whose `moov` is present but libavformat cannot read it; the header walk's first issue.
    case movieHeaderUnreadable(firstIssue: ContainerStructureIssue?, detail: String)
    /// Matroska or ISO BMFF headers libavformat cannot read, with no truncation seen by the walk.
    case headersUnreadable(detail: String)
    /// Anything else libavformat refuses.
    case demuxFailed(detail: String)
    /// The time limit was reached while libavformat opened the file.
    case openTimedOut(seconds: Double)
    /// FFmpeg's libraries cannot be loaded: the loader's reason and the library files it looks for.
    case ffmpegUnavailable(reason: String, libraries: [String])
    /// The file needs libavformat and this build has none (the FFmpeg package trait is off).
    case ffmpegNotBuiltIn
    /// A fragmented-MP4 media segment (`moof`/`mdat`) without its init segment.
    case mediaSegmentWithoutInit
    /// No known signature and no audio or video stream.
    case noAudioOrVideo
    case noStreams
    /// No stream could be read; the header walk's first structure issue.
    case noReadableStreams(firstIssue: ContainerStructureIssue)

    /// The report's error: its stable code and sentence, and libavformat's words apart.
    package var error: ReportError {
        ReportError(code, message, detail: detail)
    }

    /// libavformat's message, for the reasons it gave one.
    package var detail: String? {
        switch self {
        case let .notMedia(d), let .truncated(_, d), let .movieHeaderUnreadable(_, d), let .headersUnreadable(d), let .demuxFailed(d):
            return d.isEmpty ? nil : d
        default:
            return nil
        }
    }

    package var code: ErrorCode {
        switch self {
        case .noSuchFile: return .notFound
        case .permissionDenied: return .permissionDenied
        case .cannotStat, .notRegularFile, .cannotOpen: return .readFailed
        case .isDirectory: return .isDirectory
        case .empty: return .empty
        case .image, .notMedia, .noAudioOrVideo: return .unrecognized
        case .truncated, .headersUnreadable: return .containerTruncated
        case .movieHeaderUnreadable, .noReadableStreams: return .containerMalformed
        case .demuxFailed: return .demuxFailed
        case .openTimedOut: return .timeout
        case .ffmpegUnavailable, .ffmpegNotBuiltIn: return .ffmpegUnavailable
        case .mediaSegmentWithoutInit: return .mediaSegmentWithoutInit
        case .noStreams: return .noStreams
        }
    }

    package var message: String {
        switch self {
        case let .noSuchFile(path): return "No such file: \(path)"
        case let .permissionDenied(path): return "Permission denied: \(path)"
        case let .cannotStat(path, reason): return "Cannot stat \(path): \(reason)"
        case let .isDirectory(path): return "\(path) is a directory; give the media files in it"
        case let .notRegularFile(path): return "\(path) is not a regular file"
        case let .cannotOpen(path, reason): return "Cannot open \(path): \(reason)"
        case let .empty(path): return "\(path) is empty (0 bytes)"
        case let .image(path, format):
            return "\(path) is a \(format.uppercased()) image, not a video container"
        case .notMedia:
            return "Not a recognised media container"
        case let .truncated(truncation, _):
            return "The file is cut short: \(truncation.sentence)"
        case let .movieHeaderUnreadable(issue, _):
            return "The movie header is present but cannot be read\(issue.map { ": \($0.sentence)" } ?? "")"
        case .headersUnreadable:
            return "The container headers cannot be read; the file is probably cut short"
        case .demuxFailed:
            return "libavformat cannot read the file"
        case let .openTimedOut(seconds):
            return "Time limit of \(seconds) s reached while opening the file"
        case let .ffmpegUnavailable(reason, libraries):
            return "FFmpeg's libraries cannot be loaded (\(reason)); hdrprobe needs \(libraries.joined(separator: ", ")) to read media files: install the FFmpeg shared libraries of those names (the FFmpeg hdrprobe was built with), or name the folder that holds them in HDRPROBE_FFMPEG_DIR"
        case .ffmpegNotBuiltIn:
            return "This file needs FFmpeg, and this hdrprobe was built without it (the FFmpeg package trait is off): its own container readers do not cover it"
        case .mediaSegmentWithoutInit:
            return "This is a fragmented-MP4 media segment (moof/mdat) without its init segment (ftyp + moov): it has no sample entry, so nothing can be decoded or analysed on its own. Probe the init segment, or the init segment and this segment joined (cat init.mp4 seg.m4s > joined.mp4); an HLS playlist names the init in #EXT-X-MAP, a DASH MPD in SegmentTemplate@initialization."
        case .noAudioOrVideo:
            return "Not a recognised media container: no audio or video streams"
        case .noStreams:
            return "The container holds no streams"
        case let .noReadableStreams(issue):
            return "No streams could be read: \(issue.sentence)"
        }
    }
}
