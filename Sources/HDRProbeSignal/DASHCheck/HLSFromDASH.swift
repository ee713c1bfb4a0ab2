import HDRProbeBytes
import HDRProbeModel
import HDRProbeManifests

/// `hdrprobe hls --from-dash`: the HLS playlists a DASH-to-HLS bridge should write
/// (`docs/rules/dash-manifests.md` §4, `docs/rules/dash-signalling.md` §2). One `#EXT-X-STREAM-INF` per
/// video Representation with hdrprobe's own signalling for its probed media (CODECS, SUPPLEMENTAL-CODECS,
/// VIDEO-RANGE, FRAME-RATE, RESOLUTION — the `hls` decision; the MPD's attributes through
/// ``DASHBridgeVariant`` only when the media could not be probed), BANDWIDTH = `@bandwidth` (the
/// measured peak when it is 0) plus the audio group's highest; audio AdaptationSets as
/// `#EXT-X-MEDIA:TYPE=AUDIO` renditions of one group. Each media playlist has `#EXT-X-MAP` (with
/// BYTERANGE for a range), one `#EXTINF` (+ `#EXT-X-BYTERANGE`) per segment of the timeline, and for
/// `cbcs` media `#EXT-X-KEY:METHOD=SAMPLE-AES` (FairPlay key URI `skd://<KID>`); media encrypted otherwise
/// gets no key line and a `dash.hls.cencNotTranslated` finding.
package enum HLSFromDASH {
    package struct Video: Sendable {
        package var context: RepresentationContext
        package var segments: RepresentationSegments
        /// hdrprobe's HLS signalling of the probed media, nil when it could not be probed.
        package var signalling: HLSReport?
        package var encryption: EncryptionReport?
        /// Measured peak bit rate of the media (bits/s), for a `@bandwidth` of 0.
        package var measuredBandwidth: Int?

        package init(context: RepresentationContext, segments: RepresentationSegments, signalling: HLSReport?,
                     encryption: EncryptionReport?, measuredBandwidth: Int?) {
            self.context = context
            self.segments = segments
            self.signalling = signalling
            self.encryption = encryption
            self.measuredBandwidth = measuredBandwidth
        }
    }

    package struct Audio: Sendable {
        package var context: RepresentationContext
        package var segments: RepresentationSegments

        package init(context: RepresentationContext, segments: RepresentationSegments) {
            self.context = context
            self.segments = segments
        }
    }

    package struct Output: Sendable, Equatable {
        /// File name → playlist text; `master.m3u8` is the Multivariant Playlist.
        package var files: [String: String]
        package var findings: [DASHCheckFinding]
    }

    package static let audioGroup = "audio"

    /// `uri` turns a segment location into the URI written in a playlist (relative to the output folder).
    package static func translate(videos: [Video], audios: [Audio], dynamic: Bool,
                                  uri: (HLSResourceLocation) -> String) -> Output {
        var files: [String: String] = [:]
        var findings: [DASHCheckFinding] = []
        var master = ["#EXTM3U", "#EXT-X-VERSION:7", "#EXT-X-INDEPENDENT-SEGMENTS"]
        let audioCodecs = Array(Set(audios.compactMap { $0.context.common.codecs?.trimmedXMLSpace })).sorted()
        let audioPeak = audios.compactMap(\.context.representation.bandwidth).max() ?? 0
        for (i, audio) in audios.enumerated() {
            let name = "audio_\(fileSafe(audio.context.representation.id))_\(i).m3u8"
            files[name] = mediaPlaylist(audio.segments, key: nil, dynamic: dynamic, uri: uri)
            let language = audio.context.adaptationSet.lang.map { ",LANGUAGE=\"\($0)\"" } ?? ""
            master.append("#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID=\"\(audioGroup)\",NAME=\"\(audio.context.adaptationSet.lang ?? audio.context.representation.id)\(audios.count > 1 ? " \(i + 1)" : "")\"\(language),DEFAULT=\(i == 0 ? "YES" : "NO"),AUTOSELECT=YES,URI=\"\(name)\"")
        }
        for (i, video) in videos.enumerated() {
            let name = "video_\(fileSafe(video.context.representation.id))_\(i).m3u8"
            var key: String?
            if let encryption = video.encryption {
                if encryption.scheme == "cbcs", let kid = encryption.defaultKID {
                    key = "#EXT-X-KEY:METHOD=SAMPLE-AES,URI=\"skd://\(kid.lowercased().filter { $0 != "-" })\",KEYFORMAT=\"com.apple.streamingkeydelivery\",KEYFORMATVERSIONS=\"1\""
                } else {
                    findings.append(DASHCheckFinding(.dashCencNotTranslated, line: video.context.representation.line, attribute: "ContentProtection@value",
                                                     declared: encryption.scheme, expected: "cbcs",
                                                     "Representation \"\(video.context.representation.id)\" is encrypted with '\(encryption.scheme ?? "?")'; Apple's HLS stack decrypts only 'cbcs' (SAMPLE-AES), so no key line is written and the variant will not play on Apple devices."))
                }
            }
            files[name] = mediaPlaylist(video.segments, key: key, dynamic: dynamic, uri: uri)
            master.append("#EXT-X-STREAM-INF:" + streamInf(video, audioCodecs: audioCodecs, audioPeak: audioPeak, hasAudio: !audios.isEmpty))
            master.append(name)
        }
        files["master.m3u8"] = master.joined(separator: "\n") + "\n"
        return Output(files: files, findings: findings)
    }

    /// The STREAM-INF attributes: hdrprobe's signalling of the media, else the MPD's own through the bridge rules.
    package static func streamInf(_ video: Video, audioCodecs: [String], audioPeak: Int, hasAudio: Bool) -> String {
        var bridge = DASHBridgeVariant(video.context)
        let declared = video.context.representation.bandwidth ?? 0
        bridge.bandwidth = (declared > 0 ? declared : video.measuredBandwidth ?? 0) + audioPeak
        if let hls = video.signalling {
            bridge.codecs = HLSCodecs(parsing: hls.codecs).codecs.first
            bridge.supplementalCodecs = hls.supplementalCodecs
            bridge.videoRange = hls.videoRange
            bridge.frameRate = hls.frameRate ?? bridge.frameRate
            bridge.resolution = hls.resolution
        }
        return bridge.attributeList(audioCodecs: audioCodecs, audioGroup: hasAudio ? audioGroup : nil)
    }

    /// One media playlist: EXT-X-MAP, the key, then EXTINF (+ BYTERANGE) per segment (RFC 8216 §4.3.2).
    package static func mediaPlaylist(_ segments: RepresentationSegments, key: String?, dynamic: Bool,
                              uri: (HLSResourceLocation) -> String) -> String {
        let durations = segments.media.map { $0.duration ?? 0 }
        let target = Int((durations.max() ?? 1).rounded(.up))
        var lines = ["#EXTM3U", "#EXT-X-VERSION:7", "#EXT-X-TARGETDURATION:\(max(1, target))", "#EXT-X-MEDIA-SEQUENCE:0"]
        if !dynamic { lines.append("#EXT-X-PLAYLIST-TYPE:VOD") }
        lines.append("#EXT-X-INDEPENDENT-SEGMENTS")
        if let initialization = segments.initialization {
            lines.append("#EXT-X-MAP:URI=\"\(uri(initialization.location))\"" + (initialization.range.map { ",BYTERANGE=\"\($0.hls)\"" } ?? ""))
        }
        if let key { lines.append(key) }
        for segment in segments.media {
            lines.append("#EXTINF:\(decimal(segment.duration ?? 0)),")
            if let range = segment.range { lines.append("#EXT-X-BYTERANGE:\(range.hls)") }
            lines.append(uri(segment.location))
        }
        if !dynamic { lines.append("#EXT-X-ENDLIST") }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Seconds with up to six decimals, trailing zeros dropped (`2`, `0.32`).
    package static func decimal(_ seconds: Double) -> String {
        let micro = Int((seconds * 1_000_000).rounded())
        var fraction = CodecStringFormatting.decimal(micro % 1_000_000, width: 6)
        while fraction.hasSuffix("0") { fraction.removeLast() }
        return "\(micro / 1_000_000)" + (fraction.isEmpty ? "" : "." + fraction)
    }

    package static func fileSafe(_ id: String) -> String {
        String(id.map { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") ? $0 : "_" })
    }
}
