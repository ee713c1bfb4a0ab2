/// A Multivariant (Master) Playlist (RFC 8216 §4.3.4; "Multivariant" in
/// draft-pantos-hls-rfc8216bis), read for hdrprobe's HLS checks (`docs/rules/hls-signalling.md`
/// §5, §9–§16).
///
/// Grammar (RFC 8216 §4.1): lines end with LF or CR LF; blank lines and comments (`#` not followed
/// by `EXT`) are ignored anywhere, including between an EXT-X-STREAM-INF and its URI line; the text
/// is UTF-8 without a BOM; line 1 is `#EXTM3U` (§4.3.1.1). Tags read: EXT-X-VERSION (once),
/// EXT-X-INDEPENDENT-SEGMENTS, EXT-X-STREAM-INF + the URI line that must follow it,
/// EXT-X-I-FRAME-STREAM-INF, EXT-X-MEDIA, EXT-X-SESSION-DATA. Unknown tags are ignored (RFC 8216
/// §6.3.1); a Media Playlist tag (EXTINF, EXT-X-TARGETDURATION, …) is an error, since a playlist
/// cannot be both types. EXT-X-DEFINE variable substitution (rfc8216bis) is not performed.
///
/// Errors are ``HLSPlaylistError``s with the line number (and column where one position is at
/// fault); the first error stops the parse. Input is capped by ``HLSPlaylistLimits``.
package struct HLSMultivariantPlaylist: Sendable, Equatable, Codable {
    /// `EXT-X-VERSION`, when present.
    package var version: UInt64?
    package var independentSegments: Bool
    package var variants: [HLSVariantStream]
    package var iFrameVariants: [HLSIFrameVariantStream]
    package var renditions: [HLSRendition]
    package var sessionData: [HLSSessionData]
    /// Number of lines read.
    package var lineCount: Int

    package init(version: UInt64? = nil, independentSegments: Bool = false, variants: [HLSVariantStream] = [],
                iFrameVariants: [HLSIFrameVariantStream] = [], renditions: [HLSRendition] = [],
                sessionData: [HLSSessionData] = [], lineCount: Int = 0) {
        self.version = version
        self.independentSegments = independentSegments
        self.variants = variants
        self.iFrameVariants = iFrameVariants
        self.renditions = renditions
        self.sessionData = sessionData
        self.lineCount = lineCount
    }

    /// Parses playlist text. A leading U+FEFF is a byte order mark (refused unless
    /// `allowByteOrderMark`).
    package static func parse(_ text: String, allowByteOrderMark: Bool = false) throws(HLSPlaylistError) -> HLSMultivariantPlaylist {
        guard text.utf8.count <= HLSPlaylistLimits.maxBytes else {
            throw HLSPlaylistError(.limitExceeded, line: 1,
                                   "playlist is \(text.utf8.count) bytes, more than the \(HLSPlaylistLimits.maxBytes)-byte limit")
        }
        return try parse(bytes: Array(text.utf8), allowByteOrderMark: allowByteOrderMark)
    }

    /// Parses playlist bytes (UTF-8 is validated line by line).
    package static func parse(bytes: [UInt8], allowByteOrderMark: Bool = false) throws(HLSPlaylistError) -> HLSMultivariantPlaylist {
        let lines = try HLSPlaylistLine.split(bytes, allowByteOrderMark: allowByteOrderMark)
        try HLSPlaylistLine.checkHeader(lines)
        var playlist = HLSMultivariantPlaylist(lineCount: lines.count)
        var pending: (line: Int, attributes: HLSAttributeList)? = nil

        for line in lines.dropFirst() {
            if line.isBlank || line.isComment { continue }
            if line.isURI {
                guard let p = pending else {
                    throw HLSPlaylistError(.unexpectedURI, line: line.number, column: 1,
                                           "URI line '\(line.text.prefix(80))' is not preceded by #EXT-X-STREAM-INF")
                }
                playlist.variants.append(HLSVariantStream(line: p.line, attributes: p.attributes, uri: line.text,
                                                          uriLine: line.number))
                pending = nil
                continue
            }
            let name = line.tagName
            if let p = pending {
                throw HLSPlaylistError(.missingURI, line: p.line,
                                       "#EXT-X-STREAM-INF is not followed by a URI line (found #\(name) on line \(line.number))")
            }
            switch name {
            case "EXTM3U":
                throw HLSPlaylistError(.duplicateTag, line: line.number, "#EXTM3U appears again")
            case "EXT-X-VERSION":
                playlist.version = try HLSTagCatalog.version(line, previous: playlist.version)
            case "EXT-X-INDEPENDENT-SEGMENTS":
                playlist.independentSegments = true
            case HLSVariantStream.tag:
                let a = try line.attributeList()
                try HLSVariantStream.check(a, line: line.number)
                pending = (line.number, a)
            case HLSIFrameVariantStream.tag:
                let a = try line.attributeList()
                try HLSIFrameVariantStream.check(a, line: line.number)
                playlist.iFrameVariants.append(HLSIFrameVariantStream(line: line.number, attributes: a))
            case HLSRendition.tag:
                let a = try line.attributeList()
                try HLSRendition.check(a, line: line.number)
                playlist.renditions.append(HLSRendition(line: line.number, attributes: a))
            case HLSSessionData.tag:
                let a = try line.attributeList()
                try HLSSessionData.check(a, line: line.number)
                playlist.sessionData.append(HLSSessionData(line: line.number, attributes: a))
            default:
                if HLSTagCatalog.mediaPlaylistTags.contains(name) {
                    throw HLSPlaylistError(.mediaPlaylistTag, line: line.number, column: 1,
                                           "#\(name) is a Media Playlist tag: this is a Media Playlist, not a Multivariant Playlist")
                }
            }
        }
        if let p = pending {
            throw HLSPlaylistError(.missingURI, line: p.line, "#EXT-X-STREAM-INF is not followed by a URI line (end of playlist)")
        }
        return playlist
    }
}
