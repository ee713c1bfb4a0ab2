/// Matroska `CodecID`s (RFC 9559 §5.1.4.1.21 and the Matroska codec mappings) and attachment media
/// types, with the name FFmpeg gives the codec (`avcodec_get_name`, what ffprobe prints as
/// `codec_name` and the report's `codec`). Only the mappings hdrprobe's own container reader
/// covers are listed, each checked against FFmpeg 5.1's matroska demuxer on files muxed by
/// mkvmerge and ffmpeg (`MatroskaContainerDemuxTests`); any other CodecID leaves the file to
/// libavformat.
package enum MatroskaCodecMapping {
    package enum Kind: Sendable { case video, audio, subtitle }

    /// CodecID → (kind, FFmpeg's codec name).
    package static let codecs: [String: (kind: Kind, name: String)] = [
        "V_MPEGH/ISO/HEVC": (.video, "hevc"),
        "V_MPEG4/ISO/AVC": (.video, "h264"),
        "V_AV1": (.video, "av1"),
        "V_VP9": (.video, "vp9"),
        "A_AAC": (.audio, "aac"),
        "A_AC3": (.audio, "ac3"),
        "A_EAC3": (.audio, "eac3"),
        "A_OPUS": (.audio, "opus"),
        "A_FLAC": (.audio, "flac"),
        "S_TEXT/UTF8": (.subtitle, "subrip"),
        "S_TEXT/ASS": (.subtitle, "ass"),
    ]

    /// Attachment media type → (FFmpeg's codec name, whether FFmpeg makes it an attached picture —
    /// a one-picture video stream — rather than an attachment stream).
    package static let attachments: [String: (name: String, picture: Bool)] = [
        "image/jpeg": ("mjpeg", true),
        "image/png": ("png", true),
        "application/x-truetype-font": ("ttf", false),
        "application/vnd.ms-opentype": ("otf", false),
    ]
}
