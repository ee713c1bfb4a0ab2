/// Why `hls --check` / `dash --check` could not reach or analyse a variant's first media, as
/// facts: the engine's fetchers hand these over and ``sentence`` writes the message of the
/// `hls.check.mediaUnavailable` / `dash.check.mediaUnavailable` finding. `error` values are the
/// sentences of the error that stopped it (a fetch's report error, a URI that does not resolve).
package enum MediaUnavailable: Equatable, Sendable {
    /// HLS: the variant's URI (on multivariant line `line`) does not resolve.
    case variantURI(line: Int, error: String)
    /// HLS: the media playlist cannot be read (its own sentence).
    case mediaPlaylist(error: String)
    /// HLS: the media playlist lists no segment.
    case noMediaSegment(playlist: String)
    /// HLS: a URI on `line` of the media playlist does not resolve.
    case playlistURI(playlist: String, line: Int, error: String)
    /// HLS: the init section (EXT-X-MAP) cannot be fetched.
    case initSection(error: String)
    /// HLS: the init section is larger than the check reads.
    case initSectionTooLarge(location: String, limit: Int)
    /// HLS: the first segment cannot be fetched.
    case firstSegment(error: String)
    /// DASH: the Representation's segments cannot be addressed (the addressing error's sentence).
    case addressing(error: String)
    /// DASH: the Representation addresses no media segment.
    case noRepresentationSegment
    /// DASH: the Initialization segment cannot be fetched.
    case initialization(error: String)
    /// DASH: the Initialization segment is larger than the check reads.
    case initializationTooLarge(description: String, limit: Int)
    /// DASH: the first media segment cannot be fetched.
    case firstMediaSegment(error: String)
    /// DASH: the segment index (`@indexRange`) cannot be fetched.
    case segmentIndex(error: String)
    /// DASH: the `@indexRange` bytes hold no readable `sidx`.
    case segmentIndexUnreadable(range: String, location: String, error: String)
    /// The first media was fetched but its probe failed (the probe's error sentence, if any).
    case notAnalysed(media: String, error: String?)
    /// The first media has no video stream to signal.
    case noVideo(media: String)

    package var sentence: String {
        switch self {
        case let .variantURI(line, error): return "Line \(line): \(error)"
        case let .mediaPlaylist(error): return error
        case let .noMediaSegment(playlist): return "\(playlist) lists no media segment."
        case let .playlistURI(playlist, line, error): return "\(playlist) line \(line): \(error)"
        case let .initSection(error): return "Init section: \(error)"
        case let .initSectionTooLarge(location, limit): return "Init section \(location) is larger than \(limit) bytes."
        case let .firstSegment(error): return "First segment: \(error)"
        case let .addressing(error): return error
        case .noRepresentationSegment: return "The Representation addresses no media segment."
        case let .initialization(error): return "Initialization: \(error)"
        case let .initializationTooLarge(description, limit): return "Initialization \(description) is larger than \(limit) bytes."
        case let .firstMediaSegment(error): return "First media segment: \(error)"
        case let .segmentIndex(error): return "Segment index (@indexRange): \(error)"
        case let .segmentIndexUnreadable(range, location, error):
            return "@indexRange \(range) of \(location) does not hold a readable sidx (\(error))."
        case let .notAnalysed(media, error): return "The first media (\(media)) cannot be analysed: \(error ?? "unknown error")."
        case let .noVideo(media): return "The first media (\(media)) has no video stream hdrprobe can signal."
        }
    }
}
