/// Caps that keep the HLS playlist parsers bounded on hostile input (hdrprobe decisions; RFC 8216
/// sets no limits). Real multivariant playlists are a few hundred lines of a few hundred
/// characters; media playlists of long VOD titles reach tens of thousands of lines, and the media
/// reader stops at the first segment anyway. Work is linear in the input, which is refused
/// beyond ``maxBytes``.
package enum HLSPlaylistLimits {
    /// Largest accepted playlist, in bytes (16 MiB).
    package static let maxBytes = 16 * 1024 * 1024
    /// Most lines read (a line past this is an error).
    package static let maxLines = 200_000
    /// Longest line, in UTF-8 bytes, without its line terminator (64 KiB: long tokenised URIs fit).
    package static let maxLineLength = 65_536
    /// Most attributes in one attribute list (the longest standard tag, EXT-X-STREAM-INF, defines 14).
    package static let maxAttributesPerList = 128
    /// Most segments of one Media Playlist a whole-presentation check walks (a day at 2-second
    /// segments fits).
    package static let maxSegments = 50_000
}
