/// The check-level sentences of `hls --check` and `dash --check` (the playlist or MPD as a whole,
/// a media playlist, a skipped Representation), as facts the engine's checkers hand over;
/// ``sentence`` writes them. `error` values are the sentences of the error met (a URI that does
/// not resolve, a parser's error, a fetch's report error).
package enum ManifestCheckMessage: Equatable, Sendable {
    /// The command-line argument does not name a playlist or MPD.
    case unresolvableArgument(argument: String, error: String)
    /// HLS: the argument's playlist does not parse; `isMediaPlaylist`: it is a Media Playlist.
    case playlistMalformed(argument: String, error: String, isMediaPlaylist: Bool)
    /// HLS: more variants than the check reads.
    case variantLimit(checked: Int, total: Int)
    /// DASH: more video Representations than the check reads.
    case representationLimit(checked: Int, total: Int)
    /// HLS: a media playlist cannot be fetched.
    case mediaPlaylistUnreadable(location: String, error: String)
    /// HLS: a media playlist does not parse.
    case mediaPlaylistMalformed(location: String, error: String)
    /// `hls --from-dash`: a Representation left out, and why.
    case representationSkipped(id: String, reason: MediaUnavailable)

    package var sentence: String {
        switch self {
        case let .unresolvableArgument(argument, error): return "\(argument): \(error)"
        case let .playlistMalformed(argument, error, isMedia):
            return "\(argument): \(error)" + (isMedia ? " (give the Multivariant Playlist that lists it)" : "")
        case let .variantLimit(checked, total): return "Only the first \(checked) of \(total) variants were checked."
        case let .representationLimit(checked, total): return "Only the first \(checked) of \(total) video Representations were checked."
        case let .mediaPlaylistUnreadable(location, error): return "Media playlist \(location): \(error)"
        case let .mediaPlaylistMalformed(location, error): return "Media playlist \(location), \(error)"
        case let .representationSkipped(id, reason): return "Representation \"\(id)\": \(reason.sentence)"
        }
    }
}
