import HDRProbeManifests

// HLS playlists: the Multivariant Playlist (EXT-X-STREAM-INF, EXT-X-MEDIA, attribute lists,
// codec strings) and the head of a Media Playlist (EXT-X-MAP, first segment, byte ranges).
func fuzzTarget(_ data: [UInt8]) {
    for bom in [false, true] {
        consume(try? HLSMultivariantPlaylist.parse(bytes: data, allowByteOrderMark: bom))
        consume(try? HLSMediaPlaylistHead.parse(bytes: data, allowByteOrderMark: bom))
    }
}
