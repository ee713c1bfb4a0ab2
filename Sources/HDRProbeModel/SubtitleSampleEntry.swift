/// The ISO BMFF sample entries of subtitle and timed-text tracks, with the codec names FFmpeg gives
/// them (libavformat's `mov` demuxer tags, as ffprobe 8.1 prints `codec_name`): `stpp` TTML / IMSC
/// (ISO/IEC 14496-30), `wvtt` WebVTT (ISO/IEC 14496-30), `tx3g` 3GPP timed text (3GPP TS 26.245).
/// A demuxer that does not know an entry (FFmpeg 5.1 reads `stpp` as a data stream with no codec)
/// still gets the stream reported as the subtitle it is.
package enum SubtitleSampleEntry {
    package static let codecNames: [String: String] = ["stpp": "ttml", "wvtt": "webvtt", "tx3g": "mov_text"]

    /// The codec name of a subtitle sample entry, nil for any other entry.
    package static func codecName(_ fourCC: String?) -> String? { fourCC.flatMap { codecNames[$0] } }
}
