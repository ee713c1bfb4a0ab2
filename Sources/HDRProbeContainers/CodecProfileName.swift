
/// FFmpeg's names of codec profiles (what ffprobe prints as `profile` and the report's `profile`),
/// for the codecs hdrprobe's own readers describe, so that naming a profile never needs FFmpeg
/// loaded. The names and numbers are FFmpeg's (libavcodec's profile tables, `AV_PROFILE_*`), as
/// of FFmpeg 7.1 (HEVC 6 and 9 and AAC 41 are not named by FFmpeg 5.1); `CodecProfileNameTests`
/// checks the table against whichever libavcodec is loaded. Codecs not listed
/// here are named by libavcodec when it is loaded (files libavformat read), else not at all.
package enum CodecProfileName {
    package static let table: [StreamCodec: [Int32: String]] = [
        .hevc: [1: "Main", 2: "Main 10", 3: "Main Still Picture", 4: "Rext", 6: "Multiview Main", 9: "Scc"],
        .h264: [66: "Baseline", 578: "Constrained Baseline", 77: "Main", 88: "Extended",
                                    100: "High", 110: "High 10", 2158: "High 10 Intra", 122: "High 4:2:2",
                                    2170: "High 4:2:2 Intra", 144: "High 4:4:4", 244: "High 4:4:4 Predictive",
                                    2292: "High 4:4:4 Intra", 44: "CAVLC 4:4:4", 118: "Multiview High",
                                    128: "Stereo High"],
        .av1: [0: "Main", 1: "High", 2: "Professional"],
        .vp9: [0: "Profile 0", 1: "Profile 1", 2: "Profile 2", 3: "Profile 3"],
        .aac: [0: "Main", 1: "LC", 2: "SSR", 3: "LTP", 4: "HE-AAC", 22: "LD", 28: "HE-AACv2", 38: "ELD", 41: "xHE-AAC"],
    ]

    /// The profile's name from the table (libavformat's streams carry libavcodec's own name,
    /// ``DemuxedStream/profileName``, for the codecs not listed).
    package static func name(codec: StreamCodec?, profile: Int32) -> String? {
        guard profile >= 0 else { return nil }
        // FFmpeg names no VP8 profile: ffprobe prints the number (RFC 6386 §9.1 defines 0…3).
        if codec == .vp8 { return profile <= 3 ? String(profile) : nil }
        guard let codec, let names = table[codec] else { return nil }
        return names[profile]
    }
}
